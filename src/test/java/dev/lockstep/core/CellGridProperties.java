package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.lockstep.core.adversary.UnitDisk;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The graph's cell grid answers {@link TimeVaryingGraph#inRange} exactly as a scan of every node
 * with {@link UnitDisk#within} would, after any sequence of moves, in copies taken along the way
 * and in the graph they were copied from.
 */
class CellGridProperties {

    static int[] scan(TimeVaryingGraph g, int u, double radius) {
        List<Integer> out = new ArrayList<>();
        for (int v = 0; v < g.nodeCount(); v++) {
            if (v != u && UnitDisk.within(g.x(u), g.y(u), g.x(v), g.y(v), radius)) out.add(v);
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    static void assertGridIsScan(TimeVaryingGraph g, double radius, String when) {
        for (int u = 0; u < g.nodeCount(); u++) {
            assertArrayEquals(scan(g, u, radius), g.inRange(u, radius), when + ", node " + u);
            // the cell a parallel batch reads for a node's position before its moves
            assertEquals(g.grid().cellAt(g.x(u), g.y(u)), g.grid().cellOf(u), when + ", node " + u + "'s cell");
        }
    }

    /**
     * A move of node {@code node} to (x, y); {@code copy}: continue on a copy of the graph from here;
     * {@code settle}: a round ends first (the grid may lay itself out afresh).
     */
    record Move(int node, double x, double y, boolean copy, boolean settle) {}

    record Run(double radius, double[] x, double[] y, List<Move> moves) {}

    /**
     * Coordinates on a lattice of half-units (distances hit the radius exactly), on cell borders
     * (multiples of the cell side) and one ulp either side of them, or anywhere.
     */
    static Arbitrary<Double> coordinates(double radius) {
        double side = radius * CellGrid.WIDER;
        Arbitrary<Integer> k = Arbitraries.integers().between(-5, 5);
        return Arbitraries.oneOf(
                k.map(i -> i * 0.5),
                k.map(i -> i * radius),
                k.map(i -> i * side),
                k.map(i -> Math.nextUp(i * side)),
                k.map(i -> Math.nextDown(i * side)),
                Arbitraries.doubles().between(-6, 6).ofScale(4).map(d -> d * radius));
    }

    @Provide
    Arbitrary<Run> runs() {
        return Arbitraries.oneOf(Arbitraries.of(0.5, 1.0, 1.5, 2.5), Arbitraries.doubles().between(0.05, 8)).flatMap(r -> {
            Arbitrary<Double> c = coordinates(r);
            Arbitrary<double[]> xs = c.array(double[].class).ofMinSize(1).ofMaxSize(40);
            return xs.flatMap(x -> {
                int n = x.length;
                Arbitrary<double[]> ys = c.array(double[].class).ofSize(n);
                Arbitrary<Move> move = Combinators.combine(Arbitraries.integers().between(0, n - 1), c, c,
                        Arbitraries.integers().between(0, 9).map(i -> i == 0),
                        Arbitraries.integers().between(0, 4).map(i -> i == 0)).as(Move::new);
                return Combinators.combine(ys, move.list().ofMaxSize(60)).as((y, moves) -> new Run(r, x, y, moves));
            });
        });
    }

    @Property(tries = 300)
    void theGridFindsWhatAScanFindsAfterEveryMove(@ForAll("runs") Run run) {
        int n = run.x().length;
        TimeVaryingGraph g = new TimeVaryingGraph(n, 4);
        for (int u = 0; u < n; u++) g.place(u, run.x()[u], run.y()[u]);
        assertGridIsScan(g, run.radius(), "initially");
        List<TimeVaryingGraph> earlier = new ArrayList<>();
        for (int i = 0; i < run.moves().size(); i++) {
            Move m = run.moves().get(i);
            if (m.copy()) {
                earlier.add(g);
                g = g.copy(); // the copy goes on; the original must not notice
            }
            if (m.settle()) g.settle();
            g.place(m.node(), m.x(), m.y());
            assertArrayEquals(scan(g, m.node(), run.radius()), g.inRange(m.node(), run.radius()), "move " + i);
        }
        assertGridIsScan(g, run.radius(), "after the moves");
        for (TimeVaryingGraph e : earlier) {
            assertGridIsScan(e, run.radius(), "a graph copied from");
            e.place(0, run.x()[0], run.y()[0]);
            assertGridIsScan(e, run.radius(), "a graph copied from, moved again");
        }
    }

    @Property(tries = 50)
    void anotherRadiusRebuildsTheGrid(@ForAll("runs") Run run) {
        int n = run.x().length;
        TimeVaryingGraph g = new TimeVaryingGraph(n, 4);
        for (int u = 0; u < n; u++) g.place(u, run.x()[u], run.y()[u]);
        assertGridIsScan(g, run.radius(), "first radius");
        assertGridIsScan(g, run.radius() * 2, "twice the radius");
        for (Move m : run.moves()) {
            if (m.settle()) g.settle();
            g.place(m.node(), m.x(), m.y());
        }
        assertGridIsScan(g, run.radius(), "first radius again, after moves");
    }

    @Test
    void farOffInfiniteAndNaNPositionsAreAnsweredAsTheScan() {
        double[] x = {0, 1e15, 1e15 + 0.5, 3e17, 3e17, -4e16, Double.POSITIVE_INFINITY, Double.NaN, 1e300, 1e300, -Double.MAX_VALUE};
        double[] y = {0, 2e15, 2e15, 7, 7.9, 1e13, 0, 0, 1e300, 1e300, 5};
        TimeVaryingGraph g = new TimeVaryingGraph(x.length, 4);
        for (int u = 0; u < x.length; u++) g.place(u, x[u], y[u]);
        assertGridIsScan(g, 1.0, "placed");
        assertArrayEquals(new int[] {2}, g.inRange(1, 1.0));
        assertArrayEquals(new int[] {9}, g.inRange(8, 1.0), "clamped to the border cell, still found");
        g.place(6, 0.5, 0.5);
        g.place(7, 3e17 + 0.5, 7.5);
        g.place(10, Double.NEGATIVE_INFINITY, Double.NaN);
        assertGridIsScan(g, 1.0, "moved in and out of the far cells");
        assertGridIsScan(g, Double.POSITIVE_INFINITY, "an infinite radius: one cell, infinite distances in range");
    }

    /**
     * Nodes that leave their cells are listed apart until a round's end lays the grid out afresh,
     * and only once more than a sixteenth of them did: a round with few moves costs no new layout.
     */
    @Test
    void aRoundsEndLaysTheGridOutAfreshOnceManyNodesLeftTheirCells() {
        int n = 64;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int u = 0; u < n; u++) {
            x[u] = (u % 8) * 1.5;
            y[u] = (u / 8) * 1.5;
        }
        CellGrid grid = new CellGrid(1.0, x, y);
        x[3] += 0.2; // within its cell: its settled copy follows
        grid.moved(3, null);
        assertEquals(0, grid.movedSinceLayout());
        for (int u = 0; u < 4; u++) {
            x[u] += 1.5;
            grid.moved(u, null);
        }
        assertEquals(4, grid.movedSinceLayout());
        grid.settle();
        assertEquals(4, grid.movedSinceLayout(), "4 of 64 is not more than a sixteenth");
        x[4] += 1.5;
        grid.moved(4, null);
        grid.settle();
        assertEquals(0, grid.movedSinceLayout());
        for (int u = 0; u < n; u++) {
            List<Integer> want = new ArrayList<>();
            for (int v = 0; v < n; v++) if (v != u && UnitDisk.within(x[u], y[u], x[v], y[v], 1.0)) want.add(v);
            assertArrayEquals(want.stream().mapToInt(Integer::intValue).toArray(), grid.near(u), "node " + u);
        }
    }

    @Test
    void aRadiusMustBePositive() {
        TimeVaryingGraph g = new TimeVaryingGraph(2, 1);
        assertThrows(IllegalArgumentException.class, () -> g.inRange(0, 0));
        assertThrows(IllegalArgumentException.class, () -> g.inRange(0, Double.NaN));
    }
}
