package dev.lockstep.protocol.krl;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.SeededRandom;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.Churn;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import java.util.ArrayList;
import java.util.List;

/** One random KRL system: a connected random graph (a random tree plus chords), an adversary, a workload. */
record KrlSetup(Simulation sim, Engine engine, int n) {
    static final int ACTIVE_ROUNDS = 150;

    static SchedulerPolicy policy(String name) {
        return switch (name) {
            case "synchronous" -> new Synchronous();
            case "semi-synchronous" -> new SemiSynchronous(0.5);
            case "sequential" -> new Sequential();
            default -> new Asynchronous(0.6, 3);
        };
    }

    static KrlSetup of(Protocol<?> protocol, int n, String policy, boolean churn, double lock, int hold, long seed) {
        return of(protocol, n, policy, churn, lock, hold, seed, Integer.MAX_VALUE / 2);
    }

    static KrlSetup of(Protocol<?> protocol, int n, String policy, boolean churn, double lock, int hold, long seed,
                       int lockoutBound) {
        SeededRandom r = new SeededRandom(seed);
        List<String> names = new ArrayList<>();
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            names.add("n" + i);
            x[i] = r.nextDouble() * 4;
            y[i] = r.nextDouble() * 4;
        }
        List<Integer> e = new ArrayList<>();
        int[] degree = new int[n];
        for (int v = 1; v < n; v++) {                             // a random tree: connected
            int u = r.nextInt(v);
            e.add(u);
            e.add(v);
            degree[u]++;
            degree[v]++;
        }
        for (int u = 0; u < n; u++) {
            for (int v = u + 2; v < n; v++) {
                if (r.chance(1.5 / n)) {
                    e.add(u);
                    e.add(v);
                    degree[u]++;
                    degree[v]++;
                }
            }
        }
        int delta = 1;
        for (int d : degree) delta = Math.max(delta, d);
        int[] edges = e.stream().mapToInt(Integer::intValue).toArray();
        // no duplicate edges: chords skip v = u + 1 only; a tree edge u-v with v > u + 1 may repeat
        edges = dedupe(edges);
        Simulation sim = new Simulation(new SimulationConfig(protocol, names, x, y, null, delta,
                ChannelDiscipline.FIFO, PortAssignment.LOWEST, new CheckSettings(lockoutBound), seed));
        ScenarioAdversary adversary = new ScenarioAdversary(edges, 0, List.of(),
                churn ? new Churn(0.04, 0.2, ACTIVE_ROUNDS) : null, new RandomWorkload(lock, hold, ACTIVE_ROUNDS),
                policy(policy));
        return new KrlSetup(sim, new Engine(sim, adversary), n);
    }

    private static int[] dedupe(int[] edges) {
        List<Integer> out = new ArrayList<>();
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (int i = 0; i < edges.length; i += 2) {
            long key = (long) Math.min(edges[i], edges[i + 1]) << 32 | Math.max(edges[i], edges[i + 1]);
            if (seen.add(key)) {
                out.add(edges[i]);
                out.add(edges[i + 1]);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Runs the active phase, then until every node is idle or {@code settle} more rounds passed. */
    boolean runAndSettle(int settle) {
        engine.runUntil(ACTIVE_ROUNDS);
        int limit = ACTIVE_ROUNDS + settle;
        while (sim.round() < limit && !settled()) engine.stepRound();
        return settled();
    }

    boolean settled() {
        for (int u = 0; u < n; u++) {
            if (sim.status(u) != OperationStatus.IDLE || sim.hasPendingCalls(u)) return false;
        }
        return true;
    }
}
