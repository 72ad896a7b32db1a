package dev.lockstep.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.check.DeadlockCheck;
import dev.lockstep.protocol.lme.AcyclicDependenciesCheck;
import dev.lockstep.protocol.lme.LmeState;
import dev.lockstep.protocol.lme.LmeVariant;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Exhaustive exploration of two adjacent nodes x–y (Δ = 1, K = 2): up to two Lock calls per
 * node, Unlock whenever a node holds its locks, and up to three topology changes (cuts and
 * re-links of x–y). Every search here runs to the end ({@code exhausted}).
 */
class LmePairExplorationTest {
    static final int LOCK_CALLS = 2;
    /**
     * Cut, re-link, cut again. Four changes also exhaust, with the same outcome (paper: deadlock
     * and acyclic-dependencies; corrected and corrected-unscoped: nothing) in 667,989 / 709,429 /
     * 952,169 states, about twice the time of three.
     */
    static final int TOPOLOGY_CHANGES = 3;

    private static final Map<LmeVariant, ExplorationResult> RESULTS = new EnumMap<>(LmeVariant.class);

    static synchronized ExplorationResult explore(LmeVariant variant) {
        return RESULTS.computeIfAbsent(variant, v -> {
            ExplorerSettings s = ExplorerSettings.defaults().withLockCalls(LOCK_CALLS)
                    .withTopologyChanges(TOPOLOGY_CHANGES, new int[] {0, 1}).withMaxStates(2_000_000)
                    .withMaxFindingsKept(100_000);
            ExplorationResult r = new Explorer(LmeStarts.pair(v, 2), s).run();
            System.out.println("pair x–y, " + v.json() + ", " + LOCK_CALLS + " lock calls per node, " + TOPOLOGY_CHANGES
                    + " topology changes: " + r.summary());
            return r;
        });
    }

    private static boolean changesTopology(ExplorationPath p) {
        return p.moves().stream().anyMatch(m -> m instanceof AdversaryMove.CutMove || m instanceof AdversaryMove.LinkMove);
    }

    private static long count(ExplorationPath p, String node, String action) {
        return p.steps().stream().filter(s -> s.move() instanceof AdversaryMove.ExecuteMove
                && s.text().startsWith(node + " " + action)).count();
    }

    /**
     * Flaw 1: both participants decide their own initiator's trial before the other's
     * request-lock arrives. The shortest waits-for cycle needs no topology change at all.
     */
    @Test
    void paperDeadlocksOnTwoNodes_flaw1() throws Exception {
        ExplorationResult r = explore(LmeVariant.PAPER);
        assertTrue(r.exhausted(), r.summary());
        assertNotNull(r.first(DeadlockCheck.NAME), r.summary());
        Finding cycle = r.first(AcyclicDependenciesCheck.NAME);
        assertNotNull(cycle, r.summary());

        ExplorationPath p = cycle.path();
        System.out.println("flaw 1, shortest acyclic-dependencies path (" + p.size() + " steps): " + cycle.message());
        System.out.print(p);
        assertFalse(changesTopology(p));
        assertEquals(1, count(p, "x", "InitLock"));
        assertEquals(1, count(p, "y", "InitLock"));
        assertEquals(2, count(p, "x", "CheckStart") + count(p, "y", "CheckStart"));
        // Each participant decided its own initiator's trial (win(true) to itself) ...
        assertEquals(1, count(p, "x", "CheckPriorities"));
        assertEquals(1, count(p, "y", "CheckPriorities"));
        // ... and then took the other's request-lock into P, where it stays unanswered.
        Simulation end = p.replay();
        for (int u = 0; u < 2; u++) {
            LmeState s = (LmeState) end.state(u);
            assertEquals(LmeState.State.COMPETE, s.state(), end.nodeName(u));
            assertEquals(1L << 1, s.P(), end.nodeName(u) + " holds the neighbour's priority");
            assertEquals(3L, s.C(), end.nodeName(u) + "'s candidates: itself and the neighbour");
        }

        // The same cycle ends in a deadlock once nothing is in transit: the first deadlock without
        // a topology change is flaw 1 too.
        Finding dead = r.findings(DeadlockCheck.NAME).stream().filter(f -> !changesTopology(f.path()))
                .findFirst().orElseThrow();
        System.out.println("flaw 1, shortest deadlock without topology change (" + dead.length() + " steps): " + dead.message());
        System.out.print(dead.path());
        assertEquals(2, dead.violation().nodes().size());

        String scenario = ScenarioCheck.scenario(dead.path(), "Flaw 1 (found by the explorer): two-node deadlock", 10);
        ScenarioCheck.assertReplays(scenario, dead.path(), DeadlockCheck.NAME);
        ScenarioCheck.save(dead.path().toSchedule(), "flaw1-schedule.json");
        ScenarioCheck.save(scenario, "flaw1-scenario.json");
    }

