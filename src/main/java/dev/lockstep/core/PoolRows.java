package dev.lockstep.core;

import java.util.Arrays;

/**
 * {@link Channels}' pool, the parts that need no pool: its room classes, the word that tells
 * where a node's row lies, the layout's passes over every row (on the workers, in fixed blocks
 * of nodes) and the layout of the rows in place (slid into node order in the pool's own columns,
 * so that a round's end allocates nothing when the pool holds the layout).
 */
final class PoolRows {
    /**
     * Room sizes, in slots, by class: 0, 1, 2, 3, then growing by half and by a third in turn
     * (4, 6, 8, 12, 16, …), so a room's spare stays under a third of it.
     */
    static final int[] ROOMS;
    /** Bits of a row word's length (its messages in transit); a row's start has the low 32, its room class the top 6. */
    static final int SIZE_BITS = 26;
    static final long SIZE_MASK = (1L << SIZE_BITS) - 1;
    static final int CLASS_SHIFT = 32 + SIZE_BITS;
    /** Ints per slot in the pool's {@code cell} column. */
    static final int W = 5;

    static {
        int[] r = new int[1 << (64 - CLASS_SHIFT)];
        for (int c = 0; c < r.length; c++) {
            // 2^k and 3·2^(k-1), interleaved from 2 on; capped where a pool's columns would overflow
            r[c] = c < 2 ? c : (int) Math.min(Integer.MAX_VALUE / W, (c % 2 == 0 ? 2L : 3L) << Math.min(40, c / 2 - 1));
        }
        ROOMS = r;
    }

    /** {@link #classFor} of 0..SMALL−1 slots, read rather than searched: a layout asks it of every row. */
    private static final byte[] SMALL = new byte[256];

    static {
        for (int s = 0, c = 0; s < SMALL.length; s++) {
            while (ROOMS[c] < s) c++;
            SMALL[s] = (byte) c;
        }
    }

    /** The smallest room class holding {@code slots}. */
    static int classFor(int slots) {
        if (slots < SMALL.length) return SMALL[slots];
        int c = SMALL[SMALL.length - 1];
        while (ROOMS[c] < slots) c++;
        return c;
    }

    static int start(long r) { return (int) r; }

    static int size(long r) { return (int) ((r >>> 32) & SIZE_MASK); }

    static int roomClass(long r) { return (int) (r >>> CLASS_SHIFT); }

    static long row(int start, int size, int roomClass) {
        return (start & 0xFFFFFFFFL) | (long) size << 32 | (long) roomClass << CLASS_SHIFT;
    }

    private PoolRows() {}

    /** The rooms' slots past which a round's end lays a pool of {@code rows} out: half again its messages, and a slot of slack a row. */
    static long roomsAllowed(long messages, int rows) { return messages + (messages >> 1) + rows + 64; }

    /**
     * Rows in node order in the same columns, each to the room its new class (already in its row
     * word) gives it at the prefix sum of the rooms, {@code rooms} slots in all. The rows that
     * never moved since the last layout ({@code strayed}'s bit clear) still lie in node order, as
     * do their new rooms; sliding the ones going down in ascending order and then the
     * ones going up in descending order never overwrites a row not yet moved (a row going down
     * lands below its own start and below the next rows' new rooms; one going up lands above its
     * own start and below the rows after it, moved already). Rows that strayed lie anywhere, so
     * they first go aside, past every row's old and new slots (the pool's tail if it has room for
     * them, else a few columns made for them, a fraction of the pool), and come back last.
     * {@code message} is null when every message has its code in its slot ({@link MessageCodec}).
     */
    static void layOut(long[] row, long[] strayed, int[] cell, Message[] message, int end, int rooms, int strays) {
        int n = row.length;
        int from = Math.max(end, rooms);
        boolean tail = from + (long) strays <= cell.length / W;
        int[] asideCell = tail ? cell : new int[W * strays];
        Message[] asideMessage = tail || message == null ? message : new Message[strays];
        int aside = tail ? from : 0;
        int a = aside;
        // only the rows that strayed go aside: their bits, in node order, not every row
        for (int k = 0; k < strayed.length; k++) {
            for (long bits = strayed[k]; bits != 0; bits &= bits - 1) {
                long r = row[k << 6 | Long.numberOfTrailingZeros(bits)];
                int s = size(r);
                if (s > 0) {
                    System.arraycopy(cell, W * start(r), asideCell, W * a, W * s);
                    if (message != null) System.arraycopy(message, start(r), asideMessage, a, s);
                    a += s;
                }
            }
        }
        int stale = tail ? a : end;
        for (int u = 0, p = 0; u < n; p += ROOMS[roomClass(row[u])], u++) {
            long r = row[u];
            if (size(r) > 0 && p < start(r) && !strayed(strayed, u)) copy(cell, message, start(r), p, size(r));
        }
        for (int u = n - 1, p = rooms; u >= 0; u--) {
            long r = row[u];
            p -= ROOMS[roomClass(r)];
            if (size(r) > 0 && p > start(r) && !strayed(strayed, u)) copy(cell, message, start(r), p, size(r));
        }
        a = aside;
        int w = 0; // the end of the last row put in place: what lies between it and the next is stale
        for (int u = 0, p = 0; u < n; u++) {
            long r = row[u];
            int s = size(r);
            if (s > 0 && strayed(strayed, u)) {
                System.arraycopy(asideCell, W * a, cell, W * p, W * s);
                if (message != null) System.arraycopy(asideMessage, a, message, p, s);
                a += s;
            }
            if (w < p && message != null) Arrays.fill(message, w, p, null);
            row[u] = row(p, s, roomClass(r));
            w = p + s;
            p += ROOMS[roomClass(r)];
        }
        if (w < stale && message != null) Arrays.fill(message, w, stale, null); // messages no row holds may be garbage
    }

