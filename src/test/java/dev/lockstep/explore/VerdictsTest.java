package dev.lockstep.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.protocol.lme.LmeVariant;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * One wording of a search's extent and storage for the command line and the window, read from the
 * result alone: which bound stopped it (and the option that sets it, on the command line), how far
 * it is complete, what it left out; fingerprints with their collision bound or full states; counts
 * up to symmetry or not.
 */
class VerdictsTest {
    /** The pair's first six states (ExplorerTest's twoOrdersOfTheSameCallsAreOneState): complete to depth 1. */
    @Test
    void theStateBoundSaysWhereItCut() {
        ExplorationResult r = new Explorer(LmeStarts.pair(LmeVariant.CORRECTED, 2), ExplorerSettings.defaults().withMaxStates(6)).run();
        assertEquals(ExplorationResult.Stop.MAX_STATES, r.stop());
        assertEquals("no violation within the bounds; bounds reached: 6 states (--max-states) while expanding depth 1;"
                + " complete to depth 1: every schedule of at most 1 steps was tried; not expanded: the rest of the states 1 steps"
                + " away and all deeper ones", Verdicts.clean(r, Verdicts.Wording.CLI));
        assertEquals("bounds reached: 6 states while expanding depth 1; complete to depth 1: every schedule of at most 1 rounds"
                + " was tried; not expanded: the rest of the states 1 rounds away and all deeper ones", Verdicts.extent(r, Verdicts.Wording.WINDOW));
        assertEquals("full states (exact)", Verdicts.storage(r), "no reduction asked for, none named");
    }

    @Test
    void theDepthBoundSaysWhatWasFoundButNotExpanded() {
        ExplorationResult r = new Explorer(LmeStarts.pair(LmeVariant.CORRECTED, 2), ExplorerSettings.defaults().withMaxDepth(4)).run();
        assertEquals(ExplorationResult.Stop.MAX_DEPTH, r.stop());
        int[] levels = r.levelSizes();
        assertEquals(5, levels.length);
        assertEquals(String.format(Locale.ROOT, "bounds reached: depth 4 (--depth); complete to depth 4: every schedule of at most 4"
                + " steps was tried; not explored: the %,d states 4 steps away (found and checked, not expanded) and all beyond",
                levels[4]), Verdicts.bounds(r, Verdicts.Wording.CLI));
    }

    /** The printed pair's flaws: the extent of a search that found something; fingerprints and symmetry named. */
    @Test
    void anExhaustedSearchIsCompleteAndSaysHowItStoredStates() {
        ExplorationResult r = new Explorer(LmeStarts.pair(LmeVariant.PAPER, 2),
                ExplorerSettings.defaults().withReductions(Reductions.all(1))).run();
        assertTrue(r.exhausted());
        assertFalse(r.clean());
        assertEquals("complete to depth " + r.maxDepth() + " (every reachable state within the bounds expanded)",
                Verdicts.extent(r, Verdicts.Wording.WINDOW));
        String s = Verdicts.storage(r);
        assertTrue(s.startsWith("64-bit fingerprints, "), s);
        assertTrue(s.contains(String.format(Locale.ROOT, "; P(two states shared one) <= %.1e", r.collisionProbabilityBound())), s);
        assertTrue(s.endsWith("; states equal up to a renaming of the nodes counted once (symmetry)"), s);

        ExplorationResult clean = new Explorer(LmeStarts.pair(LmeVariant.CORRECTED, 2),
                ExplorerSettings.defaults().withReductions(Reductions.all(1).withSymmetry(false))).run();
        assertTrue(clean.exhausted() && clean.clean());
        assertEquals(String.format(Locale.ROOT, "no violation: %,d states, complete to depth %d (every reachable state within the"
                + " bounds expanded)", clean.states(), clean.maxDepth()), Verdicts.clean(clean, Verdicts.Wording.CLI));
        assertFalse(Verdicts.storage(clean).contains("symmetry"), Verdicts.storage(clean));
    }
}
