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
 * <p>The grid is laid out for the cache, because a mobile run asks about ten thousand random
 * places a round and each question's misses were most of a move's cost (PERFORMANCE.md "Moving nodes"):
 * <ul>
 *   <li>The <em>settled</em> layout, built by {@link #settle}: every node's id and a copy of its
 *       coordinates, sorted by cell into two flat arrays, and the cells of the box around the
 *       nodes indexed densely, row by row. The three cells of a row of the 3×3 neighbourhood are
 *       one run of entries, so a question reads three short runs, not nine hash slots and a
 *       linked list through random nodes. When the box holds more than 4n + 64 cells (a sparse
 *       or far-flung layout), each dense cell groups 2^k × 2^k cells a side: grouping is
 *       monotone and keeps adjacent cells adjacent, so the answers stay exact.</li>
 *   <li>A node that moves within its settled cell updates its copy in place. One that moves to
 *       another cell marks its entry dead (its copied x becomes NaN, which the distance test
 *       rejects) and joins the list of nodes that left for that cell, through {@link #movedNext},
 *       read with the positions themselves. {@link #settle} (the graph's end of a round) builds
 *       the layout afresh once those lists hold more than a sixteenth of the nodes.</li>
 * </ul>
 * Positions outside the settled box are clamped to its border cells, which keeps adjacent cells
 * adjacent too.
 */
final class CellGrid {
    static final double WIDER = 1 + 1e-9;
    static final long LIMIT = 1L << 30;

    private final double radius;
    private final double side;
    private final double[] x;
    private final double[] y;
    /** The absolute cell coordinates of dense cell (0, 0), and how many absolute cells a dense cell spans a side (as a shift). */
    private long column0;
    private long row0;
    private int shift;
    private int columns;
    private int rows;
    /** Dense cell c's settled entries are [cellStart[c], cellStart[c + 1]); cells row by row. */
    private int[] cellStart;
    /** Settled entries: the node, and its x and y (x NaN once the node left the cell). */
    private int[] ids;
    private double[] xy;
    /** Each node's settled entry, or -1 once it left that entry's cell. */
    private int[] entryOf;
    /** Each node's dense cell now. */
    private int[] cell;
    /** Per dense cell, the first node that left its settled cell for this one, or -1; then through {@link #movedNext}. */
    private int[] movedHead;
    private int[] movedNext;
    /** Nodes in the moved lists. */
    private int moved;
    private int[] buf = new int[16];

    /** The grid of these positions (read, not copied: the owner calls {@link #moved} after each change). */
    CellGrid(double radius, double[] x, double[] y) {
        if (!(radius > 0)) throw new IllegalArgumentException("radius must be positive: " + radius);
        this.radius = radius;
        this.side = radius * WIDER;
        this.x = x;
        this.y = y;
        build();
    }

    private CellGrid(CellGrid o, double[] x, double[] y) {
        radius = o.radius;
        side = o.side;
        this.x = x;
        this.y = y;
        column0 = o.column0;
        row0 = o.row0;
        shift = o.shift;
        columns = o.columns;
        rows = o.rows;
        cellStart = o.cellStart.clone();
        ids = o.ids.clone();
        xy = o.xy.clone();
        entryOf = o.entryOf.clone();
        cell = o.cell.clone();
        movedHead = o.movedHead.clone();
        movedNext = o.movedNext.clone();
        moved = o.moved;
    }

    /** This grid over a copy of the positions (which must equal the ones it was kept with). */
    CellGrid copy(double[] x, double[] y) {
        return new CellGrid(this, x, y);
    }

    double radius() {
        return radius;
    }

    /** Dense cells a row. */
    int columns() {
        return columns;
    }

    int rows() {
        return rows;
    }

    /** Between rounds: the layout is built afresh once more than a sixteenth of the nodes left their settled cells. */
    void settle() {
        if (moved > (x.length >> 4)) build();
    }

    /** Nodes that left their settled cells since the layout was built (for tests). */
    int movedSinceLayout() {
        return moved;
    }

    private void build() {
        int n = x.length;
        long minC = Long.MAX_VALUE, maxC = Long.MIN_VALUE, minR = Long.MAX_VALUE, maxR = Long.MIN_VALUE;
        for (int u = 0; u < n; u++) {
            long c = coordinate(x[u]);
            long r = coordinate(y[u]);
            minC = Math.min(minC, c);
            maxC = Math.max(maxC, c);
            minR = Math.min(minR, r);
            maxR = Math.max(maxR, r);
        }
        if (n == 0) minC = maxC = minR = maxR = 0;
        column0 = minC;
        row0 = minR;
        long limit = Math.min(4L * n + 64, 1 << 30);
        shift = 0;
        while ((((maxC - minC) >> shift) + 1) * (((maxR - minR) >> shift) + 1) > limit) shift++;
        columns = (int) (((maxC - minC) >> shift) + 1);
        rows = (int) (((maxR - minR) >> shift) + 1);
        int cells = columns * rows;
        if (cellStart == null || cellStart.length != cells + 1) {
            cellStart = new int[cells + 1];
            movedHead = new int[cells];
        } else {
            Arrays.fill(cellStart, 0);
        }
        if (cell == null) {
            ids = new int[n];
            xy = new double[2 * n];
            entryOf = new int[n];
            cell = new int[n];
            movedNext = new int[n];
        }
        Arrays.fill(movedHead, -1);
        moved = 0;
        for (int u = 0; u < n; u++) {
            cell[u] = cellAt(x[u], y[u]);
            cellStart[cell[u] + 1]++;
        }
        for (int c = 0; c < cells; c++) cellStart[c + 1] += cellStart[c];
        int[] fill = Arrays.copyOf(cellStart, cells);
        for (int u = 0; u < n; u++) {
            int e = fill[cell[u]]++;
            ids[e] = u;
            xy[2 * e] = x[u];
            xy[2 * e + 1] = y[u];
            entryOf[u] = e;
        }
    }

    /**
     * Node u's position changed: its settled copy follows it within its cell, else it joins the
     * moved list of its new cell. In a parallel batch of moves ({@code share} not null) the count
     * of moved nodes goes to the share; everything else it writes belongs to u's old and new cells.
     */
    void moved(int u, MoveShare share) {
        int c = cellAt(x[u], y[u]);
        int e = entryOf[u];
        if (e >= 0) {
            if (c == cell[u]) {
                xy[2 * e] = x[u];
                xy[2 * e + 1] = y[u];
                return;
            }
            xy[2 * e] = Double.NaN;
            entryOf[u] = -1;
        } else {
            if (c == cell[u]) return;
            unlink(u);
            if (share == null) moved--;
            else share.gridMoved--;
        }
        cell[u] = c;
        movedNext[u] = movedHead[c];
        movedHead[c] = u;
        if (share == null) moved++;
        else share.gridMoved++;
    }

    /** A parallel batch's count of moved nodes, summed over its threads. */
    void merge(int movedDelta) {
        moved += movedDelta;
    }

    private void unlink(int u) {
        int c = cell[u];
        if (movedHead[c] == u) {
            movedHead[c] = movedNext[u];
            return;
        }
        int v = movedHead[c];
        while (movedNext[v] != u) v = movedNext[v];
        movedNext[v] = movedNext[u];
    }

    /**
     * The nodes other than u within the radius of u, ascending, by the test of
     * {@code UnitDisk.within}: dx² + dy² ≤ r², computed exactly as there.
     */
    int[] near(int u) {
        int k = nearInto(u, null); // first: the question may grow the buffer
        return Arrays.copyOf(buf, k);
    }

    /**
     * {@link #near} into {@link #nearBuffer()}'s first entries, valid until the next question, or
     * into the share's buffer in a parallel batch of moves; returns how many.
     */
    int nearInto(int u, MoveShare share) {
        int[] out = share == null ? buf : share.near;
        double xu = x[u];
        double yu = y[u];
        double r2 = radius * radius;
        int c = cell[u];
        int column = c % columns;
        int row = c / columns;
        int first = Math.max(0, column - 1);
        int last = Math.min(columns - 1, column + 1);
        int k = 0;
        for (int r = Math.max(0, row - 1), rLast = Math.min(rows - 1, row + 1); r <= rLast; r++) {
            int base = r * columns;
            int from = cellStart[base + first];
            int end = cellStart[base + last + 1];
            if (out.length < k + end - from) out = Arrays.copyOf(out, Math.max(2 * out.length, k + end - from));
            // Every candidate is written and kept only if in range: no branch on the distance,
            // which no predictor guesses (half a move's time went to those branches).
            for (int e = from; e < end; e++) {
                double dx = xu - xy[2 * e];
                double dy = yu - xy[2 * e + 1];
                int v = ids[e];
                out[k] = v;
                k += dx * dx + dy * dy <= r2 & v != u ? 1 : 0;
            }
            for (int cc = base + first; cc <= base + last; cc++) {
                for (int v = movedHead[cc]; v >= 0; v = movedNext[v]) {
                    double dx = xu - x[v];
                    double dy = yu - y[v];
                    if (dx * dx + dy * dy <= r2 && v != u) {
                        if (k == out.length) out = Arrays.copyOf(out, 2 * k);
                        out[k++] = v;
                    }
                }
            }
        }
        FewInts.sort(out, k);
        if (share == null) buf = out;
        else share.near = out;
        return k;
    }

    int[] nearBuffer() {
        return buf;
    }

    /** Node u's dense cell, kept in step with its position: {@code cellAt(x[u], y[u])}. */
    int cellOf(int u) {
        return cell[u];
    }

    /** The dense cell of a position: its absolute cell, grouped and clamped to the settled box. */
    int cellAt(double px, double py) {
        long c = Math.max(0, Math.min(columns - 1, (coordinate(px) - column0) >> shift));
        long r = Math.max(0, Math.min(rows - 1, (coordinate(py) - row0) >> shift));
        return (int) r * columns + (int) c;
    }

    private long coordinate(double p) {
        long c = (long) Math.floor(p / side); // NaN gives 0, ±∞ saturate
        return Math.max(-LIMIT, Math.min(LIMIT, c));
    }
}
