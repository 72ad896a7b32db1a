package dev.lockstep.bench;

import dev.lockstep.app.graph.GraphView;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.Session;
import java.lang.reflect.Method;
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
 * One measurement of the gui benchmark: a session in a real window, stepped {@code rate} times a
 * second with an animated update after each step; frames counted by the view and by JavaFX.
 */
final class FrameRateRun {
    record Result(String label, int nodes, double edges, double inTransit, double stepsPerSecond, double stepMillis,
                  double updateMillis, double fps, double trackerFps, double minFps, boolean labels, double fxCpuPerFrame,
                  double renderCpuPerFrame) {}

    private final double seconds;
    private final double rate;
    private final double warmup;

    FrameRateRun(double seconds, double rate, double warmup) {
        this.seconds = seconds;
        this.rate = rate;
        this.warmup = warmup;
    }

    Result run(int n, double zoom, String scenarioJson) throws Exception {
        Session session = Session.start(ScenarioLoader.parse(scenarioJson, "bench-" + n + ".json"));
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
            long[] cpu = {0, 0};
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
                    cpu[0] = ThreadCpu.fx();
                    cpu[1] = ThreadCpu.renderer();
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
                    long frames = Math.max(1, view.framesRendered() - framesAtStart[0]);
                    double fxCpu = (ThreadCpu.fx() - cpu[0]) / 1e6 / frames;
                    double renderCpu = (ThreadCpu.renderer() - cpu[1]) / 1e6 / frames;
                    double fps = (view.framesRendered() - framesAtStart[0]) / sinceStart;
                    Object avg = call(tracker, "getAverageFPS");
                    double trackerFps = avg instanceof Number num ? num.doubleValue() : -1;
                    long k = Math.max(1, steps[0]);
                    out[0] = new Result(zoom == 1 ? "whole graph" : "zoomed x" + zoom, n, edges[0] / k, transit[0] / k, steps[0] / sinceStart, stepNanos[0] / 1e6 / k,
                            updateNanos[0] / 1e6 / k, fps, trackerFps, minFps[0] == Double.MAX_VALUE ? fps : minFps[0],
                            view.detailed(), fxCpu, renderCpu);
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
}
