package dev.lockstep.explore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.Violation;
import dev.lockstep.protocol.lme.LmeVariant;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Symmetry and partial-order reduction never change the verdict: on random small scenarios, the
 * same checks fire with the same shortest lengths, the same depth is completed, and the states
 * are the orbits (symmetry) or the very same states (partial order) of the plain search.
 */
class ReductionProperties {

    @Provide
    Arbitrary<ReductionScenario> lme() {
        Arbitrary<LmeVariant> variant = Arbitraries.of(LmeVariant.PAPER, LmeVariant.CORRECTED, LmeVariant.CORRECTED_UNSCOPED);
        return Combinators.combine(variant, Arbitraries.integers().between(2, 4), Arbitraries.integers().between(0, 0xFFFF),
                Arbitraries.integers().between(0, 0xFFFF), Arbitraries.integers().between(0, 1), Arbitraries.of(true, false),
                Arbitraries.integers().between(4, 9))
                .as((v, n, edges, potential, topology, unlock, depth) ->
                        new ReductionScenario(v, n, edges, potential, 1, unlock, topology, n == 4 ? Math.min(depth, 7) : depth));
    }

    @Provide
    Arbitrary<ReductionScenario> ricartAgrawala() {
        return Combinators.combine(Arbitraries.integers().between(2, 3), Arbitraries.integers().between(4, 9))
                .as((n, depth) -> new ReductionScenario(null, n, 0, 0, 1, true, 0, depth));
    }

