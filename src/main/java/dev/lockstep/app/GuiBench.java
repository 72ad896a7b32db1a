package dev.lockstep.app;

import dev.lockstep.app.graph.GraphView;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.Session;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * Frames per second of the graph view while a simulation runs: random unit-disk LME graphs of 50,
 * 200 and 1,000 nodes (Δ = 12, radius 1, random workload lock 0.3 hold 1, synchronous), stepped
 * at a fixed rate with an animated update after every step, in a real window (run it under a
 * display, e.g. {@code xvfb-run}; not with Monocle). Prints one line per size.
 *
 * <p>Usage: {@code GuiBench [--sizes 50,200,1000] [--seconds 10] [--rate 10] [--warmup 2] [--zoomed 200]}:
 * the last one also runs that size zoomed in ×3 (every label drawn); 0 to skip it.
 */
public final class GuiBench {
    private GuiBench() {}

    record Result(String label, int nodes, double edges, double inTransit, double stepsPerSecond, double stepMillis,
                  double updateMillis, double fps, double trackerFps, double minFps, boolean labels) {}

    public static void main(String[] args) throws Exception {
        int[] sizes = {50, 200, 1000};
        double seconds = 10;
        double rate = 10;
        double warmup = 2;
        int zoomed = 200;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--sizes" -> sizes = java.util.Arrays.stream(args[i + 1].split(",")).mapToInt(Integer::parseInt).toArray();
                case "--seconds" -> seconds = Double.parseDouble(args[i + 1]);
                case "--rate" -> rate = Double.parseDouble(args[i + 1]);
                case "--warmup" -> warmup = Double.parseDouble(args[i + 1]);
                case "--zoomed" -> zoomed = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        CountDownLatch up = new CountDownLatch(1);
        Platform.startup(up::countDown);
        up.await();
        Platform.setImplicitExit(false);
        System.out.println(machine());
        System.out.printf(Locale.ROOT, "steps: %.0f per second, each followed by update(true) with a %.0f ms animation;"
                + " %.0f s measured after %.0f s warm-up; window 1280x800 (graph + legend)%n", rate, 1000 / rate, seconds, warmup);
        List<Result> results = new ArrayList<>();
        for (int n : sizes) {
            results.add(run(n, 1, seconds, rate, warmup));
            Result r = results.get(results.size() - 1);
            System.out.printf(Locale.ROOT, "  measured %d nodes: %.1f fps%n", n, r.fps());
        }
        if (zoomed > 0) {
            // the same run zoomed in far enough for every label (tokens, port labels, pips) to be drawn
            results.add(run(zoomed, 3, seconds, rate, warmup));
            Result r = results.get(results.size() - 1);
            System.out.printf(Locale.ROOT, "  measured %d nodes zoomed in: %.1f fps%n", zoomed, r.fps());
        }
        System.out.println();
        System.out.println("| view | nodes | edges | msgs in transit | steps/s | step ms | update ms | fps (view) | fps (JavaFX) | min fps (1 s) | labels |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
        for (Result r : results) {
            System.out.printf(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.1f | %.2f | %.2f | %.1f | %s | %.0f | %s |%n", r.label(), r.nodes(), r.edges(),
                    r.inTransit(), r.stepsPerSecond(), r.stepMillis(), r.updateMillis(), r.fps(),
                    r.trackerFps() < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f", r.trackerFps()), r.minFps(),
                    r.labels() ? "text" : "markers");
        }
        Platform.exit();
    }

    /** A random unit-disk scenario: average degree about 6 at radius 1. */
    static String scenario(int n, long seed) {
        Random rnd = new Random(seed);
        double side = Math.sqrt(n / 1.9);
        StringBuilder nodes = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) nodes.append(",\n");
            nodes.append(String.format(Locale.ROOT, "{\"id\": \"v%d\", \"x\": %.3f, \"y\": %.3f}", i, rnd.nextDouble() * side,
                    rnd.nextDouble() * side));
        }
        return "{\"format\": \"lockstep-scenario/1\", \"name\": \"bench " + n + "\", \"protocol\": \"lme\", \"delta\": 12,"
                + " \"seed\": " + seed + ", \"rounds\": 1000000, \"scheduler\": {\"policy\": \"synchronous\"},"
                + " \"nodes\": [" + nodes + "], \"unitDisk\": 1.0, \"workload\": {\"lock\": 0.3, \"hold\": 1}}";
    }

    private static Result run(int n, double zoom, double seconds, double rate, double warmup) throws Exception {
        Session session = Session.start(ScenarioLoader.parse(scenario(n, 1000 + n), "bench-" + n + ".json"));
        session.stepRound();
        CountDownLatch done = new CountDownLatch(1);
        Result[] out = new Result[1];
        Platform.runLater(() -> {
            GraphView view = new GraphView(session.simulation());
            view.setAnimationMillis(1000 / rate);
            BorderPane pane = new BorderPane(view.node());
            pane.setRight(view.legend());
            Stage stage = new Stage();
            stage.setTitle("Lockstep GUI bench: " + n + " nodes");
            Scene scene = new Scene(pane, 1280, 800);
            stage.setScene(scene);
            stage.show();
            if (zoom != 1) view.zoom(zoom);
            Object tracker = tracker(scene);
            long[] stepNanos = {0};
            long[] updateNanos = {0};
            long[] steps = {0};
            double[] edges = {0};
            double[] transit = {0};
            double[] minFps = {Double.MAX_VALUE};
            long[] measureStart = {-1};
            long[] framesAtStart = {0};
            long start = System.nanoTime();
            Timeline[] tl = new Timeline[1];
            tl[0] = new Timeline(new KeyFrame(Duration.millis(1000 / rate), e -> {
                long t0 = System.nanoTime();
                session.stepRound();
                long t1 = System.nanoTime();
                view.update(true);
                long t2 = System.nanoTime();
                double elapsed = (t2 - start) / 1e9;
                if (elapsed < warmup) return;
                if (measureStart[0] < 0) {
                    measureStart[0] = t2;
                    framesAtStart[0] = view.framesRendered();
                    call(tracker, "resetAverageFPS");
                    return;
                }
                steps[0]++;
                stepNanos[0] += t1 - t0;
                updateNanos[0] += t2 - t1;
                edges[0] += session.simulation().graph().edgeCount();
                transit[0] += session.simulation().totalInTransit();
                double sinceStart = (t2 - measureStart[0]) / 1e9;
                if (sinceStart >= 1) minFps[0] = Math.min(minFps[0], view.framesPerSecond());
                if (sinceStart >= seconds) {
                    tl[0].stop();
                    double fps = (view.framesRendered() - framesAtStart[0]) / sinceStart;
                    Object avg = call(tracker, "getAverageFPS");
                    double trackerFps = avg instanceof Number num ? num.doubleValue() : -1;
                    long k = Math.max(1, steps[0]);
                    out[0] = new Result(zoom == 1 ? "whole graph" : "zoomed x" + zoom, n, edges[0] / k, transit[0] / k, steps[0] / sinceStart, stepNanos[0] / 1e6 / k,
                            updateNanos[0] / 1e6 / k, fps, trackerFps, minFps[0] == Double.MAX_VALUE ? fps : minFps[0],
                            view.detailed());
                    stage.close();
                    done.countDown();
                }
            }));
            tl[0].setCycleCount(Timeline.INDEFINITE);
            tl[0].play();
        });
        if (!done.await((long) (seconds + warmup + 120), TimeUnit.SECONDS)) throw new IllegalStateException("bench timed out");
        return out[0];
    }

    /** JavaFX's own frame counter for the scene (internal API, read by reflection), or null. */
    private static Object tracker(Scene scene) {
        try {
            Class<?> c = Class.forName("com.sun.javafx.perf.PerformanceTracker");
            return c.getMethod("getSceneTracker", Scene.class).invoke(null, scene);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static Object call(Object target, String method) {
        if (target == null) return null;
        try {
            Method m = target.getClass().getMethod(method);
            m.setAccessible(true);
            return m.invoke(target);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    static String machine() {
        String cpu = "unknown CPU";
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    cpu = line.substring(line.indexOf(':') + 1).trim();
                    break;
                }
            }
        } catch (Exception e) {
            // not Linux
        }
        String pipeline = "unknown";
        try {
            Class<?> gp = Class.forName("com.sun.prism.GraphicsPipeline");
            Object p = gp.getMethod("getPipeline").invoke(null);
            pipeline = p == null ? "none" : p.getClass().getSimpleName();
        } catch (ReflectiveOperationException | RuntimeException e) {
            // internal API unavailable
        }
        return String.format(Locale.ROOT, "machine: %s, %d cores, %s %s, Java %s, JavaFX %s, Prism pipeline %s, display %s",
                cpu, Runtime.getRuntime().availableProcessors(), System.getProperty("os.name"), System.getProperty("os.arch"),
                System.getProperty("java.version"), System.getProperty("javafx.runtime.version"), pipeline,
                System.getenv().getOrDefault("DISPLAY", "(none)"));
    }
}
