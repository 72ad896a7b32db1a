package dev.lockstep.core;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Phaser;

/**
 * Threads for the parts of a round that work on nodes independently (issue 13: "every core
 * used"). Work is split into ranges of node ids; each range writes only its own slots, and the
 * caller merges them in id order, so the result is the same for any thread count. One thread runs
 * everything inline on the caller's thread.
 */
public final class Workers implements AutoCloseable {
    /** Everything on the caller's thread: the default of every simulation. */
    public static final Workers SINGLE = new Workers(1);

    private final int threads;
    private final ExecutorService pool;

    public Workers(int threads) {
        if (threads < 1) throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        this.threads = threads;
        int[] made = {0};
        this.pool = threads == 1 ? null : Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "lockstep-worker-" + made[0]++);
            t.setDaemon(true);
            return t;
        });
    }

    /** As many workers as the machine has cores. */
    public static Workers allCores() {
        int c = Runtime.getRuntime().availableProcessors();
        return c == 1 ? SINGLE : new Workers(c);
    }

    public int threads() {
        return threads;
    }

    /** Work on the node ids {@code from} (inclusive) to {@code to} (exclusive). */
    @FunctionalInterface
    public interface Range {
        void run(int from, int to);
    }

    /**
     * Runs {@code body} over [0, n) in ranges of at least {@code grain} ids and returns when all
     * are done. Inline when there is one thread or too little work to share. A failure is rethrown
     * as the lowest range's, so even errors do not depend on timing.
     */
    public void forRange(int n, int grain, Range body) {
        int chunks = threads == 1 ? 1 : Math.min(threads * 4, Math.max(1, n / Math.max(1, grain)));
        if (chunks <= 1) {
            if (n > 0) body.run(0, n);
            return;
        }
        Throwable[] failed = new Throwable[chunks];
        Phaser done = new Phaser(chunks + 1);
        for (int i = 0; i < chunks; i++) {
            int k = i;
            int from = (int) ((long) n * i / chunks);
            int to = (int) ((long) n * (i + 1) / chunks);
            pool.execute(() -> {
                try {
                    body.run(from, to);
                } catch (Throwable t) {
                    failed[k] = t;
                } finally {
                    done.arrive();
                }
            });
        }
        done.arriveAndAwaitAdvance();
        for (Throwable t : failed) {
            if (t instanceof RuntimeException r) throw r;
            if (t instanceof Error e) throw e;
            if (t != null) throw new IllegalStateException(t);
        }
    }

    @Override
    public void close() {
        if (pool != null) pool.shutdown();
    }
}
