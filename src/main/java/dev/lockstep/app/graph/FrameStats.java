package dev.lockstep.app.graph;

/**
 * Counts the frames the graph view draws, for the frame rate the GUI benchmark reads; with
 * {@code -Dlockstep.debugFrames=true}, prints the drawing time every 100 frames.
 */
final class FrameStats {
    private static final boolean DEBUG = Boolean.getBoolean("lockstep.debugFrames");
    private final long[] times = new long[512];
    private int count;
    private long renderNanos;

    /** A frame was drawn at {@code now}, taking {@code nanos} on the FX thread. */
    void drawn(long now, long nanos, Painter painter) {
        times[count++ % times.length] = now;
        renderNanos += nanos;
        if (DEBUG && count % 100 == 0) {
            System.err.printf("frames %d: %.2f ms per frame drawing on the FX thread; painter %.2f ms%n", count,
                    renderNanos / 1e6 / 100, painter.nanos / 1e6 / 100);
            renderNanos = 0;
            painter.nanos = 0;
        }
    }

    /** Frames drawn over the last second. */
    double perSecond() {
        long now = System.nanoTime();
        int n = 0;
        int k = Math.min(count, times.length);
        for (int i = 0; i < k; i++) {
            long t = times[Math.floorMod(count - 1 - i, times.length)];
            if (now - t <= 1_000_000_000L) n++;
            else break;
        }
        return n;
    }

    long count() {
        return count;
    }
}
