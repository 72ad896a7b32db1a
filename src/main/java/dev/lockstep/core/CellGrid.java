package dev.lockstep.core;

import java.util.Arrays;

/**
 * The nodes' positions bucketed into square cells of about one radius, kept in step with every
 * {@link TimeVaryingGraph#place}: the nodes within the radius of a point lie in its cell or the
 * eight around it, so finding them costs time in proportion to the nodes nearby, not to n.
 *
 * <p>Cells are a hair wider than the radius ({@link #WIDER}) so that rounding can never put a pair
 * the distance test accepts two cells apart: the grid finds exactly the nodes a scan of every node
 * with the same test would. Cell coordinates are clamped to ±{@link #LIMIT} (far-off or infinite
 * positions share the border cells; clamping keeps neighbours neighbours), and NaN lands in cell 0,
 * where the distance test rejects it.
 *
 * <p>Occupied cells live in an open-addressing table (linear probing, entries shifted back on
 * removal, so no tombstones pile up however far nodes wander); each cell heads a singly linked list
 * of its nodes through {@link #next}. The table never holds more cells than nodes, and has at least
 * twice as many slots.
 */
final class CellGrid {
    static final double WIDER = 1 + 1e-9;
    static final long LIMIT = 1L << 30;
    private static final long EMPTY = Long.MIN_VALUE; // no clamped cell packs to this
    private static final long MIX = 0x9E3779B97F4A7C15L;

    private final double radius;
    private final double side;
    private double[] x;
    private double[] y;
    /** Each node's cell, packed by {@link #pack}. */
    private final long[] cellOf;
    /** The next node in the same cell, or -1. */
    private final int[] next;
    private final long[] keys;
    /** The first node of the cell in each slot (meaningless where keys[slot] is EMPTY). */
    private final int[] head;
    private final int shift;
    private int[] buf = new int[16];

    /** The grid of these positions (read, not copied: the owner calls {@link #moved} after each change). */
    CellGrid(double radius, double[] x, double[] y) {
        if (!(radius > 0)) throw new IllegalArgumentException("radius must be positive: " + radius);
        this.radius = radius;
        this.side = radius * WIDER;
        this.x = x;
        this.y = y;
        int n = x.length;
        int capacity = Integer.highestOneBit(Math.max(16, 2 * n - 1)) << 1;
        shift = 64 - Integer.numberOfTrailingZeros(capacity);
        keys = new long[capacity];
        Arrays.fill(keys, EMPTY);
        head = new int[capacity];
        cellOf = new long[n];
        next = new int[n];
        // Added from the highest node down, so every list starts out ascending (not needed, but tidy).
        for (int u = n - 1; u >= 0; u--) {
            cellOf[u] = cellAt(x[u], y[u]);
            add(u);
        }
    }

    private CellGrid(CellGrid o, double[] x, double[] y) {
        radius = o.radius;
        side = o.side;
        this.x = x;
        this.y = y;
        cellOf = o.cellOf.clone();
        next = o.next.clone();
        keys = o.keys.clone();
        head = o.head.clone();
        shift = o.shift;
    }

    /** This grid over a copy of the positions (which must equal the ones it was kept with). */
    CellGrid copy(double[] x, double[] y) {
        return new CellGrid(this, x, y);
    }

    double radius() {
        return radius;
    }

    /** Node u's position changed: it changes cell if it crossed a border. */
    void moved(int u) {
        long cell = cellAt(x[u], y[u]);
        if (cell == cellOf[u]) return;
        remove(u);
        cellOf[u] = cell;
        add(u);
    }

    /**
     * The nodes other than u within the radius of u, ascending, by the test of
     * {@code UnitDisk.within}: dx² + dy² ≤ r², computed exactly as there.
     */
    int[] near(int u) {
        double xu = x[u];
        double yu = y[u];
        double r2 = radius * radius;
        long cell = cellOf[u];
        long cx = cell >> 32;
        long cy = (int) cell;
        int k = 0;
        for (long dc = -1; dc <= 1; dc++) {
            for (long dr = -1; dr <= 1; dr++) {
                int slot = find(pack(cx + dc, cy + dr));
                if (slot < 0) continue;
                for (int v = head[slot]; v >= 0; v = next[v]) {
                    if (v == u) continue;
                    double dx = xu - x[v];
                    double dy = yu - y[v];
                    if (dx * dx + dy * dy <= r2) {
                        if (k == buf.length) buf = Arrays.copyOf(buf, 2 * k);
                        buf[k++] = v;
                    }
                }
            }
        }
        int[] out = Arrays.copyOf(buf, k);
        Arrays.sort(out);
        return out;
    }

    private long cellAt(double px, double py) {
        return pack(coordinate(px), coordinate(py));
    }

    private long coordinate(double p) {
        long c = (long) Math.floor(p / side); // NaN gives 0, ±∞ saturate
        return Math.max(-LIMIT, Math.min(LIMIT, c));
    }

    /** Column and row (each within ±(LIMIT + 1)) in one long: column high, row low. */
    private static long pack(long column, long row) {
        return (column << 32) | (row & 0xFFFF_FFFFL);
    }

    private int home(long key) {
        return (int) ((key * MIX) >>> shift);
    }

    private int find(long key) {
        int mask = keys.length - 1;
        for (int i = home(key); ; i = (i + 1) & mask) {
            if (keys[i] == key) return i;
            if (keys[i] == EMPTY) return -1;
        }
    }

    private void add(int u) {
        long key = cellOf[u];
        int mask = keys.length - 1;
        int i = home(key);
        while (keys[i] != EMPTY && keys[i] != key) i = (i + 1) & mask;
        if (keys[i] == EMPTY) {
            keys[i] = key;
            head[i] = -1;
        }
        next[u] = head[i];
        head[i] = u;
    }

    private void remove(int u) {
        int slot = find(cellOf[u]);
        if (head[slot] == u) {
            head[slot] = next[u];
        } else {
            int v = head[slot];
            while (next[v] != u) v = next[v];
            next[v] = next[u];
        }
        next[u] = -1;
        if (head[slot] < 0) vacate(slot);
    }

    /** Empties a slot and shifts back the entries after it that probed past it (Knuth's Algorithm R). */
    private void vacate(int hole) {
        int mask = keys.length - 1;
        int i = hole;
        for (int j = (i + 1) & mask; keys[j] != EMPTY; j = (j + 1) & mask) {
            int h = home(keys[j]);
            boolean stays = i <= j ? i < h && h <= j : i < h || h <= j;
            if (stays) continue;
            keys[i] = keys[j];
            head[i] = head[j];
            i = j;
        }
        keys[i] = EMPTY;
    }
}
