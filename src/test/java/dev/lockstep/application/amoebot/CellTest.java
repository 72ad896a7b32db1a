package dev.lockstep.application.amoebot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The triangular lattice: distances, the six neighbours, and the cells' points in the plane. */
class CellTest {
    private static double planeDistance(Cell a, Cell b) {
        return Math.hypot(a.x() - b.x(), a.y() - b.y());
    }

    @Test
    void theSixNeighboursAreDistinctAtDistanceOneAndOneUnitAway() {
        Cell c = new Cell(3, -2);
        Set<Cell> seen = new HashSet<>();
        for (int d = 0; d < Cell.DIRECTION_COUNT; d++) {
            Cell n = c.neighbour(d);
            assertTrue(seen.add(n));
            assertEquals(1, c.distance(n));
            assertTrue(c.adjacent(n) && n.adjacent(c));
            assertEquals(1.0, planeDistance(c, n), 1e-12);
            // the opposite direction leads back
            assertEquals(c, n.neighbour((d + 3) % Cell.DIRECTION_COUNT));
        }
        assertEquals(new Cell(4, -2), c.neighbour(0), "direction 0 is east");
        assertEquals(0, c.distance(c));
        assertFalse(c.adjacent(c));
        assertEquals("(3,-2)", c.toString());
    }

    @Test
    void pointsOfAFewCells() {
        assertEquals(0.5, new Cell(0, 1).x(), 1e-12);
        assertEquals(Math.sqrt(3) / 2, new Cell(0, 1).y(), 1e-12);
        assertEquals(-1.5, new Cell(-2, 1).x(), 1e-12);
        assertEquals(2, new Cell(0, 0).distance(new Cell(1, 1)));
        assertEquals(Math.sqrt(3), planeDistance(new Cell(0, 0), new Cell(1, 1)), 1e-12);
        assertEquals(2, new Cell(0, 0).distance(new Cell(2, -2)));
        assertEquals(3, new Cell(0, 0).distance(new Cell(3, -1)));
    }

    @Property(tries = 300)
    void distanceIsAMetricThatCountsSteps(@ForAll @IntRange(min = -20, max = 20) int q1, @ForAll @IntRange(min = -20, max = 20) int r1,
                                          @ForAll @IntRange(min = -20, max = 20) int q2, @ForAll @IntRange(min = -20, max = 20) int r2,
                                          @ForAll @IntRange(min = 0, max = 5) int d) {
        Cell a = new Cell(q1, r1), b = new Cell(q2, r2);
        assertEquals(a.distance(b), b.distance(a));
        assertEquals(a.equals(b), a.distance(b) == 0);
        // one step changes the distance by at most one, and some step brings it one closer
        int k = a.distance(b);
        assertTrue(Math.abs(a.neighbour(d).distance(b) - k) <= 1);
        if (k > 0) {
            boolean closer = false;
            for (int e = 0; e < Cell.DIRECTION_COUNT; e++) closer |= a.neighbour(e).distance(b) == k - 1;
            assertTrue(closer);
        }
        // k steps away lies between k·√3/2 (across a hexagon's side) and k (along a lattice line) in the plane
        assertTrue(planeDistance(a, b) <= k + 1e-9);
        assertTrue(planeDistance(a, b) >= k * Math.sqrt(3) / 2 - 1e-9);
    }
}
