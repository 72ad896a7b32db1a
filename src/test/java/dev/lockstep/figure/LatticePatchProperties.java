package dev.lockstep.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.application.amoebot.Cell;
import dev.lockstep.application.amoebot.ParticleSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The lattice patch drawn under amoebots, over random particle systems: it holds exactly the
 * lattice's cells in its rectangle (against a brute-force scan), every particle's cells with the
 * margin, edges of length 1 between adjacent cells of the patch (each once), it only grows, and
 * the cells it reports as shared are exactly those two particles occupy.
 */
class LatticePatchProperties {
    /** A particle system on random cells (some expanded, some sharing a cell). */
    record Particles(Cell[] tail, Cell[] head) implements ParticleSystem {
        @Override public int particles() { return tail.length; }
        @Override public Cell tail(int u) { return tail[u]; }
        @Override public Cell head(int u) { return head[u]; }
    }

    static Particles random(Random random, int n, int spread) {
        Cell[] tail = new Cell[n];
        Cell[] head = new Cell[n];
        for (int u = 0; u < n; u++) {
            tail[u] = new Cell(random.nextInt(2 * spread + 1) - spread, random.nextInt(2 * spread + 1) - spread);
            head[u] = random.nextBoolean() ? tail[u] : tail[u].neighbour(random.nextInt(Cell.DIRECTION_COUNT));
        }
        return new Particles(tail, head);
    }

    @Property(tries = 200)
    void thePatchIsTheLatticeAroundTheParticles(@ForAll @IntRange(min = 1, max = 12) int n, @ForAll @IntRange(min = 0, max = 6) int spread,
                                                @ForAll @IntRange(min = 0, max = 100_000) int seed) {
        Particles ps = random(new Random(seed), n, spread);
        LatticePatch patch = LatticePatch.around(ps);
        double[] b = patch.bounds();
        for (int u = 0; u < n; u++) {
            for (Cell c : List.of(ps.tail(u), ps.head(u))) {
                assertTrue(c.x() - LatticePatch.MARGIN >= b[0] - 1e-9 && c.x() + LatticePatch.MARGIN <= b[2] + 1e-9
                        && c.y() - LatticePatch.MARGIN >= b[1] - 1e-9 && c.y() + LatticePatch.MARGIN <= b[3] + 1e-9, c.toString());
            }
        }
        // the points are exactly the cells whose points lie in the rectangle
        List<Cell> expected = new ArrayList<>();
        for (int r = -40; r <= 40; r++) {
            for (int q = -60; q <= 60; q++) {
                Cell c = new Cell(q, r);
                if (c.x() >= b[0] - 1e-9 && c.x() <= b[2] + 1e-9 && c.y() >= b[1] - 1e-9 && c.y() <= b[3] + 1e-9) expected.add(c);
            }
        }
        double[] pts = patch.points();
        assertEquals(2 * expected.size(), pts.length);
        for (int u = 0; u < n; u++) {
            for (Cell c : List.of(ps.tail(u), ps.head(u))) {
                boolean found = false;
                for (int i = 0; i < pts.length; i += 2) found |= Math.abs(pts[i] - c.x()) < 1e-9 && Math.abs(pts[i + 1] - c.y()) < 1e-9;
                assertTrue(found, "the particle's cell " + c + " is a point of the patch");
            }
        }
        // the edges: unit length, and as many as adjacent pairs of cells in the patch
        double[] e = patch.edges();
        int pairs = 0;
        for (Cell a : expected) for (int d = 0; d < 3; d++) if (patch.inside(a.neighbour(d))) pairs++;
        assertEquals(4 * pairs, e.length);
        for (int i = 0; i < e.length; i += 4) assertEquals(1, Math.hypot(e[i] - e[i + 2], e[i + 1] - e[i + 3]), 1e-9);
    }

    @Property(tries = 200)
    void thePatchOnlyGrowsAndSharedCellsAreThoseTakenTwice(@ForAll @IntRange(min = 1, max = 12) int n,
                                                           @ForAll @IntRange(min = 0, max = 100_000) int seed) {
        Random random = new Random(seed);
        LatticePatch patch = new LatticePatch();
        double[] before = null;
        for (int step = 0; step < 5; step++) {
            Particles ps = random(random, n, 1 + step);
            patch.include(ps);
            double[] now = patch.bounds();
            if (before != null) {
                assertTrue(now[0] <= before[0] && now[1] <= before[1] && now[2] >= before[2] && now[3] >= before[3], "never shrinks");
            }
            before = now;
            List<Cell> shared = LatticePatch.sharedCells(ps);
            for (int r = -8; r <= 8; r++) {
                for (int q = -8; q <= 8; q++) {
                    Cell c = new Cell(q, r);
                    int owners = 0;
                    for (int u = 0; u < n; u++) if (ps.tail(u).equals(c) || ps.head(u).equals(c)) owners++;
                    assertEquals(owners >= 2, shared.contains(c), c + " is held by " + owners);
                }
            }
            for (int i = 1; i < shared.size(); i++) {
                Cell a = shared.get(i - 1);
                Cell c = shared.get(i);
                assertTrue(a.r() < c.r() || (a.r() == c.r() && a.q() < c.q()), "row by row, in order");
            }
        }
    }
}
