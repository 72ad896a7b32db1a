package dev.lockstep.core;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Phaser;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Threads for the parts of a round that work on nodes independently (issue 13: "every core
 * used"). Work is split into ranges of node ids; each range writes only its own slots, and the
 * caller merges them in id order, so the result is the same for any thread count. One thread runs
 * everything inline on the caller's thread.
 */
public final class Workers implements AutoCloseable {
    /** Everything on the caller's thread: the default of every simulation. */
    public static final Workers SINGLE = new Workers(1);
    /** The start of the pool threads' names, numbered from 0 (profiles tell them apart by it). */
    public static final String THREAD_NAME = "lockstep-worker-";

    private final int threads;
    private final ExecutorService pool;

    public Workers(int threads) {
        if (threads < 1) throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        this.threads = threads;
        int[] made = {0};
        // the caller is one of the threads: it takes ranges too, rather than waiting for the pool
        this.pool = threads == 1 ? null : Executors.newFixedThreadPool(threads - 1, r -> {
            Thread t = new Thread(r, THREAD_NAME + made[0]++);
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
     * are done. Inline when there is one thread or too little work to share. The ranges are fixed
     * by n and the thread count; the caller's thread and the pool's take them in turn as each is
     * done, so which thread runs a range varies but never what it computes. The caller takes its
     * share instead of waiting: a range of the data it just wrote stays in its core's cache (on the
     * 2-core machine two pool threads and an idle caller ran 100,000 nodes slower than one thread,
     * PERFORMANCE.md "Parallel rounds"). A failure is rethrown as the lowest range's, so even errors do
     * not depend on timing.
     */
    public void forRange(int n, int grain, Range body) {
        int chunks = threads == 1 ? 1 : Math.min(threads * 4, Math.max(1, n / Math.max(1, grain)));
        if (chunks <= 1) {
            if (n > 0) body.run(0, n);
            return;
        }
        Throwable[] failed = new Throwable[chunks];
        AtomicInteger next = new AtomicInteger();
        Runnable share = () -> {
            for (int k; (k = next.getAndIncrement()) < chunks; ) {
                try {
                    body.run((int) ((long) n * k / chunks), (int) ((long) n * (k + 1) / chunks));
                } catch (Throwable t) {
                    failed[k] = t;
                }
            }
        };
        int helpers = Math.min(threads - 1, chunks - 1);
        Phaser done = new Phaser(helpers + 1);
        for (int i = 0; i < helpers; i++) {
            pool.execute(() -> {
                try {
                    share.run();
                } finally {
                    done.arrive();
                }
            });
        }
        share.run();
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
