package dev.lockstep.cli;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.SeededRandom;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.Stats;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.protocol.lme.Lme;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The benchmark of issue 2: LME (corrected, K = 8) on a random unit-disk graph with mean degree
 * about 6, workload lock 0.5 / hold 1, synchronous policy, all live checks on. Reports action
 * executions and lock acquisitions per second of simulation time and heap bytes per node.
 * Wall-clock figures depend on the machine; compare them as ratios.
 */
final class Bench {
    static final int DELTA = 16;

    private Bench() {}

    static int run(Args a, PrintStream out, PrintStream err) throws UsageException {
        if (a.has("--travel")) return travel(a, out);
        List<Integer> sizes = new ArrayList<>();
        String spec = a.has("--nodes") ? a.get("--nodes") : "1000,10000,100000";
        for (String s : spec.split(",")) {
            try {
                int n = Integer.parseInt(s.trim());
                if (n < 2 || n > 5_000_000) throw new NumberFormatException();
                sizes.add(n);
            } catch (NumberFormatException e) {
                throw new UsageException("bench: --nodes expects a comma-separated list of sizes in 2..5000000, got \"" + spec + "\"");
            }
        }
        int rounds = a.has("--rounds") ? (int) a.longValue("bench", "--rounds", 1, 1_000_000) : 100;
        long seed = a.has("--seed") ? a.longValue("bench", "--seed", Long.MIN_VALUE, Long.MAX_VALUE) : 1;
        double degree = 6;
        if (a.has("--degree")) degree = a.longValue("bench", "--degree", 1, DELTA);

        out.printf(Locale.ROOT, "LME corrected, K=%d, unit-disk mean degree ~%.0f (Δ=%d), lock 0.5, hold 1, synchronous, %d rounds%n",
                Lme.DEFAULT_K, degree, DELTA, rounds);
        out.printf(Locale.ROOT, "JVM %s, %d cores, max heap %d MiB%n", System.getProperty("java.vm.version"),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
        out.printf(Locale.ROOT, "%9s %8s %7s %10s %12s %14s %13s %11s %10s%n", "nodes", "degree", "build s",
                "run s", "actions", "actions/s", "locks/s", "bytes/node", "violations");
        for (int n : sizes) {
            long before = usedHeap();
            long t0 = System.nanoTime();
            Engine engine = build(n, degree, seed);
            Simulation sim = engine.simulation();
            engine.runUntil(1); // round 0 links the graph
            long t1 = System.nanoTime();
            engine.runUntil(rounds + 1);
            long t2 = System.nanoTime();
            long after = usedHeap();
            Stats s = sim.stats();
            double runSeconds = (t2 - t1) / 1e9;
            out.printf(Locale.ROOT, "%9d %8.2f %7.2f %10.2f %12d %14.0f %13.0f %11d %10d%n", n,
                    2.0 * sim.graph().edgeCount() / n, (t1 - t0) / 1e9, runSeconds, s.actions(),
                    s.actions() / runSeconds, s.locksAcquired() / runSeconds, (after - before) / n, sim.violationCount());
            engine = null;
            sim = null;
        }
        return Main.OK;
    }

    static Engine build(int n, double degree, long seed) {
        // Side length so that n·π·r²/side² = degree with r = 1 (boundary effects lower it a little).
        double side = Math.sqrt(n * Math.PI / degree);
        SeededRandom layout = new SeededRandom(seed ^ 0x5DEECE66DL);
        double[] x = new double[n];
        double[] y = new double[n];
        List<String> names = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            x[i] = layout.nextDouble() * side;
            y[i] = layout.nextDouble() * side;
            names.add("n" + i);
        }
        SimulationConfig config = new SimulationConfig(new Lme(), names, x, y, null, DELTA, ChannelDiscipline.UNORDERED,
                PortAssignment.LOWEST, CheckSettings.DEFAULTS, seed);
        Simulation sim = new Simulation(config);
        ScenarioAdversary adversary = new ScenarioAdversary(new int[0], 1.0, List.of(), null,
                new RandomWorkload(0.5, 1, Integer.MAX_VALUE), new Synchronous());
        return new Engine(sim, adversary);
    }

