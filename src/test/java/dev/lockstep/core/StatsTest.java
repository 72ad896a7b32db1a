package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.Churn;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.protocol.lme.Lme;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The run's counters agree with what the listeners saw happen. */
class StatsTest {
    @Test
    void countersMatchTheObservedExecutions() {
        int n = 5;
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) names.add("n" + i);
        Simulation sim = new Simulation(new SimulationConfig(new Lme(), names, new double[n], new double[n], null, 2,
                ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, CheckSettings.DEFAULTS, 3));
        long[] seen = new long[6]; // actions, sent, lost, acquired, unlocks, wait sum
        long[] maxWait = {0};
        OperationStatus[] before = new OperationStatus[n];
        java.util.Arrays.fill(before, OperationStatus.IDLE);
        int[] requested = new int[n];
        List<Long> waits = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override public void executed(ExecutionRecord r) {
                int u = r.node();
                seen[0]++;
                seen[1] += r.sent().size();
                seen[2] += r.sent().stream().filter(Sent::lost).count();
                OperationStatus now = sim.status(u);
                if (r.label().equals("InitLock")) requested[u] = r.startRound(); // the request is made when it starts
                if (before[u] != OperationStatus.LOCKED && now == OperationStatus.LOCKED) {
                    seen[3]++;
                    long wait = r.round() - requested[u];
                    seen[5] += wait;
                    maxWait[0] = Math.max(maxWait[0], wait);
                    waits.add(wait);
                }
                if (before[u] == OperationStatus.UNLOCKING && now == OperationStatus.IDLE) seen[4]++;
                before[u] = now;
            }
        });
        sim.addListener(new SimulationListener() {
            @Override public void cut(int round, int u, int pu, int v, int pv, List<Envelope> lost) {
                seen[2] += lost.size(); // in transit on the cut edge
            }
        });
        int[] ring = {0, 1, 1, 2, 2, 3, 3, 4, 4, 0};
        new Engine(sim, new ScenarioAdversary(ring, 0, List.of(), new Churn(0.05, 0.3, 300),
                new RandomWorkload(0.3, 2, 300), new Asynchronous(0.6, 3))).runUntil(400);
        Stats s = sim.stats();
        assertTrue(seen[3] > 10 && seen[2] > 0, "locks " + seen[3] + ", lost " + seen[2]);
        assertEquals(seen[0], s.actions());
        assertEquals(seen[1], s.messagesSent());
        assertEquals(seen[2], s.messagesLost());
        assertEquals(seen[3], s.locksAcquired());
        assertEquals(seen[4], s.unlocks());
        assertEquals(maxWait[0], s.maxWaitRounds());
        assertEquals((double) seen[5] / seen[3], s.meanWaitRounds(), 1e-9);
        assertTrue(s.lockRequests() >= s.locksAcquired());
        assertEquals(0.0, new Stats().meanWaitRounds(), "no lock yet: no mean");
        // nearest rank: the smallest observed wait with at least ⌈q·n⌉ waits at or below it
        waits.sort(null);
        for (double q : new double[] {0.01, 0.25, 0.5, 0.9, 0.99, 1.0}) {
            long expected = waits.get((int) Math.ceil(q * waits.size()) - 1);
            assertEquals(expected, s.waitQuantile(q), "quantile " + q + " of " + waits);
        }
        assertEquals(maxWait[0], s.waitQuantile(1.0));
        assertEquals(-1, new Stats().waitQuantile(0.5), "no lock yet: no quantile");
        assertEquals(s.waitQuantile(0.9), sim.copy().stats().waitQuantile(0.9), "a copy keeps the waits");
    }
}
