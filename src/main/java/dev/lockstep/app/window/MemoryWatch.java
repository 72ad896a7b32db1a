package dev.lockstep.app.window;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Whether the heap is nearly full of live data, so that playing on would run out of memory. A
 * session keeps its whole history (every execution with its narration and state, about 400 bytes
 * each), so a 1,000-node run left playing at 4 rounds a second fills a 4 GB heap in under half
 * an hour, a 10,000-node one in a few minutes; the window pauses instead of failing
 * (PERFORMANCE.md, "Time travel").
 *
 * <p>It watches the old generation (the largest heap pool), where a long-lived history ends up.
 * Its usage counts dead objects too until the collector gets to them, so a reading above the
 * limit is confirmed after a full collection: one pause of a fraction of a second when the heap
 * really is nearly full, and after that a false alarm drops the usage well below the limit, so it
 * is not repeated until the heap has grown again. The pool's collection usage would need no such
 * collection, but G1 and the parallel collector update it only at old-generation collections,
 * which a growing heap may not see before it is full.
 */
public final class MemoryWatch {
    /** The share of the old generation's maximum above which the heap counts as nearly full. */
    static final double LIMIT = 0.85;
    private static final long EVERY_NANOS = 1_000_000_000L;

    private final LongSupplier used;
    private final long max;
    private final Runnable collect;
    private long lastLook = Long.MIN_VALUE;
    private boolean full;

    /**
     * A watch over {@code used} bytes of at most {@code max}; {@code collect} runs a full
     * collection (tests pass their own).
     */
    public MemoryWatch(LongSupplier used, long max, Runnable collect) {
        this.used = used;
        this.max = max;
        this.collect = collect;
    }

    /** The watch over this JVM's old generation; never full if the JVM names no bounded heap pool. */
    public static MemoryWatch ofThisJvm() {
        MemoryPoolMXBean old = null;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() != MemoryType.HEAP || !p.isValid()) continue;
            long m = p.getUsage().getMax();
            if (m > 0 && (old == null || m > old.getUsage().getMax())) old = p;
        }
        if (old == null) return new MemoryWatch(() -> 0, Long.MAX_VALUE, () -> { });
        MemoryPoolMXBean pool = old;
        return new MemoryWatch(() -> pool.getUsage().getUsed(), pool.getUsage().getMax(), System::gc);
    }

    /**
     * Whether the heap is nearly full, looking at most once a second ({@code nowNanos} from the
     * caller's clock); between looks, the last answer.
     */
    public boolean nearlyFull(long nowNanos) {
        if (lastLook != Long.MIN_VALUE && nowNanos - lastLook < EVERY_NANOS) return full;
        lastLook = nowNanos;
        full = false;
        if (used.getAsLong() <= LIMIT * max) return false;
        collect.run();
        full = used.getAsLong() > LIMIT * max;
        return full;
    }

    /** What the person is told when playing stops for memory. */
    public String message() {
        return String.format(Locale.ROOT,
                "Paused: the history fills %d %% of Java's %.1f GB. Ctrl+S saves the session; "
                        + "for more memory: java -Xmx8g -jar lockstep.jar gui",
                Math.round(100.0 * used.getAsLong() / max), max / 1e9);
    }
}
