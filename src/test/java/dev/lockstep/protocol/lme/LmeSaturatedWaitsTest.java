package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.SeededRandom;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.Violation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.Synchronous;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The `lockout` reports of long benchmark runs (README, "Not a flaw: long waits under a saturating
 * workload"): the benchmark's 200-node graph and workload, the corrected LME. Requests wait longer
 * than the bound of 1,000 rounds, yet none is locked out: once the application stops calling Lock,
 * every request issued succeeds, and no deadlock or waits-for cycle ever appears.
 */
class LmeSaturatedWaitsTest {
    private static final int NODES = 200;
    private static final int CALLS_UNTIL = 1500;
    private static final int DRAIN_BOUND = 5000;

    /** The graph and adversary of the benchmark (LmeBench: seed 1, mean degree 6, Δ = 16, lock 0.5, hold 1), Lock calls until {@code until}. */
    private static Engine benchmarkRun(int until) {
        long seed = 1;
        double side = Math.sqrt(NODES * Math.PI / 6);
        SeededRandom layout = new SeededRandom(seed ^ 0x5DEECE66DL);
        double[] x = new double[NODES];
        double[] y = new double[NODES];
        List<String> names = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            x[i] = layout.nextDouble() * side;
            y[i] = layout.nextDouble() * side;
            names.add("n" + i);
        }
        Simulation sim = new Simulation(new SimulationConfig(new Lme(), names, x, y, null, 16, ChannelDiscipline.UNORDERED,
                PortAssignment.LOWEST, CheckSettings.DEFAULTS, seed));
        return new Engine(sim, new ScenarioAdversary(new int[0], 1.0, List.of(), null,
                new RandomWorkload(0.5, 1, until), new Synchronous()));
    }

    @Test
    void requestsWaitingBeyondTheLockoutBoundAreAllServedOnceCallsStop() {
        Engine e = benchmarkRun(CALLS_UNTIL);
        Simulation sim = e.simulation();
        e.runUntil(CALLS_UNTIL);
        List<Violation> lockouts = sim.violations().stream().filter(v -> v.check().equals("lockout")).toList();
        assertFalse(lockouts.isEmpty(), "the saturating workload makes some request wait more than 1,000 rounds");
        assertEquals(lockouts.size(), sim.violationCount(), "lockout reports only: " + sim.violations());

        int round = CALLS_UNTIL;
        while (round < CALLS_UNTIL + DRAIN_BOUND && IntStream.range(0, NODES).anyMatch(u -> sim.status(u) != OperationStatus.IDLE)) {
            e.runUntil(++round);
        }
        int end = round;
        assertTrue(IntStream.range(0, NODES).allMatch(u -> sim.status(u) == OperationStatus.IDLE),
                () -> "still waiting at round " + end + ": " + IntStream.range(0, NODES)
                        .filter(u -> sim.status(u) != OperationStatus.IDLE).mapToObj(sim::nodeName).toList());
        assertEquals(sim.stats().lockRequests(), sim.stats().locksAcquired(), "every request issued succeeded");
        assertTrue(sim.stats().maxWaitRounds() > CheckSettings.DEFAULTS.lockoutBound(), "the long waits ended in success");
        assertTrue(sim.violations().stream().allMatch(v -> v.check().equals("lockout")),
                () -> "no deadlock, no waits-for cycle: " + sim.violations());
    }
}
