package dev.lockstep.explore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.protocol.lme.LmeVariant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The depth bound, progress reports and cancelling: what {@code check} and "Explore from here…" rely on. */
class ExplorationBoundsTest {
    private static ExplorerSettings pairSettings() {
        return ExplorerSettings.defaults().withLockCalls(1).withTopologyChanges(1, new int[] {0, 1});
    }

    private static ExplorationResult explore(ExplorerSettings s, ExplorationMonitor m) {
        return new Explorer(LmeStarts.pair(LmeVariant.PAPER, 2), s).run(m);
    }

    /** A depth bound D keeps exactly the first D + 1 levels of the unbounded search and its findings of length ≤ D. */
    @Test
    void depthBoundKeepsTheFirstLevels() {
        ExplorationResult full = explore(pairSettings(), ExplorationMonitor.NONE);
        assertTrue(full.exhausted(), full.summary());
        int d = 9;
        assertTrue(full.maxDepth() > d + 2, full.summary());
        ExplorationResult bounded = explore(pairSettings().withMaxDepth(d), ExplorationMonitor.NONE);
        assertEquals(ExplorationResult.Stop.MAX_DEPTH, bounded.stop());
        assertFalse(bounded.exhausted());
        assertEquals(d, bounded.completeDepth());
        assertEquals(d, bounded.maxDepth());
        assertArrayEquals(Arrays.copyOf(full.levelSizes(), d + 1), bounded.levelSizes());
        assertEquals(Arrays.stream(bounded.levelSizes()).sum(), bounded.states());
        List<String> expected = new ArrayList<>();
        for (Finding f : full.findings()) if (f.length() <= d) expected.add(f.check() + "@" + f.length());
        List<String> got = new ArrayList<>();
        for (Finding f : bounded.findings()) got.add(f.check() + "@" + f.length());
        assertEquals(expected, got);
    }

    /** A bound no path reaches changes nothing. */
    @Test
    void aDepthBoundBeyondTheSpaceIsExhaustive() {
        ExplorationResult full = explore(pairSettings(), ExplorationMonitor.NONE);
        ExplorationResult wide = explore(pairSettings().withMaxDepth(full.maxDepth() + 1), ExplorationMonitor.NONE);
        assertEquals(ExplorationResult.Stop.EXHAUSTED, wide.stop());
        assertEquals(full.states(), wide.states());
        assertEquals(full.transitions(), wide.transitions());
    }

    /** Progress is reported with growing counts and the last report equals the result; watching changes nothing. */
    @Test
    void progressIsMonotoneAndEndsAtTheResult() {
        ExplorationResult quiet = explore(pairSettings(), ExplorationMonitor.NONE);
        List<ExplorationProgress> seen = new ArrayList<>();
        ExplorationResult watched = explore(pairSettings(), new ExplorationMonitor() {
            @Override
            public void progress(ExplorationProgress p) {
                seen.add(p);
            }
        });
        assertEquals(quiet.states(), watched.states());
        assertEquals(quiet.transitions(), watched.transitions());
        assertArrayEquals(quiet.levelSizes(), watched.levelSizes());
        assertEquals(quiet.findingCounts(), watched.findingCounts());
        // One report per level end at least, plus one per PROGRESS_EVERY transitions, plus the last.
        assertTrue(seen.size() >= quiet.maxDepth() + quiet.transitions() / ExplorationMonitor.PROGRESS_EVERY, "" + seen.size());
        for (int i = 1; i < seen.size(); i++) {
            assertTrue(seen.get(i).states() >= seen.get(i - 1).states());
            assertTrue(seen.get(i).transitions() >= seen.get(i - 1).transitions());
            assertTrue(seen.get(i).depth() >= seen.get(i - 1).depth());
            assertTrue(seen.get(i).findings() >= seen.get(i - 1).findings());
        }
        ExplorationProgress last = seen.get(seen.size() - 1);
        assertEquals(quiet.states(), last.states());
        assertEquals(quiet.transitions(), last.transitions());
        assertEquals(0, last.frontier());
        int steps = quiet.findingCounts().values().stream().mapToInt(Integer::intValue).sum();
        assertEquals(steps, last.findings());
    }

    /** A cancel stops the search early, says so, and keeps the findings made before it. */
    @Test
    void cancellingStopsAndSaysSo() {
        ExplorationResult quiet = explore(pairSettings(), ExplorationMonitor.NONE);
        assertTrue(quiet.transitions() > 3L * ExplorationMonitor.PROGRESS_EVERY, quiet.summary());
        int[] reports = {0};
        ExplorationResult cut = explore(pairSettings(), new ExplorationMonitor() {
            @Override
            public void progress(ExplorationProgress p) {
                reports[0]++;
            }

            @Override
            public boolean cancelled() {
                return reports[0] >= 2;
            }
        });
        assertEquals(ExplorationResult.Stop.CANCELLED, cut.stop());
        assertFalse(cut.exhausted());
        assertTrue(cut.states() < quiet.states(), cut.summary());
        assertTrue(cut.transitions() < quiet.transitions(), cut.summary());
        for (Finding f : cut.findings()) assertTrue(f.length() <= cut.maxDepth() + 1);
    }

    @Test
    void maxStatesSaysWhichBound() {
        ExplorationResult r = explore(pairSettings().withMaxStates(50), ExplorationMonitor.NONE);
        assertEquals(ExplorationResult.Stop.MAX_STATES, r.stop());
        assertEquals(50, r.states());
    }
}