    @Provide
    Arbitrary<ReductionScenario> anyProtocol() {
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(4, lme()), net.jqwik.api.Tuple.of(1, ricartAgrawala()));
    }

    /**
     * Symmetry on vs off: the same first findings and completeness; the states with symmetry are
     * the orbits of the states without, depth by depth (counted by trying every permutation);
     * each finding's path replays to its violation.
     */
    @Property(tries = 40)
    void symmetryKeepsOneStatePerOrbit(@ForAll("lme") ReductionScenario sc) {
        Simulation start = sc.start();
        Explorer plainExplorer = new Explorer(start, sc.settings(Reductions.NONE));
        ExplorationResult plain = plainExplorer.run();
        ExplorationResult sym = new Explorer(start, sc.settings(Reductions.NONE.withSymmetry(true))).run();
        assertTrue(sym.reductions().symmetry(), "LME allows symmetry");
        assertNull(sym.symmetryRefusal());
        assertEquals(ReductionScenario.firstLengths(plain), ReductionScenario.firstLengths(sym), sc + "\n" + plain + "\n" + sym);
        assertEquals(plain.stop(), sym.stop());
        assertEquals(plain.completeDepth(), sym.completeDepth());
        List<ExploredStates.State> states = ExploredStates.of(plainExplorer, start, sc.settings(Reductions.NONE));
        assertEquals(plain.states(), ExploredStates.distinct(states), "the test's description of a state is exact");
        int[] orbits = ExploredStates.orbitsByDepth(states, sc.settings(Reductions.NONE).potentialEdges());
        assertArrayEquals(orbits, sym.levelSizes(), sc.toString());
        assertTrue(sym.states() <= plain.states());
        Statistics.label("symmetry merged states").collect(sym.states() < plain.states());
        Statistics.label("a finding").collect(!plain.firstFindings().isEmpty());
        for (Finding f : sym.firstFindings().values()) assertReplays(f);
    }

    /** Ricart-Agrawala names its nodes: symmetry is refused and the search is the plain one. */
    @Property(tries = 4)
    void symmetryIsANoOpForProtocolsWithIds(@ForAll("ricartAgrawala") ReductionScenario sc) {
        ExplorationResult plain = new Explorer(sc.start(), sc.settings(Reductions.NONE)).run();
        ExplorationResult sym = new Explorer(sc.start(), sc.settings(Reductions.NONE.withSymmetry(true))).run();
        assertFalse(sym.reductions().symmetry());
        assertEquals("ricart-agrawala is not anonymous", sym.symmetryRefusal());
        assertEquals(plain.states(), sym.states());
        assertEquals(plain.transitions(), sym.transitions());
        assertArrayEquals(plain.levelSizes(), sym.levelSizes());
        assertEquals(ReductionScenario.firstLengths(plain), ReductionScenario.firstLengths(sym));
    }

    /**
     * Partial order on vs off: the very same states at each depth, the same first findings, no
     * more transitions; with symmetry as well, the same orbits as symmetry alone.
     */
    @Property(tries = 50)
    void partialOrderKeepsEveryStateAtItsDepth(@ForAll("anyProtocol") ReductionScenario sc) {
        Simulation start = sc.start();
        Explorer plainExplorer = new Explorer(start, sc.settings(Reductions.NONE));
        ExplorationResult plain = plainExplorer.run();
        Explorer porExplorer = new Explorer(start, sc.settings(Reductions.NONE.withPartialOrder(true)));
        ExplorationResult por = porExplorer.run();
        assertTrue(por.reductions().partialOrder());
        assertEquals(ExploredStates.keysByDepth(ExploredStates.of(plainExplorer, start, sc.settings(Reductions.NONE))),
                ExploredStates.keysByDepth(ExploredStates.of(porExplorer, start, sc.settings(Reductions.NONE))), sc.toString());
        assertArrayEquals(plain.levelSizes(), por.levelSizes());
        assertEquals(ReductionScenario.firstLengths(plain), ReductionScenario.firstLengths(por), sc + "\n" + plain + "\n" + por);
        assertEquals(plain.stop(), por.stop());
        assertEquals(plain.completeDepth(), por.completeDepth());
        assertTrue(por.transitions() <= plain.transitions(), plain.transitions() + " < " + por.transitions());
        Statistics.label("fewer transitions").collect(por.transitions() < plain.transitions());
        Statistics.label("a finding").collect(!plain.firstFindings().isEmpty());
        for (Finding f : por.firstFindings().values()) assertReplays(f);
        if (sc.variant() != null) {
            ExplorationResult sym = new Explorer(start, sc.settings(Reductions.NONE.withSymmetry(true))).run();
            ExplorationResult both = new Explorer(start, sc.settings(Reductions.NONE.withSymmetry(true).withPartialOrder(true))).run();
            assertArrayEquals(sym.levelSizes(), both.levelSizes(), sc.toString());
            assertEquals(ReductionScenario.firstLengths(plain), ReductionScenario.firstLengths(both));
            assertTrue(both.transitions() <= sym.transitions());
        }
    }

    /**
     * The paper pair with a cut or a link: flaw 1's deadlock and waits-for cycle are found at the
     * same shortest lengths with each reduction and both.
     */
    @Example
    void theChecksOfThePaperPairFireAtTheSameLengths() {
        ExplorerSettings s = ExplorerSettings.defaults().withLockCalls(1).withTopologyChanges(1, new int[] {0, 1});
        Simulation start = LmeStarts.pair(LmeVariant.PAPER, 2);
        ExplorationResult plain = new Explorer(start, s).run();
        assertEquals(java.util.Map.of("acyclic-dependencies", 22, "deadlock", 18), ReductionScenario.firstLengths(plain));
        for (Reductions r : List.of(Reductions.NONE.withSymmetry(true), Reductions.NONE.withPartialOrder(true),
                Reductions.NONE.withSymmetry(true).withPartialOrder(true))) {
            ExplorationResult reduced = new Explorer(start, s.withReductions(r)).run();
            assertEquals(ReductionScenario.firstLengths(plain), ReductionScenario.firstLengths(reduced), r.toString());
            assertTrue(reduced.exhausted());
            assertEquals(plain.maxDepth(), reduced.maxDepth());
            assertEquals(r.symmetry() ? 10_535 : plain.states(), reduced.states(), r.toString());
            for (Finding f : reduced.firstFindings().values()) assertReplays(f);
        }
    }

    /** Two nodes far apart: each interleaving of their independent steps is tried once. */
    @Example
    void partialOrderTakesFewerTransitionsOnIndependentNodes() {
        ReductionScenario sc = new ReductionScenario(LmeVariant.CORRECTED, 3, 0, 0, 1, true, 0, 8);
        ExplorationResult plain = new Explorer(sc.start(), sc.settings(Reductions.NONE)).run();
        ExplorationResult por = new Explorer(sc.start(), sc.settings(Reductions.NONE.withPartialOrder(true))).run();
        assertEquals(plain.states(), por.states());
        assertTrue(por.transitions() < plain.transitions(), plain.transitions() + " vs " + por.transitions());
    }

    /**
     * The properties catch an unsound independence: with moves at one node treated as
     * independent, states at depths 10 and 11 of this scenario are never discovered.
     */
    @Example
    void anUnsoundIndependenceLosesStates() {
        ReductionScenario sc = new ReductionScenario(LmeVariant.PAPER, 2, 19881, 30127, 1, false, 1, 11);
        ExplorationResult plain = new Explorer(sc.start(), sc.settings(Reductions.NONE)).run();
        ExplorationResult sound = new Explorer(sc.start(), sc.settings(Reductions.NONE.withPartialOrder(true))).run();
        ExplorationResult unsound = new Explorer(sc.start(), sc.settings(Reductions.NONE.withPartialOrder(true)),
                SleepSets.Rule.SAME_NODE_TOO).run();
        assertArrayEquals(plain.levelSizes(), sound.levelSizes());
        assertEquals(710, plain.states());
        assertTrue(unsound.states() < plain.states(), unsound.summary());
    }

    /** Replaying a finding's path from the start: its last step's round end reports the check. */
    private static void assertReplays(Finding f) {
        if (f.check().equals(Finding.ERROR)) return;
        Simulation sim = f.path().start().copy();
        List<AdversaryMove> moves = f.path().moves();
        List<Violation> last = List.of();
        for (AdversaryMove m : moves) {
            m.apply(sim);
            last = sim.endRound();
        }
        assertEquals(f.length(), moves.size());
        if (f.check().equals(ReductionScenario.TWO_REQUESTING)) {
            assertTrue(ReductionScenario.twoRequesting(sim), f + " does not replay");
            return;
        }
        assertTrue(last.stream().anyMatch(v -> v.check().equals(f.check())), f + " does not replay");
    }
}
