package dev.lockstep.scratch;

import dev.lockstep.core.*;
import dev.lockstep.core.adversary.*;
import dev.lockstep.protocol.lme.*;
import java.util.*;
import org.junit.jupiter.api.Test;

class ScratchTest {
    static Simulation ring(int n, LmeVariant v, long seed) {
        List<String> names = new ArrayList<>();
        double[] x = new double[n], y = new double[n];
        for (int i = 0; i < n; i++) { names.add("n" + i); x[i] = Math.cos(i); y[i] = Math.sin(i); }
        return new Simulation(new SimulationConfig(new Lme(8, v), names, x, y, null, 2,
                ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, new CheckSettings(500), seed));
    }

    @Test
    void ring() {
        for (SchedulerPolicy pol : List.of(new Synchronous(), new SemiSynchronous(0.5), new Sequential(), new Asynchronous(0.5, 3))) {
            for (LmeVariant v : LmeVariant.values()) {
                int n = 8;
                Simulation sim = ring(n, v, 42);
                int[] edges = new int[2 * n];
                for (int i = 0; i < n; i++) { edges[2 * i] = i; edges[2 * i + 1] = (i + 1) % n; }
                Engine e = new Engine(sim, new ScenarioAdversary(edges, 0, List.of(), new Churn(0.05, 0.1, 300),
                        new RandomWorkload(0.3, 2, Integer.MAX_VALUE), pol));
                e.runUntil(1000);
                Stats s = sim.stats();
                System.out.printf("%s %s: actions=%d sent=%d req=%d acq=%d mean=%.1f max=%d viol=%d %s%n", pol.name(), v, s.actions(), s.messagesSent(),
                        s.lockRequests(), s.locksAcquired(), s.meanWaitRounds(), s.maxWaitRounds(), sim.violationCount(),
                        sim.violations().stream().limit(3).toList());
            }
        }
    }
}
