package dev.lockstep.bench;

import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.Scenario;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import javafx.application.Platform;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Frames per second of the graph view while a simulation runs: random unit-disk LME graphs of 50,
 * 200, 1,000 and 10,000 nodes (Δ = 12, radius 1, random workload lock 0.3 hold 1, synchronous),
 * stepped at a fixed rate (lower from 5,000 nodes on) with an animated update after every step, in a real window (run it under a
 * display, e.g. {@code xvfb-run}; not with Monocle). Prints one line per size, then a table.
 */
@Command(name = "gui", mixinStandardHelpOptions = true,
        description = "frames per second of the graph view while running (needs a display)")
public final class GuiBench implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--sizes", split = ",", paramLabel = "N,N,...", description = "graph sizes (default 50,200,1000)")
    int[] sizes = {50, 200, 1000, 10000};

    @Option(names = "--large-rate", paramLabel = "R", description = "steps per second from 5,000 nodes on (default 2: a step"
            + " there takes about 0.1 s of the FX thread, stepping and reading the new state)")
    double largeRate = 2;

    @Option(names = "--seconds", paramLabel = "S", description = "seconds measured per size (default 10)")
    double seconds = 10;

    @Option(names = "--rate", paramLabel = "R", description = "steps per second (default 10)")
    double rate = 10;

    @Option(names = "--warmup", paramLabel = "S", description = "seconds before measuring (default 2)")
    double warmup = 2;

    @Option(names = "--zoomed", paramLabel = "N", description = "also run this size zoomed in x3, every label drawn; 0 to skip (default 200)")
    int zoomed = 200;

    @Option(names = "--open", paramLabel = "N", description = "also open a scenario file of N nodes in the window (File > Open's"
            + " path): time to the first frame, the FX thread's longest stall, then frames per second playing; 0 to skip (default 10000)")
    int open = 10_000;

    @Option(names = "--open-file", paramLabel = "FILE", description = "the file --open opens (default: a random unit-disk"
            + " scenario of N nodes like the ones above, written to a temporary file)")
    java.nio.file.Path openFile;

    /** From this many nodes on, the graph is stepped at {@link #largeRate}. */
    static final int LARGE = 5000;

    @Override
    public Integer call() throws Exception {
        if (System.getenv("DISPLAY") == null && System.getenv("WAYLAND_DISPLAY") == null) {
            throw new OptionValues(spec, "gui-bench").usage("no display (run it under xvfb-run -a, or on a desktop)");
        }
        PrintWriter out = spec.commandLine().getOut();
        CountDownLatch up = new CountDownLatch(1);
        Platform.startup(up::countDown);
        up.await();
        Platform.setImplicitExit(false);
        out.println(Machine.describe());
        out.printf(Locale.ROOT, "steps: %.0f per second (%.0f from %d nodes on), each followed by update(true) with an"
                + " animation as long as the step; %.0f s measured after %.0f s warm-up; window 1280x800 (graph + legend)%n",
                rate, largeRate, LARGE, seconds, warmup);
        out.flush();
        List<FrameRateRun.Result> results = new ArrayList<>();
        FrameRateRun runner = new FrameRateRun(seconds, rate, warmup);
        FrameRateRun largeRunner = new FrameRateRun(seconds, largeRate, warmup);
        for (int n : sizes) {
            FrameRateRun.Result r = (n >= LARGE ? largeRunner : runner).run(n, 1, scenario(n, 1000 + n));
            results.add(r);
            out.printf(Locale.ROOT, "  measured %d nodes: %.1f fps%n", n, r.fps());
            out.flush();
        }
        if (zoomed > 0) {
            // the same run zoomed in far enough for every label (tokens, port labels, pips) to be drawn
            FrameRateRun.Result r = runner.run(zoomed, 3, scenario(zoomed, 1000 + zoomed));
            results.add(r);
            out.printf(Locale.ROOT, "  measured %d nodes zoomed in: %.1f fps%n", zoomed, r.fps());
        }
        OpenRun.Result opened = null;
        if (open > 0 || openFile != null) {
            java.nio.file.Path file = openFile;
            if (file == null) {
                file = java.nio.file.Files.createTempFile("lockstep-bench-" + open + "-", ".json");
                java.nio.file.Files.writeString(file, scenario(open, 1000 + open));
                file.toFile().deleteOnExit();
            }
            opened = new OpenRun(seconds, warmup).run(file);
            out.printf(Locale.ROOT, "  opened %d nodes: %.0f ms to the first frame, longest FX stall %.0f ms%n", opened.nodes(),
                    opened.openMillis(), opened.longestStallMillis());
        }
        out.println();
        out.println("| view | nodes | edges | msgs in transit | steps/s | step ms | update ms | fps (view) | fps (JavaFX) | min fps (1 s) | FX ms/frame | render ms/frame | labels |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
        for (FrameRateRun.Result r : results) {
            out.printf(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.1f | %.2f | %.2f | %.1f | %s | %.0f | %.1f | %.1f | %s |%n", r.label(), r.nodes(), r.edges(),
                    r.inTransit(), r.stepsPerSecond(), r.stepMillis(), r.updateMillis(), r.fps(),
                    r.trackerFps() < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f", r.trackerFps()), r.minFps(),
                    r.fxCpuPerFrame(), r.renderCpuPerFrame(), r.labels() ? "text" : "markers");
        }
        if (opened != null) {
            out.println();
            out.println("Opening a file in the window (File > Open), then playing it at the window's default speed:");
            out.println();
            out.println("| file | nodes | bytes | loaded (ms) | first frame (ms) | longest FX stall (ms) | pulses while opening | fps playing | rounds/s | FX ms/frame | render ms/frame |");
            out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            out.printf(Locale.ROOT, "| %s | %d | %d | %.0f | %.0f | %.0f | %d | %.1f | %.1f | %.1f | %.1f |%n",
                    opened.file().getFileName(), opened.nodes(), java.nio.file.Files.size(opened.file()), opened.loadedMillis(),
                    opened.openMillis(), opened.longestStallMillis(), opened.pulses(), opened.fps(), opened.roundsPerSecond(),
                    opened.fxCpuPerFrame(), opened.renderCpuPerFrame());
        }
        out.flush();
        Platform.exit();
        return CommandLine.ExitCode.OK;
    }

    /** A random unit-disk scenario: average degree about 6 at radius 1. */
    public static String scenario(int n, long seed) {
        Random rnd = new Random(seed);
        double side = Math.sqrt(n / 1.9);
        JsonWriter w = new JsonWriter().beginObject()
                .field("format", Scenario.FORMAT).field("name", "bench " + n).field("protocol", "lme").field("delta", 12)
                .field("seed", seed).field("rounds", 1_000_000)
                .key("scheduler").beginObject().field("policy", "synchronous").endObject()
                .key("nodes").beginArray();
        for (int i = 0; i < n; i++) {
            double x = rnd.nextDouble() * side;
            double y = rnd.nextDouble() * side;
            w.beginObject().field("id", "v" + i).field("x", millis(x)).field("y", millis(y)).endObject();
        }
        return w.endArray().field("unitDisk", 1.0)
                .key("workload").beginObject().field("lock", 0.3).field("hold", 1).endObject()
                .endObject().toString();
    }

    /** Positions to three decimals, as the bench's scenarios always had them. */
    private static double millis(double v) {
        return Double.parseDouble(String.format(Locale.ROOT, "%.3f", v));
    }
}