    private static void copy(int[] cell, Message[] message, int from, int to, int slots) {
        System.arraycopy(cell, W * from, cell, W * to, W * slots);
        if (message != null) System.arraycopy(message, from, message, to, slots);
    }

    /**
     * Gives every row the class of the room it will have in a layout (the moves read only their
     * start and size): the smallest holding the row and one message more, or, for a row that
     * moved since the last layout ({@code strayed}'s bit set), a class above the smallest holding
     * the row if it had one, since a box that grew this round mostly grows again the next. The
     * slot of slack is for the sends that reach a node before its own execution takes its message
     * out: laid out tight, half of all appends moved their row (a million nodes, 10 rounds: 6.5 M
     * of 12.8 M), and every move copies the row and leaves a room for the next layout to clear. Giving every
     * row the class it had instead held a third more slots at a million nodes, past the 400 bytes
     * a node; the slot costs 21 (PERFORMANCE.md "Memory per node"). On the workers, in blocks of {@code block} nodes;
     * returns per block three sums: its rooms, the rooms its rows' sizes alone need, and the
     * messages of its rows that moved (integers, so any thread count gives the same).
     */
    static long[] classes(long[] row, long[] strayed, Workers workers, int block) {
        int n = row.length;
        int blocks = blocks(n, block);
        long[] sums = new long[3 * blocks];
        workers.forRange(blocks, 1, (bf, bt) -> {
            for (int b = bf; b < bt; b++) {
                long rooms = 0;
                long tight = 0;
                long strays = 0;
                for (int u = b * block, e = blockEnd(b, block, n); u < e; u++) {
                    long r = row[u];
                    int s = size(r);
                    int c = s < SMALL.length ? SMALL[s] : classFor(s);
                    int had = roomClass(r);
                    tight += ROOMS[c];
                    int slack = s + 1 < SMALL.length ? SMALL[s + 1] : classFor(s + 1);
                    if ((strayed[u >>> 6] & 1L << u) != 0) {
                        strays += s;
                        c = Math.max(c, Math.min(had, c + 1));
                    }
                    c = Math.max(c, slack);
                    rooms += ROOMS[c];
                    // most rows keep their class: their word is left as it is, its cache line clean
                    if (c != had) row[u] = row(start(r), s, c);
                }
                sums[3 * b] = rooms;
                sums[3 * b + 1] = tight;
                sums[3 * b + 2] = strays;
            }
        });
        return sums;
    }

    /** Gives every row the smallest class holding it after all, each block's rooms its tight sum. */
    static void tighten(long[] row, Workers workers, int block, long[] sums) {
        int n = row.length;
        workers.forRange(blocks(n, block), 1, (bf, bt) -> {
            for (int b = bf; b < bt; b++) {
                for (int u = b * block, e = blockEnd(b, block, n); u < e; u++) {
                    long r = row[u];
                    row[u] = row(start(r), size(r), classFor(size(r)));
                }
                sums[3 * b] = sums[3 * b + 1];
            }
        });
    }

    /**
     * Copies the rows in node order from the old columns into fresh ones, each into a room of the
     * class its row word names, and points the row words there: block by block on the workers,
     * each block at the sum of the rooms of the blocks before it ({@code sums[3b]}: block b's), so
     * the blocks write disjoint rows and slots. The message columns are null when the messages
     * all have codes.
     */
    static void copyRows(long[] row, int[] oCell, Message[] oMessage, int[] cell, Message[] message, Workers workers,
            int block, long[] sums) {
        int n = row.length;
        int blocks = blocks(n, block);
        long[] at = new long[blocks];
        for (int b = 1; b < blocks; b++) at[b] = at[b - 1] + sums[3 * (b - 1)];
        workers.forRange(blocks, 1, (bf, bt) -> {
            for (int b = bf; b < bt; b++) {
                int w = (int) at[b];
                for (int u = b * block, e = blockEnd(b, block, n); u < e; u++) {
                    long r = row[u];
                    int s = size(r);
                    if (s != 0) { // an empty row has nothing to copy
                        int from = start(r);
                        System.arraycopy(oCell, W * from, cell, W * w, W * s);
                        if (message != null) System.arraycopy(oMessage, from, message, w, s);
                    }
                    row[u] = row(w, s, roomClass(r));
                    w += ROOMS[roomClass(r)];
                }
            }
        });
    }

    private static int blocks(int n, int block) { return n == 0 ? 0 : (n - 1) / block + 1; }

    private static int blockEnd(int b, int block, int n) { return (int) Math.min(n, (b + 1L) * block); }

    private static boolean strayed(long[] strayed, int u) { return (strayed[u >>> 6] & 1L << u) != 0; }
}
