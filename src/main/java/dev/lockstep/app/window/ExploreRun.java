package dev.lockstep.app.window;

import dev.lockstep.core.Simulation;
import dev.lockstep.explore.ExplorationMonitor;
import dev.lockstep.explore.ExplorationProgress;
import dev.lockstep.explore.ExplorationResult;
import dev.lockstep.explore.Explorer;
import dev.lockstep.explore.ExplorerSettings;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * One exploration on a thread of its own. The explorer gets its own copy of the start, made on
 * the window's thread, so the worker never touches the session's simulation; what it reports
 * reaches the window's thread through {@code ui}, at most one progress hand-over pending at a
 * time (a fast search cannot flood that thread). Cancel sets a flag the explorer polls.
 */
final class ExploreRun {
    /** What the window is told, always on its own thread. */
    interface Events {
        void progress(ExplorationProgress p);

        /** The search ended: its result, or the exception that stopped it (then {@code result} is null). */
        void ended(ExplorationResult result, RuntimeException failure);
    }

    private final Consumer<Runnable> ui;
    private final AtomicBoolean pending = new AtomicBoolean();
    private volatile boolean cancelled;
    private volatile ExplorationProgress latest;
    private volatile Thread thread;

    /** {@code ui} runs a task on the window's thread (Platform::runLater). */
    ExploreRun(Consumer<Runnable> ui) {
        this.ui = ui;
    }

    /**
     * Starts exploring from a copy of {@code start}.
     *
     * @throws IllegalArgumentException if the explorer refuses the start or the settings
     */
    void start(Simulation start, ExplorerSettings settings, Events events) {
        if (thread != null) throw new IllegalStateException("an exploration is running");
        Explorer explorer = new Explorer(start.copy(), settings);
        cancelled = false;
        Thread t = new Thread(() -> work(explorer, events), "lockstep-explore");
        t.setDaemon(true);
        t.setPriority(Thread.NORM_PRIORITY - 1); // the window's thread comes first
        thread = t;
        t.start();
    }

    boolean running() {
        return thread != null;
    }

    /** Asks the search to stop; it ends (with what it found so far) at its next poll. */
    void cancel() {
        cancelled = true;
    }

    private void work(Explorer explorer, Events events) {
        ExplorationResult result = null;
        RuntimeException failure = null;
        try {
            result = explorer.run(new ExplorationMonitor() {
                @Override
                public void progress(ExplorationProgress p) {
                    latest = p;
                    if (pending.compareAndSet(false, true)) {
                        ui.accept(() -> {
                            pending.set(false);
                            events.progress(latest);
                        });
                    }
                }

                @Override
                public boolean cancelled() {
                    return cancelled;
                }
            });
        } catch (RuntimeException e) {
            failure = e;
        } catch (OutOfMemoryError e) {
            failure = new IllegalStateException("out of memory: lower the bound on states", e);
        }
        ExplorationResult r = result;
        RuntimeException f = failure;
        ui.accept(() -> {
            thread = null;
            if (latest != null) events.progress(latest);
            events.ended(r, f);
        });
    }
}
