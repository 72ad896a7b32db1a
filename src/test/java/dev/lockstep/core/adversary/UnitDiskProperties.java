package dev.lockstep.core.adversary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The grid visits exactly the pairs the old enumeration listed, in the same order (so every
 * unit-disk scenario links the same edges in the same order and its trace is unchanged), and
 * finds crowds in bounded time.
 */
class UnitDiskProperties {

    /**
     * The enumeration before issue 9, kept as the reference: every pair in range materialised,
     * then sorted by (u, v). Its cell keys are exact for layouts under about a million cells a side.
     */
    static int[] oldPairs(double[] x, double[] y, double radius) {
        int n = x.length;
        if (n == 0 || radius <= 0) return new int[0];
        double minX = Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            minX = Math.min(minX, x[i]);
            minY = Math.min(minY, y[i]);
        }
        long[] keyed = new long[n];
        for (int i = 0; i < n; i++) {
            long cx = (long) Math.floor((x[i] - minX) / radius);
            long cy = (long) Math.floor((y[i] - minY) / radius);
            keyed[i] = oldCellKey(cx, cy) * n + i;
        }
        Arrays.sort(keyed);
        long[] cellOf = new long[n];
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = (int) (keyed[i] % n);
            cellOf[i] = keyed[i] / n;
        }
        double r2 = radius * radius;
        int[] out = new int[16];
        int size = 0;
        for (int u = 0; u < n; u++) {
            long cx = (long) Math.floor((x[u] - minX) / radius);
            long cy = (long) Math.floor((y[u] - minY) / radius);
            for (long dx = -1; dx <= 1; dx++) {
                for (long dy = -1; dy <= 1; dy++) {
                    if (cx + dx < 0 || cy + dy < 0) continue;
                    long key = oldCellKey(cx + dx, cy + dy);
                    int from = lowerBound(cellOf, key);
                    for (int i = from; i < n && cellOf[i] == key; i++) {
                        int v = order[i];
                        if (v <= u) continue;
                        double ddx = x[u] - x[v];
                        double ddy = y[u] - y[v];
                        if (ddx * ddx + ddy * ddy <= r2) {
                            if (size + 2 > out.length) out = Arrays.copyOf(out, out.length * 2);
                            out[size++] = u;
                            out[size++] = v;
                        }
                    }
                }
            }
        }
        long[] packed = new long[size / 2];
        for (int i = 0; i < packed.length; i++) packed[i] = ((long) out[2 * i] << 32) | out[2 * i + 1];
        Arrays.sort(packed);
        int[] result = new int[size];
        for (int i = 0; i < packed.length; i++) {
            result[2 * i] = (int) (packed[i] >>> 32);
            result[2 * i + 1] = (int) packed[i];
        }
        return result;
    }

    private static long oldCellKey(long cx, long cy) {
        return cx * 1_000_003L + cy;
    }

    private static int lowerBound(long[] a, long key) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < key) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    static int[] gridPairs(double[] x, double[] y, double radius) {
        List<Integer> out = new ArrayList<>();
        UnitDisk.of(x, y, radius).forEachPair((u, v) -> {
            out.add(u);
            out.add(v);
        });
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    static int[] bruteForce(double[] x, double[] y, double radius) {
        List<Integer> out = new ArrayList<>();
        for (int u = 0; u < x.length; u++) {
            for (int v = u + 1; v < x.length; v++) {
                if (UnitDisk.within(x[u], y[u], x[v], y[v], radius)) {
                    out.add(u);
                    out.add(v);
                }
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Positions and a radius; coordinates on a coarse lattice often, so distances hit the radius exactly. */
    record Layout(double[] x, double[] y, double radius) {}

    @Provide
    Arbitrary<Layout> layouts() {
        Arbitrary<Double> coordinate = Arbitraries.oneOf(
                Arbitraries.integers().between(-6, 6).map(i -> i * 0.5),
                Arbitraries.doubles().between(-20, 20),
                Arbitraries.just(3.0));
        Arbitrary<Double> radius = Arbitraries.oneOf(Arbitraries.of(0.5, 1.0, 1.5, 2.0, 2.5),
                Arbitraries.doubles().between(0.01, 30));
        return Combinators.combine(coordinate.list().ofMaxSize(70), coordinate.list().ofMaxSize(70), radius).as((xs, ys, r) -> {
            int n = Math.min(xs.size(), ys.size());
            double[] x = new double[n];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = xs.get(i);
                y[i] = ys.get(i);
            }
            return new Layout(x, y, r);
        });
    }

    @Property(tries = 500)
    void theGridVisitsTheOldPairsInTheOldOrder(@ForAll("layouts") Layout l) {
        int[] old = oldPairs(l.x(), l.y(), l.radius());
        assertArrayEquals(old, gridPairs(l.x(), l.y(), l.radius()));
        assertArrayEquals(old, bruteForce(l.x(), l.y(), l.radius()), "and the old ones were all the pairs in range");
    }

    @Property(tries = 200)
    void countsAndPartnersAgreeWithTheDistances(@ForAll("layouts") Layout l, @ForAll @IntRange(min = 0, max = 12) int limit) {
        UnitDisk grid = UnitDisk.of(l.x(), l.y(), l.radius());
        int n = l.x().length;
        int crowded = -1;
        for (int u = 0; u < n; u++) {
            int inRange = 0;
            List<Integer> above = new ArrayList<>();
            for (int v = 0; v < n; v++) {
                if (v == u || !UnitDisk.within(l.x()[u], l.y()[u], l.x()[v], l.y()[v], l.radius())) continue;
                inRange++;
                if (v > u) above.add(v);
            }
            assertEquals(Math.min(inRange, limit + 1), grid.countWithin(u, limit));
            assertEquals(above, Arrays.stream(grid.partnersAbove(u)).boxed().toList());
            if (crowded < 0 && inRange > limit) crowded = u;
        }
        int found = UnitDisk.crowded(l.x(), l.y(), l.radius(), limit);
        assertEquals(crowded < 0, found < 0, "a crowd exists iff one is found");
        if (found >= 0) {
            int inRange = 0;
            for (int v = 0; v < n; v++) {
                if (v != found && UnitDisk.within(l.x()[found], l.y()[found], l.x()[v], l.y()[v], l.radius())) inRange++;
            }
            assertTrue(inRange > limit, "node " + found + " has " + inRange + " in range");
        }
    }

    @Test
    void layoutsWiderThanAMillionCellsKeepEveryPair() {
        // The old keys (column * 1,000,003 + row, times n) overflowed here and lost pairs.
        double[] x = {0, 1e15, 1e15 + 0.5, 3e17, 3e17, -4e16};
        double[] y = {0, 2e15, 2e15, 7, 7.9, 1e13};
        assertArrayEquals(new int[] {1, 2, 3, 4}, gridPairs(x, y, 1.0));
        assertArrayEquals(bruteForce(x, y, 1.0), gridPairs(x, y, 1.0));
    }

    @Test
    void twentyThousandNodesAtOnePointAreACrowdFoundAtOnce() {
        int n = 20_000;
        double[] x = new double[n];
        double[] y = new double[n];
        Arrays.fill(x, 2.5);
        Arrays.fill(y, -1);
        x[0] = 100; // alone: the crowd is found in the dense half-radius cell, not by scanning 19,999 from node 0
        long t0 = System.nanoTime();
        assertEquals(1, UnitDisk.crowded(x, y, 1.5, 32));
        assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "well under quadratic time");
    }
}
