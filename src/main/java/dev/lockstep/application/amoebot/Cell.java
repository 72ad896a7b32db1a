package dev.lockstep.application.amoebot;

/**
 * A node of the triangular lattice G_Δ on which amoebots live (LME paper, Sec. 6; the canonical
 * amoebot model's "geometric space variant"), in axial coordinates: the six neighbours of (q, r)
 * are (q ± 1, r), (q, r ± 1), (q + 1, r − 1) and (q − 1, r + 1). In the plane the lattice has
 * unit spacing, so two cells are adjacent exactly when their points are at distance 1, and the
 * cells at lattice distance 2 lie at √3 or 2.
 */
public record Cell(int q, int r) {
    /** The six directions, counter-clockwise from east (the amoebot model's port order). */
    private static final int[][] DIRECTIONS = {{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}};

    /** The number of neighbours a cell has. */
    public static final int DIRECTION_COUNT = DIRECTIONS.length;

    /** The neighbour in direction d (0 = east, counter-clockwise). */
    public Cell neighbour(int d) {
        int[] step = DIRECTIONS[d];
        return new Cell(q + step[0], r + step[1]);
    }

    /** The lattice distance: the fewest edges of G_Δ between the two cells. */
    public int distance(Cell o) {
        int dq = q - o.q, dr = r - o.r;
        return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
    }

    public boolean adjacent(Cell o) {
        return distance(o) == 1;
    }

    /** The cell's point in the plane (unit spacing; y grows with r). */
    public double x() {
        return q + r / 2.0;
    }

    public double y() {
        return r * Math.sqrt(3) / 2;
    }

    @Override
    public String toString() {
        return "(" + q + "," + r + ")";
    }
}
