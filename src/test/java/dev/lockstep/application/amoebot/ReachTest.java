package dev.lockstep.application.amoebot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The LME graph of an amoebot system: particles within lattice distance 2. Its maximum degree
 * Δ = 22 (attained, never exceeded), and the premise of the isolation argument: two particles
 * that could claim one cell are always neighbours here, though not at the amoebot model's distance 1.
 */
class ReachTest {
    private static final Cell O = new Cell(0, 0);

    @Test
    void deltaIs22AndAContractedParticleHasAtMost18() {
        assertEquals(22, Reach.MAX_DEGREE);
        assertEquals(19, Reach.cellsWithin(O, O).size(), "a radius-2 hexagon: 1 + 6 + 12 cells");
        for (int d = 0; d < Cell.DIRECTION_COUNT; d++) assertEquals(24, Reach.cellsWithin(O, O.neighbour(d)).size());
    }

    /** The particle at (0,0), expanded into direction {@code d} or not, with a contracted one on every other cell within reach. */
    private static Particles packed(boolean expanded, int d) {
        Cell head = expanded ? O.neighbour(d) : O;
        List<Cell> cells = new ArrayList<>(List.of(O));
        for (Cell c : Reach.cellsWithin(O, head)) if (!c.equals(O) && !c.equals(head)) cells.add(c);
        Particles p = new Particles(cells);
        if (expanded) {
            p.step(0, u -> "p" + u, 0, Particles.expand(d), -1);
            p.step(0, u -> "p" + u, 0, Particles.END, -1);
        }
        return p;
    }

    @Test
    void aPackedNeighbourhoodAttainsTheBound() {
        Particles contracted = packed(false, 0);
        assertEquals(18, ParticleGraphCheck.expected(contracted, 0).length);
        for (int d = 0; d < Cell.DIRECTION_COUNT; d++) {
            Particles expanded = packed(true, d);
            assertTrue(expanded.expanded(0));
            assertEquals(Reach.MAX_DEGREE, ParticleGraphCheck.expected(expanded, 0).length, "direction " + d);
        }
    }

    @Property(tries = 200)
    void noArrangementExceedsDelta(@ForAll @IntRange(min = 2, max = 60) int n, @ForAll @IntRange(min = 0, max = 100_000) int seed,
                                   @ForAll @IntRange(min = 0, max = 5) int d, @ForAll boolean expand) {
        // particle 0 at (0,0), the others on random distinct cells nearby
        Random r = new Random(seed);
        List<Cell> cells = new ArrayList<>(List.of(O));
        Set<Cell> taken = new HashSet<>(cells);
        while (cells.size() < n) {
            Cell c = new Cell(r.nextInt(9) - 4, r.nextInt(9) - 4);
            if (taken.add(c)) cells.add(c);
        }
        Particles p = new Particles(cells);
        if (expand) {
            p.step(0, u -> "p" + u, 0, Particles.expand(d), -1);
            if (p.moving(0)) p.step(0, u -> "p" + u, 0, Particles.END, -1);
        }
        for (int u = 0; u < n; u++) {
            int[] near = ParticleGraphCheck.expected(p, u);
            assertTrue(near.length <= (p.expanded(u) ? Reach.MAX_DEGREE : 18), "degree " + near.length);
            for (int v : near) {
                assertTrue(Reach.adjacent(p, u, v) && Reach.adjacent(p, v, u), "symmetric");
                assertTrue(v != u);
            }
            int count = 0;
            for (int v = 0; v < n; v++) if (Reach.adjacent(p, u, v)) count++;
            assertEquals(near.length, count, "the cell lookup finds every neighbour");
        }
    }

    /**
     * The argument's premise: a contracted particle claims a cell next to its own, so two claims on
     * one cell c (or a claim on a cell another particle reaches, expanded or not) come from particles
     * with cells next to c — at most 2 apart: neighbours in the LME graph, and not always at distance 1.
     */
    @Test
    void particlesThatCanClaimOneCellAreNeighboursButNotAlwaysAtDistanceOne() {
        boolean someAtDistanceTwo = false;
        for (Cell c : Reach.cellsWithin(O, O)) {
            if (c.distance(O) != 1) continue;
            for (int d = 0; d < Cell.DIRECTION_COUNT; d++) {
                Cell a = c.neighbour(d);
                for (int e = 0; e < Cell.DIRECTION_COUNT; e++) {
                    Cell b = c.neighbour(e);
                    if (a.equals(b)) continue;
                    Particles p = new Particles(List.of(a, b));
                    assertTrue(Reach.adjacent(p, 0, 1), a + " and " + b + " can both claim " + c);
                    someAtDistanceTwo |= !a.adjacent(b);
                }
            }
        }
        assertTrue(someAtDistanceTwo, "with the amoebot model's distance 1 some of them are not neighbours");
        // e.g. (0,0) and (2,0): the empty (1,0) between them
        Particles p = new Particles(List.of(O, new Cell(2, 0)));
        assertFalse(O.adjacent(new Cell(2, 0)));
        assertTrue(Reach.adjacent(p, 0, 1));
        assertArrayEquals(new int[] {1}, ParticleGraphCheck.expected(p, 0));
        // three apart: no cell both can claim, and not neighbours
        Particles far = new Particles(List.of(O, new Cell(3, 0)));
        assertFalse(Reach.adjacent(far, 0, 1));
    }
}
