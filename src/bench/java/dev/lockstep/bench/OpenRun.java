package dev.lockstep.bench;

import dev.lockstep.app.MainWindow;
import dev.lockstep.app.graph.GraphView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * Opening a file in the real window, as File › Open does, then playing it: the time from the open
 * request to the first frame of the new session's view, the JavaFX thread's longest stall meanwhile
 * (the longest gap between two pulses, the open call itself included; about 17 ms when idle), and
 * the frames per second while the window plays at its default speed.
 */
final class OpenRun {
    record Result(Path file, int nodes, double openMillis, double loadedMillis, double longestStallMillis, int pulses,
                  double fps, double roundsPerSecond, double fxCpuPerFrame, double renderCpuPerFrame) {}

    private final double seconds;
    private final double warmup;

    OpenRun(double seconds, double warmup) {
        this.seconds = seconds;
        this.warmup = warmup;
    }

    Result run(Path file) throws Exception {
        Path home = Files.createTempDirectory("lockstep-bench-home");
        CountDownLatch done = new CountDownLatch(1);
        Result[] out = new Result[1];
        Throwable[] failed = new Throwable[1];
        Platform.runLater(() -> {
            Stage stage = new Stage();
            MainWindow window = new MainWindow(stage, home);
            window.install(1280, 800);
            window.holdAutosave(true);
            stage.show();
            new Measure(window, stage, file, out, failed, done).start();
        });
        if (!done.await((long) (seconds + warmup + 300), TimeUnit.SECONDS)) throw new IllegalStateException("bench timed out");
        if (failed[0] != null) throw new IllegalStateException("opening " + file + " failed", failed[0]);
        return out[0];
    }

    /** Pulse by pulse: settle, open, wait for the first frame, play, count. */
    private final class Measure extends AnimationTimer {
        private final MainWindow window;
        private final Stage stage;
        private final Path file;
        private final Result[] out;
        private final Throwable[] failed;
        private final CountDownLatch done;
        private int settling = 60;
        private GraphView before;
        private long requested = -1;
        private long loaded = -1;
        private long opened = -1;
        private long lastPulse;
        private long longest;
        private int pulses;
        private long playFrom = -1;
        private long framesFrom;
        private int roundFrom;
        private long[] cpuFrom;

        Measure(MainWindow window, Stage stage, Path file, Result[] out, Throwable[] failed, CountDownLatch done) {
            this.window = window;
            this.stage = stage;
            this.file = file;
            this.out = out;
            this.failed = failed;
            this.done = done;
        }

        @Override
        public void handle(long pulse) {
            long now = System.nanoTime();
            if (settling-- > 0) return; // the window's first layout and frames
            if (requested < 0) {
                before = window.graphView();
                requested = System.nanoTime();
                window.open(file, ok -> {
                    loaded = System.nanoTime();
                    if (!ok) {
                        failed[0] = new IllegalStateException("not opened (see the dialog)");
                        finish();
                    }
                });
                lastPulse = requested; // the open call itself counts as a stall
                return;
            }
            if (opened < 0) {
                pulses++;
                longest = Math.max(longest, now - lastPulse);
                lastPulse = now;
                GraphView v = window.graphView();
                if (v != before && v.framesRendered() > 0) {
                    opened = now;
                    window.togglePlay();
                }
                return;
            }
            double playing = (now - opened) / 1e9;
            if (playFrom < 0 && playing >= warmup) {
                playFrom = now;
                framesFrom = window.graphView().framesRendered();
                roundFrom = window.session().round();
                cpuFrom = new long[] {ThreadCpu.fx(), ThreadCpu.renderer()};
            } else if (playFrom >= 0 && (now - playFrom) / 1e9 >= seconds) {
                double s = (now - playFrom) / 1e9;
                long frames = Math.max(1, window.graphView().framesRendered() - framesFrom);
                out[0] = new Result(file, window.session().simulation().nodeCount(), (opened - requested) / 1e6,
                        (loaded - requested) / 1e6, longest / 1e6, pulses, frames / s, (window.session().round() - roundFrom) / s,
                        (ThreadCpu.fx() - cpuFrom[0]) / 1e6 / frames, (ThreadCpu.renderer() - cpuFrom[1]) / 1e6 / frames);
                finish();
            }
        }

        private void finish() {
            stop();
            if (window.playing()) window.togglePlay();
            window.closedCleanly();
            stage.close();
            done.countDown();
        }
    }
}
