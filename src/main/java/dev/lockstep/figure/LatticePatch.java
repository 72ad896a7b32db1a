package dev.lockstep.figure;

import dev.lockstep.application.amoebot.Cell;
import dev.lockstep.application.amoebot.ParticleSystem;

/**
 * A patch of the triangular lattice amoebots live on (LME paper, Sec. 6): the cells whose points
 * lie in a rectangle of the plane (model units, {@link Cell}'s points) and the lattice edges
 * between them. The rectangle covers the particles plus {@link #MARGIN}; it only grows
 * ({@link #include}), so a drawing that follows particles keeps the lattice they left behind.
 */
public final class LatticePatch {
    /** How far the lattice reaches beyond the outermost particle's cell, in lattice edges. */
    public static final double MARGIN = 1.6;
    private static final double ROW = Math.sqrt(3) / 2;

    private double minX = Double.POSITIVE_INFINITY;
    private double minY = Double.POSITIVE_INFINITY;
    private double maxX = Double.NEGATIVE_INFINITY;
    private double maxY = Double.NEGATIVE_INFINITY;

    /** The patch around the particles' cells now. */
    public static LatticePatch around(ParticleSystem ps) {
        LatticePatch p = new LatticePatch();
        p.include(ps);
        return p;
    }

    /** Grows the patch to cover every particle's cells; true if it grew. */
    public boolean include(ParticleSystem ps) {
        boolean grew = false;
        for (int u = 0; u < ps.particles(); u++) {
            grew |= include(ps.tail(u));
            grew |= include(ps.head(u));
        }
        return grew;
    }

    private boolean include(Cell c) {
        boolean grew = false;
        if (c.x() - MARGIN < minX) { minX = c.x() - MARGIN; grew = true; }
        if (c.y() - MARGIN < minY) { minY = c.y() - MARGIN; grew = true; }
        if (c.x() + MARGIN > maxX) { maxX = c.x() + MARGIN; grew = true; }
        if (c.y() + MARGIN > maxY) { maxY = c.y() + MARGIN; grew = true; }
        return grew;
    }

    public boolean isEmpty() {
        return !(minX <= maxX);
    }

    /** The patch's rectangle: {minX, minY, maxX, maxY}. */
    public double[] bounds() {
        return new double[] {minX, minY, maxX, maxY};
    }

    /**
     * Points to frame a drawing on: the given ones (the first n) and the patch's corners, so the
     * view after "fit" and a figure show the whole patch.
     */
    public double[][] framing(double[] xs, double[] ys, int n) {
        if (isEmpty()) return new double[][] {java.util.Arrays.copyOf(xs, n), java.util.Arrays.copyOf(ys, n)};
        double[] fx = java.util.Arrays.copyOf(xs, n + 2);
        double[] fy = java.util.Arrays.copyOf(ys, n + 2);
        fx[n] = minX;
        fy[n] = minY;
        fx[n + 1] = maxX;
        fy[n + 1] = maxY;
        return new double[][] {fx, fy};
    }

    /** The points of the cells in the patch, as {x0, y0, x1, y1, ...}, row by row. */
    public double[] points() {
        if (isEmpty()) return new double[0];
        double[] out = new double[2 * count()];
        int i = 0;
        for (int r = firstRow(); r <= lastRow(); r++) {
            for (int q = firstQ(r); q <= lastQ(r); q++) {
                Cell c = new Cell(q, r);
                out[i++] = c.x();
                out[i++] = c.y();
            }
        }
        return out;
    }

    /**
     * The lattice edges between cells of the patch, as {x0, y0, x1, y1, ...} four numbers each:
     * from each cell east, and to its two neighbours on the next row.
     */
    public double[] edges() {
        if (isEmpty()) return new double[0];
        double[] out = new double[12 * count()];
        int i = 0;
        for (int r = firstRow(); r <= lastRow(); r++) {
            for (int q = firstQ(r); q <= lastQ(r); q++) {
                Cell c = new Cell(q, r);
                for (int d = 0; d < 3; d++) {
                    Cell o = c.neighbour(d);
                    if (!inside(o)) continue;
                    out[i++] = c.x();
                    out[i++] = c.y();
                    out[i++] = o.x();
                    out[i++] = o.y();
                }
            }
        }
        return java.util.Arrays.copyOf(out, i);
    }

    /** Whether the cell's point lies in the patch. */
    public boolean inside(Cell c) {
        return c.x() >= minX - 1e-9 && c.x() <= maxX + 1e-9 && c.y() >= minY - 1e-9 && c.y() <= maxY + 1e-9;
    }

    /**
     * The cells two or more particles occupy (a collision, which the model's check reports), row
     * by row; a particle's tail and head count once each, an expanded particle's two cells once.
     */
    public static java.util.List<Cell> sharedCells(ParticleSystem ps) {
        java.util.Comparator<Cell> order = java.util.Comparator.comparingInt(Cell::r).thenComparingInt(Cell::q);
        java.util.TreeMap<Cell, Integer> count = new java.util.TreeMap<>(order);
        for (int u = 0; u < ps.particles(); u++) {
            count.merge(ps.tail(u), 1, Integer::sum);
            if (ps.expanded(u)) count.merge(ps.head(u), 1, Integer::sum);
        }
        java.util.List<Cell> out = new java.util.ArrayList<>();
        for (var e : count.entrySet()) if (e.getValue() > 1) out.add(e.getKey());
        return out;
    }

    private int count() {
        int n = 0;
        for (int r = firstRow(); r <= lastRow(); r++) n += Math.max(0, lastQ(r) - firstQ(r) + 1);
        return n;
    }

    private int firstRow() {
        return (int) Math.ceil(minY / ROW - 1e-9);
    }

    private int lastRow() {
        return (int) Math.floor(maxY / ROW + 1e-9);
    }

    private int firstQ(int r) {
        return (int) Math.ceil(minX - r / 2.0 - 1e-9);
    }

    private int lastQ(int r) {
        return (int) Math.floor(maxX - r / 2.0 + 1e-9);
    }
}
