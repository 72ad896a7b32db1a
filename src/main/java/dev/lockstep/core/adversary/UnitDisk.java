package dev.lockstep.core.adversary;

import dev.lockstep.core.FewInts;
import dev.lockstep.core.Workers;
import java.util.Arrays;

/**
 * Nodes within a radius of each other, found through a grid of radius-sized cells: a pair in
 * range lies in the same or adjacent cells. Pairs are visited one at a time, never collected, so
 * the memory is linear in the nodes however many pairs are in range.
 */
public final class UnitDisk {
    /** Receives pairs in range. */
    @FunctionalInterface
    public interface PairVisitor {
        void pair(int u, int v);
    }

    private final double[] x;
    private final double[] y;
    private final double radius;
    /** Distinct column and row indices of the occupied cells, ascending. */
    private final long[] columns;
    private final long[] rows;
    /** Each node's column and row, as indices into {@link #columns} and {@link #rows}. */
    private final int[] col;
    private final int[] row;
    /** Occupied cells as col * rows.length + row, ascending; cell c holds members[start[c]..start[c+1]). */
    private final long[] cells;
    private final int[] start;
    /** Nodes by cell, ascending within each cell. */
    private final int[] members;
    /**
     * Every cell key's index into {@link #cells} (−1 where unoccupied), when the occupied columns
     * times rows are few enough (a layout spread evenly: about a cell per node or two); else null,
     * and a key is looked up in {@link #cells} by binary search.
     */
    private final int[] cellIndex;
    private int[] buf = new int[16];
    /** Nodes per range of {@link #pairs} at the least. */
    private static final int PAIR_GRAIN = 4096;

