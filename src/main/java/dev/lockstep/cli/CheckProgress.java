package dev.lockstep.cli;

import dev.lockstep.explore.ExplorationMonitor;
import dev.lockstep.explore.ExplorationProgress;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Watches a {@code check}: its progress on one stderr line (only when asked, i.e. on a terminal),
 * redrawn at most five times a second, and Ctrl+C (or SIGTERM). A signal starts the JVM's
 * shutdown; the hook installed here asks the exploration to stop and waits, a few seconds at
 * most, until the command has printed what it explored. The wall clock is read here only.
 */
final class CheckProgress implements ExplorationMonitor, AutoCloseable {
    /** How long a signal waits for the summary before the JVM goes down anyway. */
    private static final long GRACE_SECONDS = 10;

    private final PrintStream err;
    private final CountDownLatch reported = new CountDownLatch(1);
    private final Thread hook = new Thread(this::interrupted, "lockstep-check-interrupt");
    private volatile boolean cancelled;
    private long lastPrint;
    private boolean printed;

    /** {@code err} null: no progress line, only the signal handling. */
    CheckProgress(PrintStream err) {
        this.err = err;
        Runtime.getRuntime().addShutdownHook(hook);
    }

    private void interrupted() {
        cancelled = true;
        try {
            reported.await(GRACE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether a signal stopped the exploration. */
    boolean signalled() {
        return cancelled;
    }

    @Override
    public boolean cancelled() {
        return cancelled;
    }

    @Override
    public void progress(ExplorationProgress p) {
        if (err == null) return;
        long now = System.nanoTime();
        if (printed && now - lastPrint < 200_000_000L) return;
        lastPrint = now;
        err.printf(Locale.ROOT, "\rstates %,d  depth %d  %,.0f states/s  frontier %,d  findings %,d\033[K", p.states(), p.depth(),
                p.statesPerSecond(), p.frontier(), p.findings());
        printed = true;
    }

    /** Clears the progress line (before the results are printed). */
    void finish() {
        if (printed) {
            err.print("\r\033[K");
            err.flush();
            printed = false;
        }
    }

    /** The results are printed: a waiting signal may end the JVM now; no hook is left behind. */
    @Override
    public void close() {
        finish();
        reported.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down (a signal): the hook is running and returns now
        }
    }
}
