package dev.lockstep.figure;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Circle and grid placements: distinct, inside the box, deterministic; fit keeps a drawing's shape. */
class ArrangementProperties {
    @Property(tries = 200)
    void circleAndGridPlaceEveryNodeApartInsideTheBox(@ForAll @IntRange(min = 1, max = 120) int n,
                                                      @ForAll @DoubleRange(min = -50, max = 50) double cx,
                                                      @ForAll @DoubleRange(min = -50, max = 50) double cy,
                                                      @ForAll @DoubleRange(min = 0.5, max = 100) double half) {
        Arrangement.Box box = new Arrangement.Box(cx, cy, half);
        for (double[][] p : new double[][][] {Arrangement.circle(n, box), Arrangement.grid(n, box)}) {
            assertEquals(n, p[0].length);
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < n; i++) {
                assertTrue(box.contains(p[0][i], p[1][i]), "node " + i + " at (" + p[0][i] + ", " + p[1][i] + ") outside " + box);
                assertTrue(seen.add(p[0][i] + "," + p[1][i]), "two nodes at (" + p[0][i] + ", " + p[1][i] + ")");
            }
            // apart: no two closer than a fair share of the box (rounding aside)
            double least = Double.POSITIVE_INFINITY;
            for (int i = 0; i < n; i++) for (int j = i + 1; j < n; j++) least = Math.min(least, Math.hypot(p[0][i] - p[0][j], p[1][i] - p[1][j]));
            if (n > 1) assertTrue(least >= 2 * half / (n + 1) - 2e-3, "closest pair " + least + " for n=" + n + ", half=" + half);
        }
        assertArrayEquals(Arrangement.circle(n, box)[0], Arrangement.circle(n, box)[0]);
        assertArrayEquals(Arrangement.grid(n, box)[1], Arrangement.grid(n, box)[1]);
    }

    @Test
    void aCircleStartsAtTheTopAndGoesCounterClockwiseLikeTheSamples() {
        double[][] p = Arrangement.circle(4, new Arrangement.Box(0, 0, 3));
        assertArrayEquals(new double[] {0, -3, 0, 3}, p[0]);
        assertArrayEquals(new double[] {3, 0, -3, 0}, p[1]);
    }

    @Test
    void aGridFillsRowsOfCeilSqrtNColumnsFromTheTopLeft() {
        double[][] p = Arrangement.grid(5, new Arrangement.Box(0, 0, 1)); // 3 columns, 2 rows, gap 1
        assertArrayEquals(new double[] {-1, 0, 1, -1, 0}, p[0]);
        assertArrayEquals(new double[] {0.5, 0.5, 0.5, -0.5, -0.5}, p[1]);
    }

    @Property(tries = 100)
    void fitScalesUniformlyIntoTheBox(@ForAll @DoubleRange(min = -9, max = 9) double a, @ForAll @DoubleRange(min = 0.1, max = 9) double w) {
        double[] x = {a, a + w, a + w / 2};
        double[] y = {0, 0, w / 4};
        Arrangement.Box box = new Arrangement.Box(1, 2, 4);
        double[][] p = Arrangement.fit(x, y, box);
        assertEquals(-3, p[0][0], 1e-3);
        assertEquals(5, p[0][1], 1e-3);
        assertEquals(1, p[0][2], 1e-3);
        assertEquals(2, p[1][2] - p[1][0], 2e-3, "the height keeps the drawing's aspect: w/4 scaled by 8/w");
    }

    @Test
    void theBoxAroundOnePointStillSeparatesNodes() {
        Arrangement.Box b = Arrangement.around(new double[] {2, 2}, new double[] {5, 5});
        assertEquals(new Arrangement.Box(2, 5, 1), b);
        assertEquals(new Arrangement.Box(1, 0, 3), Arrangement.around(new double[] {-2, 4}, new double[] {-1, 1}));
        assertThrows(IllegalArgumentException.class, () -> new Arrangement.Box(0, 0, 0));
    }
}
