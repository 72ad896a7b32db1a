package dev.lockstep.app.window;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** GraphStream's SpringBox, run with a fixed seed and a fixed number of steps: same graph, same drawing. */
class ForceDirectedTest {
    @Property(tries = 12)
    void theSameGraphGetsTheSamePositionsTwice(@ForAll @IntRange(min = 2, max = 40) int n, @ForAll long graphSeed) {
        List<int[]> edges = randomEdges(n, graphSeed);
        double[][] first = ForceDirected.layout(n, edges);
        double[][] second = ForceDirected.layout(n, edges);
        assertArrayEquals(first[0], second[0]);
        assertArrayEquals(first[1], second[1]);
        for (int u = 0; u < n; u++) assertTrue(Double.isFinite(first[0][u]) && Double.isFinite(first[1][u]));
    }

    @Test
    void aPathIsDrawnWithItsEndsFarthestApart() {
        int n = 6;
        List<int[]> path = new ArrayList<>();
        for (int u = 0; u + 1 < n; u++) path.add(new int[] {u, u + 1});
        double[][] p = ForceDirected.layout(n, path);
        double ends = Math.hypot(p[0][0] - p[0][n - 1], p[1][0] - p[1][n - 1]);
        for (int u = 0; u + 1 < n; u++) {
            double link = Math.hypot(p[0][u] - p[0][u + 1], p[1][u] - p[1][u + 1]);
            assertTrue(link < ends, "edge " + u + "-" + (u + 1) + " (" + link + ") shorter than the ends' distance " + ends);
        }
    }

    @Test
    void noTwoNodesOfARandomFortyNodeGraphShareAPlace() {
        double[][] p = ForceDirected.layout(40, randomEdges(40, 40));
        double least = Double.POSITIVE_INFINITY;
        double span = 0;
        for (int i = 0; i < 40; i++) {
            for (int j = i + 1; j < 40; j++) {
                double d = Math.hypot(p[0][i] - p[0][j], p[1][i] - p[1][j]);
                least = Math.min(least, d);
                span = Math.max(span, d);
            }
        }
        assertTrue(least > span / 100, "closest pair " + least + " of a drawing " + span + " wide");
    }

    static List<int[]> randomEdges(int n, long seed) {
        Random r = new Random(seed);
        List<int[]> edges = new ArrayList<>();
        for (int u = 0; u < n; u++) for (int v = u + 1; v < n; v++) if (r.nextDouble() < 3.0 / n) edges.add(new int[] {u, v});
        return edges;
    }
}