    private static long usedHeap() {
        for (int i = 0; i < 3; i++) System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /**
     * Time travel: a session of LME on a random unit-disk graph (mean degree ~6) runs until
     * {@code --actions} executions, then jumps to random positions. Reports the jump times and the
     * memory the session's history (checkpoints) takes: the session's heap minus that of a plain
     * simulation at the same point.
     */
    static int travel(Args a, PrintStream out) throws UsageException {
        int n = a.has("--nodes") ? (int) a.longValue("bench", "--nodes", 2, 100_000) : 50;
        long actions = a.has("--actions") ? a.longValue("bench", "--actions", 1, 100_000_000) : 100_000;
        int jumps = a.has("--jumps") ? (int) a.longValue("bench", "--jumps", 1, 1_000_000) : 200;
        long seed = a.has("--seed") ? a.longValue("bench", "--seed", Long.MIN_VALUE, Long.MAX_VALUE) : 1;
        double side = Math.sqrt(n * Math.PI / 6);
        SeededRandom layout = new SeededRandom(seed ^ 0x5DEECE66DL);
        StringBuilder nodes = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) nodes.append(',');
            nodes.append("{\"id\":\"n").append(i).append("\",\"x\":").append(layout.nextDouble() * side)
                    .append(",\"y\":").append(layout.nextDouble() * side).append('}');
        }
        String json = "{\"format\":\"lockstep-scenario/1\",\"name\":\"travel bench\",\"protocol\":\"lme\",\"delta\":" + DELTA
                + ",\"seed\":" + seed + ",\"scheduler\":{\"policy\":\"synchronous\"},\"nodes\":[" + nodes
                + "],\"unitDisk\":1,\"workload\":{\"lock\":0.5,\"hold\":1}}";
        dev.lockstep.scenario.Scenario scenario;
        try {
            scenario = dev.lockstep.scenario.ScenarioLoader.parse(json, "travel bench");
        } catch (dev.lockstep.scenario.ScenarioException e) {
            throw new IllegalStateException(e);
        }
        long base = usedHeap();
        long t0 = System.nanoTime();
        dev.lockstep.session.Session s = dev.lockstep.session.Session.start(scenario);
        while (s.simulation().executionsBegun() < actions) s.stepRound();
        long t1 = System.nanoTime();
        long withHistory = usedHeap() - base;
        long plain = heapOfPlainRun(scenario, s.round());
        long total = s.furthestStep();
        SeededRandom pick = new SeededRandom(seed * 7 + 1);
        long worst = 0;
        long sum = 0;
        for (int i = 0; i < jumps; i++) {
            long target = (long) (pick.nextDouble() * total);
            long j0 = System.nanoTime();
            s.jumpToStep(target);
            long dt = System.nanoTime() - j0;
            worst = Math.max(worst, dt);
            sum += dt;
            if (s.simulation().executionsBegun() != target) throw new IllegalStateException("jump missed " + target);
        }
        out.printf(Locale.ROOT, "time travel: LME corrected on %d nodes (unit disk, mean degree ~6), lock 0.5, hold 1, synchronous%n", n);
        out.printf(Locale.ROOT, "JVM %s, %d cores%n", System.getProperty("java.vm.version"), Runtime.getRuntime().availableProcessors());
        out.printf(Locale.ROOT, "run: %d executions in %d rounds, %.1f s%n", total, s.round(), (t1 - t0) / 1e9);
        out.printf(Locale.ROOT, "jumps to random steps: %d, mean %.1f ms, worst %.1f ms%n", jumps, sum / 1e6 / jumps, worst / 1e6);
        out.printf(Locale.ROOT, "heap: session %.1f MB, plain simulation %.1f MB, history (difference) %.1f MB%n",
                withHistory / 1e6, plain / 1e6, (withHistory - plain) / 1e6);
        return Main.OK;
    }

    private static long heapOfPlainRun(dev.lockstep.scenario.Scenario scenario, int rounds) {
        long base = usedHeap();
        dev.lockstep.core.adversary.Engine e = scenario.engine();
        e.runUntil(rounds);
        long used = usedHeap() - base;
        if (e.simulation().round() != rounds) throw new IllegalStateException();
        return used;
    }
}
