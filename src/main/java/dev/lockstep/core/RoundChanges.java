package dev.lockstep.core;

import java.util.Arrays;

/**
 * The nodes touched since the last end of round (state, calls, inbox, ports, detectors or
 * region changed), for checks that need to look at those only. Deterministic: a bit set against
 * duplicates and an int list, sorted when read; past n/64 entries the list stops growing and the
 * bit set alone is read (in order), so the list never holds more than a word's worth a 64 nodes. Starts (and, in a copy, restarts) as "unknown",
 * so the first end of round after a copy or a restore looks at every node.
 */
final class RoundChanges {
    private final long[] seen;
    private int[] list = new int[16];
    private int size;
    private boolean unknown = true;

    RoundChanges(int n) {
        seen = new long[(n + 63) >>> 6];
    }

    void touch(int u) {
        int w = u >>> 6;
        long bit = 1L << u;
        if (unknown || (seen[w] & bit) != 0) return;
        seen[w] |= bit;
        add(u);
    }

    /** {@link #touch} of each node of word w (bit v &amp; 63 for node v) in {@code bits}. */
    void touchWord(int w, long bits) {
        if (unknown) return;
        long fresh = bits & ~seen[w];
        seen[w] |= fresh;
        for (; fresh != 0; fresh &= fresh - 1) add((w << 6) + Long.numberOfTrailingZeros(fresh));
    }

    private void add(int u) {
        if (size < list.length) {
            list[size] = u;
        } else if (size <= seen.length) {
            list = Arrays.copyOf(list, Math.min(size * 2, seen.length + 1));
            list[size] = u;
        }
        size++;
    }

    /** The touched nodes in increasing order, or null when unknown (every node may have changed). */
    int[] sorted() {
        if (unknown) return null;
        int[] out = new int[size];
        if (size > seen.length) {
            // many: reading the bit set in order is cheaper than sorting the list
            int k = 0;
            for (int w = 0; w < seen.length; w++) {
                for (long bits = seen[w]; bits != 0; bits &= bits - 1) out[k++] = (w << 6) + Long.numberOfTrailingZeros(bits);
            }
        } else {
            System.arraycopy(list, 0, out, 0, size);
            Arrays.sort(out);
        }
        return out;
    }

    /** The end-of-round checks have seen this round: start collecting the next. */
    void clear() {
        if (size > list.length) Arrays.fill(seen, 0L);
        else for (int i = 0; i < size; i++) seen[list[i] >>> 6] = 0;
        size = 0;
        unknown = false;
    }
}
