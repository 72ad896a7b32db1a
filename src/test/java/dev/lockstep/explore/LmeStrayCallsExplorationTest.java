package dev.lockstep.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.check.DeadlockCheck;
import dev.lockstep.protocol.lme.LmeState;
import dev.lockstep.protocol.lme.LmeVariant;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Flaw 4 (README): a Lock or Unlock call that does not apply consumes the node's D snapshot. The
 * two-node exploration of {@link LmePairExplorationTest} with stray calls on: besides its moves,
 * the application may call Lock at a node that is not idle and Unlock at one that is not locked,
 * up to {@link #STRAY_CALLS} times per node; smaller bounds (see {@link #LOCK_CALLS}). Every
 * search runs to the end.
 *
 * <p>{@code corrected-unscoped} is the correction as first proposed, which has no search finding
 * on two nodes without stray calls and does not have the fix for flaw 4 (CleanUp() before the l. 2
 * test of InitLock and InitUnlock): it stands for the corrected code before the fix.
 */
class LmeStrayCallsExplorationTest {
    /**
     * One of each: flaw 4 needs one Lock call, one stray call and one cut. Stray calls multiply the
     * states (a stray Unlock can come at any moment), so the bounds of LmePairExplorationTest (two
     * Lock calls, three topology changes) do not finish in a test's time: with two changes and one
     * Lock call, corrected alone has 965,986 states.
     */
    static final int LOCK_CALLS = 1;
    static final int STRAY_CALLS = 1;
    static final int TOPOLOGY_CHANGES = 1;

    private static final Map<LmeVariant, ExplorationResult> RESULTS = new EnumMap<>(LmeVariant.class);

    static synchronized ExplorationResult explore(LmeVariant variant) {
        return RESULTS.computeIfAbsent(variant, v -> {
            ExplorerSettings s = ExplorerSettings.defaults().withLockCalls(LOCK_CALLS).withStrayCalls(STRAY_CALLS)
                    .withTopologyChanges(TOPOLOGY_CHANGES, new int[] {0, 1}).withMaxStates(4_000_000)
                    .withMaxFindingsKept(1_000);
            ExplorationResult r = new Explorer(LmeStarts.pair(v, 2), s).run();
            System.out.println("pair x–y, " + v.json() + ", " + LOCK_CALLS + " Lock call(s) and " + STRAY_CALLS
                    + " stray call(s) per node, " + TOPOLOGY_CHANGES + " topology changes: " + r.summary());
            return r;
        });
    }

    /**
     * The node of the path at which a stray call executed with a non-empty D snapshot — the call
     * InitLock or InitUnlock turned away at l. 2 — or -1 if there is none.
     */
    static int strayCallThatConsumedACut(ExplorationPath p) {
        Simulation sim = p.start().copy();
        for (PathStep step : p.steps()) {
            if (step.move() instanceof AdversaryMove.ExecuteMove e) {
                int u = e.choice().node();
                String label = e.label(sim);
                OperationStatus s = sim.status(u);
                boolean stray = label.equals("InitLock") && s != OperationStatus.IDLE
                        || label.equals("InitUnlock") && s != OperationStatus.LOCKED;
                if (stray && sim.unprocessedDisconnections(u) != 0) return u;
            }
            step.move().apply(sim);
            sim.endRound();
        }
        return -1;
    }

    private static long strayCalls(ExplorationPath p) {
        Simulation sim = p.start().copy();
        long count = 0;
        for (PathStep step : p.steps()) {
            if (step.move() instanceof AdversaryMove.CallMove c) {
                OperationStatus s = sim.status(c.node());
                if (c.call() == Call.LOCK ? s != OperationStatus.IDLE : s != OperationStatus.LOCKED) count++;
            }
            step.move().apply(sim);
            sim.endRound();
        }
        return count;
    }

    /** Stray calls are offered only with the option, at most {@code maxStrayCallsPerNode} per node. */
    @Test
    void strayCallMovesAreOfferedOnlyWhenAskedFor_andCounted() {
        Simulation sim = LmeStarts.pair(LmeVariant.CORRECTED, 2);
        sim.call(0, Call.LOCK);
        sim.endRound();
        sim.execute(sim.choices(0).get(0)); // x's InitLock: x is locking, y idle
        sim.endRound();
        assertEquals(OperationStatus.LOCKING, sim.status(0));
        MoveGenerator plain = new MoveGenerator(sim, ExplorerSettings.defaults());
        byte[] none = plain.startCounters();
        assertTrue(plain.moves(sim, none).stream().noneMatch(m -> m instanceof AdversaryMove.CallMove c && c.node() == 0),
                "no call at a locking node without the option");
        assertTrue(plain.moves(sim, none).stream().noneMatch(m -> m instanceof AdversaryMove.CallMove c && c.call() == Call.UNLOCK));

        MoveGenerator stray = new MoveGenerator(sim, ExplorerSettings.defaults().withStrayCalls(1));
        byte[] start = stray.startCounters();
        java.util.List<AdversaryMove> calls = stray.moves(sim, start).stream().filter(m -> m instanceof AdversaryMove.CallMove).toList();
        assertEquals(java.util.List.of(new AdversaryMove.CallMove(0, Call.LOCK), new AdversaryMove.CallMove(0, Call.UNLOCK),
                new AdversaryMove.CallMove(1, Call.LOCK), new AdversaryMove.CallMove(1, Call.UNLOCK)), calls,
                "x: both calls are stray; y: an ordinary Lock, then a stray Unlock");
        byte[] afterStray = stray.after(start, new AdversaryMove.CallMove(0, Call.UNLOCK), sim);
        assertTrue(stray.moves(sim, afterStray).stream().noneMatch(m -> m instanceof AdversaryMove.CallMove c && c.node() == 0),
                "x used its one stray call");
        byte[] afterLock = stray.after(start, new AdversaryMove.CallMove(1, Call.LOCK), sim);
        assertEquals(1, afterLock[1], "y's Lock is an ordinary one");
        assertEquals(0, afterLock[2 + 1 + 1], "not a stray one");
    }

    /** The fixed corrected variant: nothing, with stray calls as with ordinary ones. */
    @Test
    void correctedHasNoFindingOnTwoNodesWithStrayCalls() {
        ExplorationResult r = explore(LmeVariant.CORRECTED);
        assertTrue(r.exhausted(), r.summary());
        assertTrue(r.clean(), r.summary());
    }

    /**
     * Without the fix the search finds flaw 4: its shortest deadlock is a stray call executed
     * right after a cut, which leaves the node waiting for a reply over the cut port.
     */
    @Test
    void withoutTheFixTheSearchFindsFlaw4() throws Exception {
        ExplorationResult r = explore(LmeVariant.CORRECTED_UNSCOPED);
        assertTrue(r.exhausted(), r.summary());
        Finding dead = r.first(DeadlockCheck.NAME);
        assertNotNull(dead, r.summary());
        ExplorationPath p = dead.path();
        System.out.println("flaw 4 (corrected-unscoped), shortest deadlock (" + p.size() + " steps): " + dead.message());
        System.out.print(p);
        assertEquals(1, strayCalls(p), "one stray call");
        int u = strayCallThatConsumedACut(p);
        assertTrue(u >= 0, "a stray call consumed a cut:\n" + p);
        assertEquals(java.util.List.of(u), dead.violation().nodes());
        Simulation end = p.replay();
        LmeState s = (LmeState) end.state(u);
        assertEquals(0, end.unprocessedDisconnections(u), "D is gone");
        assertTrue((s.L() & ~end.ports(u)) != 0, "L still names the cut port: " + s);
        // Every finding of this search is a stray call that consumed a cut (the same search
        // without stray calls finds nothing: LmePairExplorationTest).
        for (Finding f : r.findings()) {
            assertTrue(strayCallThatConsumedACut(f.path()) >= 0, f + "\n" + f.path());
        }
        String scenario = ScenarioCheck.scenario(p, "Flaw 4 (found by the explorer): a stray call drops the cut", 10);
        ScenarioCheck.assertReplays(scenario, p, DeadlockCheck.NAME);
    }
}