    /**
     * Flaw 2: an initiator stuck in win after a cut loses the neighbour's ack-lock. Looks for
     * a deadlock whose path cuts x–y while a node's state is win, and checks the stuck node.
     */
    @Test
    void paperGetsStuckInWinAfterACut_flaw2() throws Exception {
        ExplorationResult r = explore(LmeVariant.PAPER);
        Finding found = null;
        int stuck = -1;
        for (Finding f : r.findings(DeadlockCheck.NAME)) {
            ExplorationPath p = f.path();
            if (!cutWhileWinning(p)) continue;
            Simulation end = p.replay();
            for (int u = 0; u < 2 && stuck < 0; u++) {
                LmeState s = (LmeState) end.state(u);
                if (s.state() == LmeState.State.WIN && s.phase() == LmeState.Phase.BOTTOM && s.R() != s.L()) stuck = u;
            }
            if (stuck >= 0) {
                found = f;
                break;
            }
        }
        assertNotNull(found, "no deadlock after a cut in win");
        ExplorationPath p = found.path();
        System.out.println("flaw 2, shortest deadlock with a cut while in win (" + p.size() + " steps): " + found.message());
        System.out.print(p);
        Simulation end = p.replay();
        LmeState s = (LmeState) end.state(stuck);
        System.out.println("stuck node " + end.nodeName(stuck) + ": " + s);
        assertEquals(LmeState.State.WIN, s.state());
        assertEquals(LmeState.Phase.BOTTOM, s.phase());
        assertNotEquals(s.L(), s.R());
        assertTrue(found.violation().nodes().contains(stuck));
        // The first deadlock of the whole search (a shortest one) is this flaw.
        assertEquals(r.first(DeadlockCheck.NAME).length(), found.length());

        String scenario = ScenarioCheck.scenario(p, "Flaw 2 (found by the explorer): stuck in win after a cut", 10);
        ScenarioCheck.assertReplays(scenario, p, DeadlockCheck.NAME);
        ScenarioCheck.save(p.toSchedule(), "flaw2-schedule.json");
        ScenarioCheck.save(scenario, "flaw2-scenario.json");
    }

    /** Whether the path cuts an edge at a moment when some node's LME state is win. */
    private static boolean cutWhileWinning(ExplorationPath p) {
        Simulation sim = p.start().copy();
        for (PathStep step : p.steps()) {
            if (step.move() instanceof AdversaryMove.CutMove) {
                for (int u = 0; u < sim.nodeCount(); u++) {
                    if (((LmeState) sim.state(u)).state() == LmeState.State.WIN) return true;
                }
            }
            step.move().apply(sim);
            sim.endRound();
        }
        return false;
    }

    @Test
    void correctedHasNoFindingOnTwoNodes() {
        ExplorationResult r = explore(LmeVariant.CORRECTED);
        assertTrue(r.exhausted(), r.summary());
        assertTrue(r.clean(), r.summary());
    }

    /** Issue 2 claimed the first correction has no stuck state on two nodes; the search agrees. */
    @Test
    void correctedUnscopedHasNoFindingOnTwoNodes() {
        ExplorationResult r = explore(LmeVariant.CORRECTED_UNSCOPED);
        assertTrue(r.exhausted(), r.summary());
        assertTrue(r.clean(), r.summary());
    }
}
