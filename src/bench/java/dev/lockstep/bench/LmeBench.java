package dev.lockstep.bench;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.SeededRandom;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.Stats;
import dev.lockstep.core.Workers;
import dev.lockstep.core.adversary.Adversary;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.protocol.lme.Lme;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The benchmark of issue 2: LME (corrected, K = 8) on a random unit-disk graph with mean degree
 * about 6, workload lock 0.5 / hold 1, synchronous policy, all live checks on. Reports action
 * executions and lock acquisitions per second of simulation time and heap bytes per node.
 * Wall-clock figures depend on the machine; compare them as ratios. The last column, {@code alloc
 * B/a}, is the bytes the run's threads (the caller's and the workers') allocated per action
 * execution during the timed rounds: garbage the hot path makes, exact up to the JVM's own. With {@code --moves F} a
 * {@link RandomWalk} moves that fraction of the nodes each round (issue 13's mobile run).
 */
@Command(name = "lme", mixinStandardHelpOptions = true, description = "LME throughput on random unit-disk graphs")
public final class LmeBench implements Callable<Integer> {
    static final int DELTA = 16;

    @Spec
    CommandSpec spec;

    @Option(names = "--nodes", paramLabel = "N,N,...", description = "graph sizes (default 1000,10000,100000)")
    String nodes = "1000,10000,100000";

    @Option(names = "--rounds", paramLabel = "N", description = "rounds after round 0 (default 100)")
    String rounds;

    @Option(names = "--seed", paramLabel = "N", description = "layout and run seed (default 1)")
    String seed;

    @Option(names = "--degree", paramLabel = "D", description = "mean degree, 1.." + DELTA + " (default 6)")
    String degree;

    @Option(names = "--histogram", paramLabel = "N", description = "print the N classes holding the most live heap after round 0 and after the last round")
    String histogram;
    @Option(names = "--moves", paramLabel = "F,F,...", description = "fraction of the nodes taking a random-walk step each round,"
            + " through the adversary's unit-disk move, 0..1 (default 0: no mobility); several: one run each, in turn,"
            + " and the mobile runs against the static one (0) in a summary")
    String moves;

    @Option(names = "--repeat", paramLabel = "N", description = "runs of each size, thread count and share of moving nodes,"
            + " made in turn, then their median and range (default 1)")
    String repeat;

    @Option(names = "--warmup", paramLabel = "N", description = "rounds of such runs before the timed ones, not printed, for a warm JIT (default 0)")
    String warmup;

    @Option(names = "--lock", paramLabel = "P", description = "the workload's chance of a Lock call per idle node and round, 0..1"
            + " (default 0.5; low: few nodes act, the case incremental work is for)")
    String lock;

    @Option(names = "--threads", paramLabel = "N,N,...", description = "worker threads of each run, one run per count"
            + " and size (default: all cores); results are the same for any count")
    String threads;

    @Option(names = "--order", paramLabel = "random|space", description = "node ids in the order the points are drawn"
            + " (random, the default) or along a Hilbert curve, so that neighbours have nearby ids (space)")
    String order;

    @Option(names = "--run-ahead", description = "run each round's operations ahead on the workers too (Simulation.runAhead)")
    boolean runAhead;

    @Option(names = "--in-place", description = "run a listed round's operations on the workers in place, the caller only commits (Simulation.inPlaceRounds)")
    boolean inPlaceOption;

    @Option(names = "--defer-sends", paramLabel = "0|1|2", description = "append a listed round's sends at once (0, the"
            + " default), after its executions on the workers (1), or so with the transit counts read ahead (2) (Simulation.deferredSends)")
    String deferSendsOption;

    @Option(names = "--partitioned", description = "run a listed round's operations and its commits on the workers,"
            + " the rows split by receiver (Simulation.partitionedCommits)")
    boolean partitionedOption;

    @Option(names = "--phases", description = "time each round's start (topology, moves, calls), its plan, and the rest"
            + " (executions and the round's end) by the wall clock, and print the seconds after each run")
    boolean phasesOption;

    @Option(names = "--profile", description = "sample every thread's stack once a millisecond during the timed rounds"
            + " (Java Flight Recorder) and print each phase's share of the samples after each run")
    boolean profileOption;

    /** {@code --phases} of the command running. */
    private static boolean phases;
    /** {@code --profile} of the command running. */
    private static boolean profile;
    /** {@code --partitioned} of the command running. */
    private static boolean partitioned;
    /** {@code --in-place} of the command running (read by every run it makes). */
    private static boolean inPlace;
    /** {@code --defer-sends} of the command running. */
    private static int deferSends;

    @Override
    public Integer call() {
        OptionValues values = new OptionValues(spec, "bench");
        List<Integer> sizes = new ArrayList<>();
        for (String s : nodes.split(",")) {
            try {
                int n = Integer.parseInt(s.trim());
                if (n < 2 || n > 5_000_000) throw new NumberFormatException();
                sizes.add(n);
            } catch (NumberFormatException e) {
                throw values.usage("--nodes expects a comma-separated list of sizes in 2..5000000, got \"" + nodes + "\"");
            }
        }
        List<Integer> counts = new ArrayList<>();
        for (String t : threads == null ? new String[] {Integer.toString(Runtime.getRuntime().availableProcessors())}
                : threads.split(",")) {
            counts.add((int) values.integer("--threads", t.trim(), 1, 1024));
        }
        int r = rounds == null ? 100 : (int) values.integer("--rounds", rounds, 1, 1_000_000);
        long s = seed == null ? 1 : values.integer("--seed", seed, Long.MIN_VALUE, Long.MAX_VALUE);
        double d = degree == null ? 6 : values.integer("--degree", degree, 1, DELTA);
        int h = histogram == null ? 0 : (int) values.integer("--histogram", histogram, 1, 1000);
        double[] m = moves == null ? new double[] {0}
                : java.util.Arrays.stream(moves.split(",", -1)).mapToDouble(f -> values.fraction("--moves", f.trim(), "a fraction")).toArray();
        int repetitions = repeat == null ? 1 : (int) values.integer("--repeat", repeat, 1, 1000);
        int warmups = warmup == null ? 0 : (int) values.integer("--warmup", warmup, 0, 1000);
        double l = lock == null ? 0.5 : values.fraction("--lock", lock, "a chance");
        if (order != null && !order.equals("random") && !order.equals("space")) {
            throw values.usage("--order expects random or space, got \"" + order + "\"");
        }
        inPlace = inPlaceOption;
        partitioned = partitionedOption;
        phases = phasesOption;
        profile = profileOption;
        deferSends = deferSendsOption == null ? 0 : (int) values.integer("--defer-sends", deferSendsOption, 0, 2);
        run(sizes, counts, runAhead, r, s, d, m, h, l, "space".equals(order), repetitions, warmups, spec.commandLine().getOut());
        return CommandLine.ExitCode.OK;
    }

    static void run(List<Integer> sizes, int rounds, long seed, double degree, PrintWriter out) {
        run(sizes, List.of(1), false, rounds, seed, degree, new double[] {0}, 0, 0.5, false, 1, 0, out);
    }

    /**
     * With {@code moves[i]} · n random-walk steps a round ({@link RandomWalk}), 0 for none, one run
     * each. With {@code histogram} > 0, the largest classes of the live heap. Per size, {@code
     * warmups} unprinted rounds of runs (every thread count and share), then {@code repetitions};
     * with more than one repetition or share, a {@link RepeatedRuns} summary follows the size's rows.
     */
    static void run(List<Integer> sizes, List<Integer> threads, boolean ahead, int rounds, long seed, double degree, double[] moves,
                    int histogram, double lock, boolean space, int repetitions, int warmups, PrintWriter out) {
        out.printf(Locale.ROOT, "LME corrected, K=%d, unit-disk mean degree ~%.0f (Δ=%d), lock %s, hold 1, synchronous, %d rounds, %s ids%n",
                Lme.DEFAULT_K, degree, DELTA, lock, rounds, space ? "space-ordered" : "random");
        boolean several = moves.length > 1;
        if (several || moves[0] > 0) {
            StringBuilder shares = new StringBuilder();
            for (double m : moves) shares.append(shares.length() == 0 ? "" : ", ").append(RepeatedRuns.share(m));
            out.printf(Locale.ROOT, "mobility: %s of the nodes step %.2f (radius 1) in a random direction each round%s%n",
                    shares, RandomWalk.STEP, several ? ", a run each" : "");
        }
        out.printf(Locale.ROOT, "JVM %s, %d cores, max heap %d MiB, collector %s%n", System.getProperty("java.vm.version"),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20, collector());
        out.printf(Locale.ROOT, "%9s %7s %8s %7s %10s %12s %14s %13s %11s %8s %9s %10s %9s%s%n", "nodes", "threads", "degree", "build s",
                "run s", "actions", "actions/s", "locks/s", "bytes/node", "cpu s", "cpu ns/a", "violations", "alloc B/a",
                several ? String.format(Locale.ROOT, " %6s", "moves") : "");
        PrintWriter discard = new PrintWriter(java.io.Writer.nullWriter());
        for (int n : sizes) {
            RepeatedRuns summary = new RepeatedRuns();
            for (int rep = -warmups; rep < repetitions; rep++) {
                for (int t : threads) {
                    for (double m : moves) {
                        double[] timed = run(n, t, ahead, rounds, seed, degree, m, several, histogram, lock, space, rep < 0 ? discard : out);
                        if (rep >= 0) summary.add(new RepeatedRuns.Run(n, t, m, rep, timed[0], timed[1], timed[2]));
                    }
                }
            }
            if (repetitions > 1 || several) summary.print(repetitions, out);
        }
    }

    /**
     * One run of n nodes on {@code threads} workers, its row ending in the share of moving nodes
     * if {@code showMoves}; returns its seconds, and its wall-clock and CPU nanoseconds an action
     * execution. Its graph is garbage
     * when this returns, for the next run's "before".
     */
    private static double[] run(int n, int threads, boolean ahead, int rounds, long seed, double degree, double moves, boolean showMoves,
                                int histogram, double lock, boolean space, PrintWriter out) {
        long before = Heap.used();
        long t0 = System.nanoTime();
        Engine engine = build(n, degree, seed, moves, lock, space, phases);
        Simulation sim = engine.simulation();
        Workers workers = threads == 1 ? Workers.SINGLE : new Workers(threads);
        sim.workers(workers);
        sim.runAhead(ahead);
        sim.inPlaceRounds(inPlace);
        sim.deferredSends(deferSends);
        sim.partitionedCommits(partitioned);
        engine.runUntil(1); // round 0 links the graph
        PhaseClock clock = engine.adversary() instanceof PhaseClock c ? c : null;
        if (clock != null) clock.reset();
        if (histogram > 0) Heap.histogram("after round 0, " + n + " nodes", histogram, n, out);
        // the run's own CPU time (its thread's and the workers') too: on a shared machine the wall clock also counts waiting for a core
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        long c1 = cpu.getCurrentThreadCpuTime() + ThreadCpu.workers();
        long a1 = ThreadCpu.allocated();
        ProfileSplit split = profile ? new ProfileSplit() : null;
        long t1 = System.nanoTime();
        engine.runUntil(rounds + 1);
        long t2 = System.nanoTime();
        long a2 = ThreadCpu.allocated();
        double cpuSeconds = (cpu.getCurrentThreadCpuTime() + ThreadCpu.workers() - c1) / 1e9;
        // reading the recording allocates and takes CPU: after the run's own figures
        long[] samples = split == null ? null : split.stop();
        if (split != null) split.close();
        workers.close();
        if (histogram > 0) Heap.histogram("after round " + rounds + ", " + n + " nodes", histogram, n, out);
        long after = Heap.used();
        Stats s = sim.stats();
        double runSeconds = (t2 - t1) / 1e9;
        out.printf(Locale.ROOT, "%9d %7d %8.2f %7.2f %10.2f %12d %14.0f %13.0f %11d %8.2f %9.0f %10d %9.1f%s%n", n, threads,
                2.0 * sim.graph().edgeCount() / n, (t1 - t0) / 1e9, runSeconds, s.actions(),
                s.actions() / runSeconds, s.locksAcquired() / runSeconds, (after - before) / n, cpuSeconds,
                cpuSeconds * 1e9 / s.actions(), sim.violationCount(),
                a1 < 0 || a2 < 0 ? Double.NaN : (double) (a2 - a1) / Math.max(1, s.actions()),
                showMoves ? String.format(Locale.ROOT, " %6s", RepeatedRuns.share(moves)) : "");
        if (clock != null) out.println(clock.report());
        if (samples != null) out.println(ProfileSplit.report(samples));
        out.flush();
        long actions = Math.max(1, s.actions());
        return new double[] {runSeconds, runSeconds * 1e9 / actions, cpuSeconds * 1e9 / actions};
    }

    /** LME on {@code n} nodes placed uniformly at random, the unit disk giving about {@code degree} neighbours each. */
    public static Engine build(int n, double degree, long seed) {
        return build(n, degree, seed, 0);
    }

    /** Side length of the square so that n·π·r²/side² = degree with r = 1 (boundary effects lower it a little). */
    public static double side(int n, double degree) {
        return Math.sqrt(n * Math.PI / degree);
    }

    /** As {@link #build(int, double, long)}, with {@code moves} · n random-walk steps a round (0: none). */
    public static Engine build(int n, double degree, long seed, double moves) {
        return build(n, degree, seed, moves, 0.5);
    }

    /** As {@link #build(int, double, long, double)}, with {@code lock} the workload's chance of a Lock call per idle node and round. */
    public static Engine build(int n, double degree, long seed, double moves, double lock) {
        return build(n, degree, seed, moves, lock, false);
    }

    /** As {@link #build(int, double, long, double, double)}; with {@code space}, ids along a Hilbert curve ({@link SpaceOrder}). */
    public static Engine build(int n, double degree, long seed, double moves, double lock, boolean space) {
        return build(n, degree, seed, moves, lock, space, false);
    }

    /** As {@link #build(int, double, long, double, double, boolean)}; with {@code phases}, its adversary a {@link PhaseClock}. */
    static Engine build(int n, double degree, long seed, double moves, double lock, boolean space, boolean phases) {
        double side = side(n, degree);
        SeededRandom layout = new SeededRandom(seed ^ 0x5DEECE66DL);
        double[] x = new double[n];
        double[] y = new double[n];
        List<String> names = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            x[i] = layout.nextDouble() * side;
            y[i] = layout.nextDouble() * side;
            names.add("n" + i);
        }
        if (space) SpaceOrder.sort(x, y, side);
        SimulationConfig config = new SimulationConfig(new Lme(), names, x, y, null, DELTA, ChannelDiscipline.UNORDERED,
                PortAssignment.LOWEST, CheckSettings.DEFAULTS, seed);
        Simulation sim = new Simulation(config);
        ScenarioAdversary adversary = new ScenarioAdversary(new int[0], 1.0, List.of(), null,
                new RandomWorkload(lock, 1, Integer.MAX_VALUE), new Synchronous());
        Adversary chosen = moves > 0 ? new RandomWalk(adversary, moves, side) : adversary;
        return new Engine(sim, phases ? new PhaseClock(chosen) : chosen);
    }

    /**
     * The JVM's collector, by its beans' names ("G1 Young Generation, G1 Old Generation", "PS
     * Scavenge, PS MarkSweep", ...): the same jar runs up to a quarter apart under G1 and
     * ParallelGC in some minutes and level in others, so a figure names the one it ran under.
     */
    static String collector() {
        return String.join(", ", java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(java.lang.management.GarbageCollectorMXBean::getName).toList());
    }
}
