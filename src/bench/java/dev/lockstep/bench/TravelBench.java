package dev.lockstep.bench;

import dev.lockstep.core.SeededRandom;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import dev.lockstep.watch.NarrationEntry;
import dev.lockstep.watch.SessionMoment;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Time travel: a session of LME on a random unit-disk graph (mean degree ~6) runs until
 * {@code --actions} executions, then jumps to random positions. Reports the jump times and the
 * memory the session's history (checkpoints) takes: the session's heap minus that of a plain
 * simulation at the same point.
 */
@Command(name = "travel", mixinStandardHelpOptions = true,
        description = "time travel: cost of jumps anywhere in a long interactive session, and its history's memory")
final class TravelBench implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--nodes", paramLabel = "N", description = "nodes (default 50)")
    String nodes;

    @Option(names = "--actions", paramLabel = "N", description = "action executions to record (default 100000)")
    String actions;

    @Option(names = "--jumps", paramLabel = "N", description = "random jumps to measure (default 200)")
    String jumps;

    @Option(names = "--seed", paramLabel = "N", description = "layout, run and jump seed (default 1)")
    String seed;

    @Option(names = "--keep", paramLabel = "N",
            description = "recorded events the history keeps in memory, older ones replayed when read (default: a quarter of the heap at 1 KB an event)")
    String keep;

    @Override
    public Integer call() {
        OptionValues values = new OptionValues(spec, "bench");
        int n = nodes == null ? 50 : (int) values.integer("--nodes", nodes, 2, 100_000);
        long a = actions == null ? 100_000 : values.integer("--actions", actions, 1, 100_000_000);
        int j = jumps == null ? 200 : (int) values.integer("--jumps", jumps, 1, 1_000_000);
        long s = seed == null ? 1 : values.integer("--seed", seed, Long.MIN_VALUE, Long.MAX_VALUE);
        int k = keep == null ? 0 : (int) values.integer("--keep", keep, 1, Integer.MAX_VALUE);
        run(n, a, j, s, k, spec.commandLine().getOut());
        return CommandLine.ExitCode.OK;
    }

    static void run(int n, long actions, int jumps, long seed, int keep, PrintWriter out) {
        Scenario scenario;
        try {
            scenario = ScenarioLoader.parse(scenarioJson(n, seed), "travel bench");
        } catch (ScenarioException e) {
            throw new IllegalStateException(e);
        }
        long base = Heap.used();
        long t0 = System.nanoTime();
        Session s = Session.start(scenario);
        if (keep > 0) s.historyInMemory(keep);
        while (s.simulation().executionsBegun() < actions) s.stepRound();
        long t1 = System.nanoTime();
        int rounds = s.round(); // before the jumps move the session
        long withHistory = Heap.used() - base;
        long plain = heapOfPlainRun(scenario, s.round());
        long total = s.furthestStep();
        long[] plainJumps = jumps(s, total, seed, jumps, false);
        // the same jumps as the window makes them: then the narration's last 2,000 lines (read back from the moment)
        long[] toldJumps = jumps(s, total, seed, jumps, true);
        // every event read once, in order, as an export does: dropped segments are replayed
        long r0 = System.nanoTime();
        int executed = 0;
        for (History.Event e : s.history().events()) if (e instanceof History.Executed) executed++;
        long read = System.nanoTime() - r0;
        if (executed != total) throw new IllegalStateException("read " + executed + " executions of " + total);
        out.printf(Locale.ROOT, "time travel: LME corrected on %d nodes (unit disk, mean degree ~6), lock 0.5, hold 1, synchronous%n", n);
        out.printf(Locale.ROOT, "JVM %s, %d cores%n", System.getProperty("java.vm.version"), Runtime.getRuntime().availableProcessors());
        out.printf(Locale.ROOT, "run: %d executions in %d rounds, %.1f s%n", total, rounds, (t1 - t0) / 1e9);
        out.printf(Locale.ROOT, "jumps to random steps: %d, mean %.1f ms, worst %.1f ms%n", jumps, plainJumps[0] / 1e6 / jumps, plainJumps[1] / 1e6);
        out.printf(Locale.ROOT, "the same jumps with the narration's last 2,000 lines: mean %.1f ms, worst %.1f ms%n",
                toldJumps[0] / 1e6 / jumps, toldJumps[1] / 1e6);
        out.printf(Locale.ROOT, "history: %d events, %s; every event read in order: %.2f s%n", s.history().size(),
                keep > 0 ? "at most about " + keep + " in memory" : "the default bound", read / 1e9);
        out.printf(Locale.ROOT, "heap: session %.1f MB, plain simulation %.1f MB, history (difference) %.1f MB%n",
                withHistory / 1e6, plain / 1e6, (withHistory - plain) / 1e6);
    }

    /**
     * Jumps to {@code jumps} random steps (the same ones for the same seed), each timed, with the
     * narration's last 2,000 lines read after it if {@code narrate}: the total and worst nanoseconds.
     */
    private static long[] jumps(Session s, long total, long seed, int jumps, boolean narrate) {
        SeededRandom pick = new SeededRandom(seed * 7 + 1);
        long sum = 0;
        long worst = 0;
        for (int i = 0; i < jumps; i++) {
            long target = (long) (pick.nextDouble() * total);
            long j0 = System.nanoTime();
            s.jumpToStep(target);
            List<NarrationEntry> told = narrate ? SessionMoment.narration(s.simulation(), new SessionMoment().events(s), 2000) : null;
            long dt = System.nanoTime() - j0;
            if (s.simulation().executionsBegun() != target) throw new IllegalStateException("jump missed " + target);
            if (narrate && target > 0 && told.isEmpty()) throw new IllegalStateException("no narration at step " + target);
            worst = Math.max(worst, dt);
            sum += dt;
        }
        return new long[] {sum, worst};
    }

    /** LME on {@code n} nodes placed uniformly at random in a square where the unit disk gives about 6 neighbours. */
    static String scenarioJson(int n, long seed) {
        double side = Math.sqrt(n * Math.PI / 6);
        SeededRandom layout = new SeededRandom(seed ^ 0x5DEECE66DL);
        JsonWriter w = new JsonWriter().beginObject()
                .field("format", Scenario.FORMAT).field("name", "travel bench").field("protocol", "lme")
                .field("delta", LmeBench.DELTA).field("seed", seed)
                .key("scheduler").beginObject().field("policy", "synchronous").endObject()
                .key("nodes").beginArray();
        for (int i = 0; i < n; i++) {
            double x = layout.nextDouble() * side;
            double y = layout.nextDouble() * side;
            w.beginObject().field("id", "n" + i).field("x", x).field("y", y).endObject();
        }
        return w.endArray().field("unitDisk", 1)
                .key("workload").beginObject().field("lock", 0.5).field("hold", 1).endObject()
                .endObject().toString();
    }

    private static long heapOfPlainRun(Scenario scenario, int rounds) {
        long base = Heap.used();
        Engine e = scenario.engine();
        e.runUntil(rounds);
        long used = Heap.used() - base;
        if (e.simulation().round() != rounds) throw new IllegalStateException();
        return used;
    }
}
