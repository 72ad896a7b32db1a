package dev.lockstep.app.experiments;

import dev.lockstep.experiment.RunLog;
import dev.lockstep.experiment.RunRecord;
import dev.lockstep.experiment.Shard;
import dev.lockstep.experiment.Sweep;
import dev.lockstep.experiment.SweepSpec;
import dev.lockstep.scenario.ScenarioException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Runs a sweep on a thread of its own and hands what happens to the window's thread in batches:
 * runs written while the window's thread is busy wait in a queue, and at most one hand-over is
 * pending at any time, so a fast sweep cannot flood that thread's queue. Stop interrupts the
 * sweep's thread (the engine then loses only the runs in flight); running again on the same
 * directory resumes it.
 */
public final class SweepRunner {
    /** What the window is told, always through {@code ui}. */
    public interface Events {
        /** Runs written since the last call (or already in the directory, at the start), and the progress. */
        void runs(List<RunRecord> batch, ProgressLine progress);

        /** The sweep ended: {@code message} says how; {@code problems} is empty unless it failed. */
        void ended(String message, List<String> problems);
    }

    private final Consumer<Runnable> ui;
    private final LongSupplier nanos;
    private final ConcurrentLinkedQueue<RunRecord> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean pending = new AtomicBoolean();
    private volatile Thread thread;
    private volatile boolean stopping;
    private volatile ProgressLine progress = new ProgressLine(0, 0, 0, 0);

    /** {@code ui} runs a task on the window's thread (Platform::runLater); {@code nanos} is the clock of runs/s. */
    public SweepRunner(Consumer<Runnable> ui, LongSupplier nanos) {
        this.ui = ui;
        this.nanos = nanos;
    }

    public boolean running() {
        return thread != null;
    }

    /** Starts the sweep into {@code dir} on {@code jobs} threads; its runs already in {@code dir} come first. */
    public void start(SweepSpec spec, Path dir, int jobs, Events events) {
        if (thread != null) throw new IllegalStateException("a sweep is running");
        stopping = false;
        long total = spec.runCount();
        progress = new ProgressLine(0, total, 0, 0);
        Thread t = new Thread(() -> work(spec, dir, jobs, total, events), "lockstep-experiments");
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    /** Interrupts the sweep: the runs written stay, a later start resumes. */
    public void stop() {
        Thread t = thread;
        if (t == null) return;
        stopping = true;
        t.interrupt();
    }

    /** The sweep's thread, or null (tests join it). */
    Thread thread() {
        return thread;
    }

    private void work(SweepSpec spec, Path dir, int jobs, long total, Events events) {
        String message;
        List<String> problems = List.of();
        try {
            if (Files.isRegularFile(dir.resolve(RunLog.FILE))) queue.addAll(RunLog.records(dir));
            long start = nanos.getAsLong();
            Sweep.Result r = Sweep.run(spec, dir, jobs, Shard.ALL, new Sweep.Listener() {
                @Override
                public void runsDone(int done, int toRun) {
                    progress = new ProgressLine(total - toRun + done, total, done, (nanos.getAsLong() - start) / 1e9);
                    post(events);
                }

                @Override
                public void runWritten(RunRecord run) {
                    queue.add(run);
                }
            });
            message = "Done: " + r.total() + " runs" + (r.skipped() > 0 ? " (" + r.skipped() + " were already in the directory)" : "")
                    + "; " + dir.resolve(dev.lockstep.experiment.SummaryTable.FILE) + " written.";
        } catch (InterruptedException e) {
            message = stoppedMessage();
        } catch (ScenarioException e) {
            message = "The sweep cannot run:";
            problems = e.problems();
        } catch (IOException | RuntimeException e) {
            if (stopping) {
                message = stoppedMessage(); // an interrupted write closes its channel: the stop, not a fault
            } else {
                message = "The sweep failed:";
                problems = List.of(e.getMessage() == null ? e.toString() : e.getMessage());
            }
        }
        String m = message;
        List<String> p = problems;
        ui.accept(() -> {
            thread = null;
            drain(events);
            events.ended(m, p);
        });
    }

    private String stoppedMessage() {
        return "Stopped at " + progress.done() + " of " + progress.total() + " runs; Run resumes from there.";
    }

    private void post(Events events) {
        if (pending.compareAndSet(false, true)) ui.accept(() -> drain(events));
    }

    private void drain(Events events) {
        pending.set(false);
        List<RunRecord> batch = new ArrayList<>();
        for (RunRecord r; (r = queue.poll()) != null; ) batch.add(r);
        events.runs(batch, progress);
    }
}
