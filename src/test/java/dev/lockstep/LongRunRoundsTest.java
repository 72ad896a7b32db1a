package dev.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.protocol.lme.Lme;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rounds a simulation keeps per node (status since, last request, last start) are stored in two
 * bytes until round 65,534 and in four after: a run across that boundary must report at every
 * round's end exactly what plain ints kept alongside it report.
 */
class LongRunRoundsTest {

    @Test
    void roundsReadTheSameAcrossRound65535() {
        int n = 5;
        double[] x = {0, 0.8, 1.6, 2.4, 3.2};
        double[] y = new double[n];
        SimulationConfig config = new SimulationConfig(new Lme(), List.of("a", "b", "c", "d", "e"), x, y, null, 4,
                ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, CheckSettings.DEFAULTS, 7);
        Simulation sim = new Simulation(config);
        Engine engine = new Engine(sim, new ScenarioAdversary(new int[0], 1.0, List.of(), null,
                new RandomWorkload(0.5, 1, Integer.MAX_VALUE), new Synchronous()));
        int[] status = new int[n];
        int[] since = new int[n];
        int[] request = new int[n];
        Arrays.fill(request, -1);
        boolean[] acted = new boolean[n];
        int[] checked = {0, 0};
        sim.addListener(new SimulationListener() {
            @Override public void executed(ExecutionRecord r) {
                acted[r.node()] = true;
            }

            @Override public void roundEnded(int round) {
                for (int u = 0; u < n; u++) {
                    OperationStatus s = sim.status(u);
                    if (s.ordinal() != status[u]) {
                        since[u] = round;
                        if (status[u] == OperationStatus.IDLE.ordinal()) request[u] = round;
                        status[u] = s.ordinal();
                        checked[1]++;
                    }
                    assertEquals(since[u], sim.statusSince(u), "status since, node " + u + " round " + round);
                    assertEquals(request[u], sim.requestRound(u), "request round, node " + u + " round " + round);
                    assertEquals(acted[u], sim.actedThisRound(u), "acted, node " + u + " round " + round);
                    acted[u] = false;
                }
                checked[0]++;
            }
        });
        engine.runUntil(65_600);
        assertEquals(65_600, checked[0], "every round was checked");
        assertTrue(checked[1] > 10_000, "statuses kept changing: " + checked[1]);
        assertTrue(sim.statusSince(0) > 65_535 || sim.requestRound(0) > 65_535, "node 0 stored a wide round");
    }
}
