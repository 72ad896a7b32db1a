package dev.lockstep.application.amoebot;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which particles are neighbours in the graph LME runs on: two particles are adjacent when some
 * cell of one lies within lattice distance {@link #DISTANCE} = 2 of some cell of the other.
 *
 * <p>Why 2 and not the amoebot model's 1: a contracted particle expands into a cell adjacent to
 * its own, so two particles can claim the same cell c only if each has a cell next to c, that
 * is, cells at most 2 apart. With distance 1, two particles two cells apart are not neighbours:
 * both may hold their locks at once and both expand into the empty cell between them. The
 * canonical amoebot model resolves that conflict in its system layer (one expansion fails);
 * here the Lock itself must isolate moves, so a particle's neighbourhood reaches every particle
 * that could claim a cell next to it ({@code MoveWorkload} gives the argument that this suffices).
 */
public final class Reach {
    /** The lattice distance within which two particles' cells make them neighbours. */
    public static final int DISTANCE = 2;

    /**
     * Δ, the most neighbours a particle can have: an expanded particle's cells have
     * {@link #cellsWithin} 22 other cells within distance 2 (each radius-2 hexagon has 19 cells;
     * the second one adds 5 the first lacks, and the particle's own 2 do not count), and every
     * one of them can hold a different contracted particle. A contracted particle has at most 18.
     */
    public static final int MAX_DEGREE = cellsWithin(new Cell(0, 0), new Cell(1, 0)).size() - 2;

    private Reach() {}

    /** Whether particles u and v of the system are neighbours. */
    public static boolean adjacent(ParticleSystem s, int u, int v) {
        if (u == v) return false;
        return near(s.tail(u), s, v) || near(s.head(u), s, v);
    }

    private static boolean near(Cell c, ParticleSystem s, int v) {
        return c.distance(s.tail(v)) <= DISTANCE || c.distance(s.head(v)) <= DISTANCE;
    }

    /**
     * The cells within distance 2 of {@code tail} or {@code head}, those two included, in a fixed
     * order (the tail's hexagon row by row, then what the head's adds): where u's neighbours can
     * be (on u's own cells only after a collision).
     */
    public static List<Cell> cellsWithin(Cell tail, Cell head) {
        Set<Cell> out = new LinkedHashSet<>();
        for (Cell centre : List.of(tail, head)) {
            for (int dq = -DISTANCE; dq <= DISTANCE; dq++) {
                for (int dr = -DISTANCE; dr <= DISTANCE; dr++) {
                    Cell c = new Cell(centre.q() + dq, centre.r() + dr);
                    if (c.distance(centre) <= DISTANCE) out.add(c);
                }
            }
        }
        return new ArrayList<>(out);
    }
}