    private UnitDisk(double[] x, double[] y, double radius) {
        this.x = x;
        this.y = y;
        this.radius = radius;
        int n = x.length;
        double minX = Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            minX = Math.min(minX, x[i]);
            minY = Math.min(minY, y[i]);
        }
        long[] cx = new long[n];
        long[] cy = new long[n];
        for (int i = 0; i < n; i++) {
            cx[i] = (long) Math.floor((x[i] - minX) / radius);
            cy[i] = (long) Math.floor((y[i] - minY) / radius);
        }
        columns = distinct(cx);
        rows = distinct(cy);
        col = new int[n];
        row = new int[n];
        long[] key = new long[n];
        for (int i = 0; i < n; i++) {
            col[i] = Arrays.binarySearch(columns, cx[i]);
            row[i] = Arrays.binarySearch(rows, cy[i]);
            key[i] = cellKey(col[i], row[i]);
        }
        cells = distinct(key);
        long span = (long) columns.length * rows.length;
        if (span <= 4L * n + 64) {
            cellIndex = new int[(int) span];
            Arrays.fill(cellIndex, -1);
            for (int c = 0; c < cells.length; c++) cellIndex[(int) cells[c]] = c;
        } else {
            cellIndex = null;
        }
        // Counting sort by cell keeps the nodes of a cell in ascending order.
        start = new int[cells.length + 1];
        int[] cellOf = new int[n];
        for (int i = 0; i < n; i++) {
            cellOf[i] = cell(key[i]);
            start[cellOf[i] + 1]++;
        }
        for (int c = 0; c < cells.length; c++) start[c + 1] += start[c];
        members = new int[n];
        int[] fill = Arrays.copyOf(start, cells.length);
        for (int i = 0; i < n; i++) members[fill[cellOf[i]]++] = i;
    }

    /** The same grid with scratch space of its own, for another thread. */
    private UnitDisk(UnitDisk o) {
        x = o.x;
        y = o.y;
        radius = o.radius;
        columns = o.columns;
        rows = o.rows;
        col = o.col;
        row = o.row;
        cells = o.cells;
        start = o.start;
        members = o.members;
        cellIndex = o.cellIndex;
    }

    /** The grid of these positions (the arrays are read, not copied: do not move nodes while using it). */
    public static UnitDisk of(double[] x, double[] y, double radius) {
        if (x.length != y.length) throw new IllegalArgumentException("x and y differ in length");
        if (!(radius > 0)) throw new IllegalArgumentException("radius must be positive: " + radius);
        return new UnitDisk(x, y, radius);
    }

    private static long[] distinct(long[] values) {
        long[] s = values.clone();
        Arrays.sort(s);
        int k = 0;
        for (int i = 0; i < s.length; i++) if (i == 0 || s[i] != s[i - 1]) s[k++] = s[i];
        return Arrays.copyOf(s, k);
    }

    private long cellKey(int c, int r) {
        return (long) c * rows.length + r;
    }

    /** The index into {@link #cells} of an occupied cell's key, else a negative number. */
    private int cell(long key) {
        return cellIndex != null ? cellIndex[(int) key] : Arrays.binarySearch(cells, key);
    }

    public static boolean within(double x1, double y1, double x2, double y2, double radius) {
        double dx = x1 - x2;
        double dy = y1 - y2;
        return dx * dx + dy * dy <= radius * radius;
    }

    /**
     * Every pair u &lt; v within the radius, in ascending (u, v) order: for each u its partners are
     * found, sorted and visited before the next u is looked at, so the visitor may change the graph
     * (not the positions) as it goes.
     */
    public void forEachPair(PairVisitor visitor) {
        for (int u = 0, n = x.length; u < n; u++) {
            int k = partners(u, true, Integer.MAX_VALUE);
            FewInts.sort(buf, k);
            for (int i = 0; i < k; i++) visitor.pair(u, buf[i]);
        }
    }

    /**
     * Every pair u &lt; v within the radius, as {@link #forEachPair} visits them: u's partners above
     * it, ascending, are {@code partners[offsets[u] .. offsets[u + 1])}. Found on the workers, each
     * over ranges of nodes with scratch space of its own, and put together in node order.
     */
    public record Pairs(int[] offsets, int[] partners) {}

    /** {@link Pairs} of this grid; uses the grid's arrays from several threads, which only read them. */
    public Pairs pairs(Workers workers) {
        return pairs(workers, PAIR_GRAIN);
    }

    /** As {@link #pairs(Workers)}, in ranges of at least {@code grain} nodes (tests: split small layouts). */
    Pairs pairs(Workers workers, int grain) {
        int n = x.length;
        int chunks = Math.max(1, Math.min(4 * workers.threads(), n / grain));
        int[][] found = new int[chunks][];
        int[] offsets = new int[n + 1];
        workers.forRange(chunks, 1, (first, last) -> {
            UnitDisk own = new UnitDisk(this);
            for (int c = first; c < last; c++) {
                int from = (int) ((long) n * c / chunks);
                int to = (int) ((long) n * (c + 1) / chunks);
                int[] out = new int[Math.max(16, 4 * (to - from))];
                int size = 0;
                for (int u = from; u < to; u++) {
                    int k = own.partners(u, true, Integer.MAX_VALUE);
                    FewInts.sort(own.buf, k);
                    if (size + k > out.length) out = Arrays.copyOf(out, Math.max(2 * out.length, size + k));
                    System.arraycopy(own.buf, 0, out, size, k);
                    size += k;
                    offsets[u + 1] = k;
                }
                found[c] = Arrays.copyOf(out, size);
            }
        });
        for (int u = 0; u < n; u++) offsets[u + 1] += offsets[u];
        int[] partners = new int[offsets[n]];
        for (int c = 0, at = 0; c < chunks; c++) {
            System.arraycopy(found[c], 0, partners, at, found[c].length);
            at += found[c].length;
        }
        return new Pairs(offsets, partners);
    }

    /**
     * A node with more than {@code limit} others within the radius, or -1 if none has. Takes
     * O(n log n + n·limit) time on any layout, however dense: a crowd shows first in a cell of
     * half the radius, all of whose nodes are within the radius of each other; once no such cell
     * holds more than limit + 1 nodes, no radius-sized cell holds more than 9 (limit + 1).
     */
    public static int crowded(double[] x, double[] y, double radius, int limit) {
        if (radius / 2 > 0) {
            int dense = of(x, y, radius / 2).firstInCellLargerThan(limit + 1);
            if (dense >= 0) return dense;
        }
        UnitDisk grid = of(x, y, radius);
        for (int u = 0; u < x.length; u++) if (grid.countWithin(u, limit) > limit) return u;
        return -1;
    }

    /** The nodes above u within the radius, ascending (what {@link #forEachPair} pairs u with). */
    public int[] partnersAbove(int u) {
        int k = partners(u, true, Integer.MAX_VALUE);
        int[] out = Arrays.copyOf(buf, k);
        Arrays.sort(out);
        return out;
    }

    /** How many other nodes are within the radius of u, counting no further than {@code limit} + 1. */
    public int countWithin(int u, int limit) {
        return partners(u, false, limit);
    }

    /** The lowest node of a cell holding more than {@code count} nodes, or -1 if none does. */
    int firstInCellLargerThan(int count) {
        int first = -1;
        for (int c = 0; c < cells.length; c++) {
            if (start[c + 1] - start[c] > count && (first < 0 || members[start[c]] < first)) first = members[start[c]];
        }
        return first;
    }

    /** Fills {@link #buf} with u's partners in range (only those above u if {@code above}); at most limit + 1. */
    private int partners(int u, boolean above, int limit) {
        double r2 = radius * radius;
        int k = 0;
        for (int dc = -1; dc <= 1; dc++) {
            int c = neighbour(columns, col[u], dc);
            if (c < 0) continue;
            for (int dr = -1; dr <= 1; dr++) {
                int r = neighbour(rows, row[u], dr);
                if (r < 0) continue;
                int cell = cell(cellKey(c, r));
                if (cell < 0) continue;
                int from = start[cell];
                int to = start[cell + 1];
                if (above) from = firstAbove(from, to, u);
                for (int i = from; i < to; i++) {
                    int v = members[i];
                    if (v == u) continue;
                    double dx = x[u] - x[v];
                    double dy = y[u] - y[v];
                    if (dx * dx + dy * dy <= r2) {
                        if (k == buf.length) buf = Arrays.copyOf(buf, 2 * k);
                        buf[k++] = v;
                        if (k > limit) return k;
                    }
                }
            }
        }
        return k;
    }

    /** Index in {@code values} of the column (row) next to values[i] in direction d, or -1 if unoccupied. */
    private static int neighbour(long[] values, int i, int d) {
        if (d == 0) return i;
        int j = i + d;
        if (j < 0 || j >= values.length) return -1;
        return values[j] == values[i] + d ? j : -1; // values[i] + 1 cannot overflow: values[j] > values[i]
    }

    private int firstAbove(int from, int to, int u) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (members[mid] <= u) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }
}
