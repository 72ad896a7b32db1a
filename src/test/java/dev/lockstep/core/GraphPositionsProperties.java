package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The graph reads its initial positions from the configuration's arrays ({@link TimeVaryingGraph#startAt})
 * and copies them on the first move: the configuration's arrays never change, the graph's answers
 * (positions, {@code inRange}, before and after a move, in copies) are those of plain arrays
 * that the moves write, and a copy taken before a move does not see it.
 */
class GraphPositionsProperties {
    @Property(tries = 200, seed = "37")
    void positionsAreAPlainArraysAndTheConfigurationsStayPut(@ForAll long seed) {
        Random r = new Random(seed);
        int n = 1 + r.nextInt(60);
        double[] xs = new double[n];
        double[] ys = new double[n];
        for (int u = 0; u < n; u++) {
            xs[u] = r.nextDouble() * 6;
            ys[u] = r.nextDouble() * 6;
        }
        double[] configX = xs.clone();
        double[] configY = ys.clone();
        double[] refX = xs.clone();
        double[] refY = ys.clone();
        TimeVaryingGraph g = new TimeVaryingGraph(n, 4);
        if (r.nextBoolean()) g.inRange(0, 1.0); // a grid made before the positions are read in
        g.startAt(configX, configY);
        List<TimeVaryingGraph> copies = new ArrayList<>();
        List<double[][]> copiesRef = new ArrayList<>();
        for (int step = 0; step < 40; step++) {
            int u = r.nextInt(n);
            switch (r.nextInt(4)) {
                case 0 -> {
                    double nx = r.nextDouble() * 6;
                    double ny = r.nextDouble() * 6;
                    g.place(u, nx, ny);
                    refX[u] = nx;
                    refY[u] = ny;
                }
                case 1 -> {
                    copies.add(g.copy());
                    copiesRef.add(new double[][] {refX.clone(), refY.clone()});
                }
                default -> assertArrayEquals(near(refX, refY, u, 1.0), g.inRange(u, 1.0));
            }
            for (int v = 0; v < n; v++) {
                assertEquals(refX[v], g.x(v));
                assertEquals(refY[v], g.y(v));
            }
        }
        assertArrayEquals(xs, configX);
        assertArrayEquals(ys, configY);
        for (int c = 0; c < copies.size(); c++) {
            for (int v = 0; v < n; v++) {
                assertEquals(copiesRef.get(c)[0][v], copies.get(c).x(v));
                assertEquals(copiesRef.get(c)[1][v], copies.get(c).y(v));
            }
            int u = r.nextInt(n);
            assertArrayEquals(near(copiesRef.get(c)[0], copiesRef.get(c)[1], u, 1.0), copies.get(c).inRange(u, 1.0));
        }
    }

    private static int[] near(double[] x, double[] y, int u, double radius) {
        List<Integer> out = new ArrayList<>();
        for (int v = 0; v < x.length; v++) {
            double dx = x[u] - x[v];
            double dy = y[u] - y[v];
            if (v != u && dx * dx + dy * dy <= radius * radius) out.add(v);
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }
}
