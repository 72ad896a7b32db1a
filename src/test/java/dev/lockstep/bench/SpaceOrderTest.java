package dev.lockstep.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The bench's {@code --order space}: a Hilbert curve, and neighbours with nearby ids. */
class SpaceOrderTest {
    @Test
    void theCurveVisitsEveryCellOnceAndStepsToAnAdjacentCell() {
        for (int cells : new int[] {1, 2, 4, 8, 32}) {
            int[][] at = new int[cells * cells][];
            for (int x = 0; x < cells; x++) {
                for (int y = 0; y < cells; y++) {
                    int d = (int) SpaceOrder.hilbert(cells, x, y);
                    assertEquals(null, at[d], "cell " + x + "," + y + " shares distance " + d);
                    at[d] = new int[] {x, y};
                }
            }
            for (int d = 1; d < at.length; d++) {
                int step = Math.abs(at[d][0] - at[d - 1][0]) + Math.abs(at[d][1] - at[d - 1][1]);
                assertEquals(1, step, cells + " cells: " + Arrays.toString(at[d - 1]) + " to " + Arrays.toString(at[d]));
            }
        }
    }

    @Test
    void spaceOrderedIdsPutNeighboursCloseAndKeepTheGraph() {
        int n = 5000;
        Engine random = LmeBench.build(n, 6, 7, 0, 0.5, false);
        Engine space = LmeBench.build(n, 6, 7, 0, 0.5, true);
        random.runUntil(1);
        space.runUntil(1);
        assertEquals(random.simulation().graph().edgeCount(), space.simulation().graph().edgeCount(), "the same points, renumbered");
        double r = meanIdGap(random.simulation());
        double s = meanIdGap(space.simulation());
        assertTrue(r > n / 5.0, "random ids: neighbours are anywhere (" + r + ")");
        assertTrue(s < n / 50.0, "space-ordered ids: neighbours are close (" + s + ")");
    }

    private static double meanIdGap(Simulation sim) {
        long sum = 0;
        long edges = 0;
        for (int u = 0; u < sim.nodeCount(); u++) {
            for (long p = sim.graph().ports(u) & ~1L; p != 0; p &= p - 1) {
                sum += Math.abs(sim.graph().peer(u, Long.numberOfTrailingZeros(p)) - u);
                edges++;
            }
        }
        return (double) sum / edges;
    }
}
