package dev.lockstep.core.adversary;

import java.util.Arrays;

/** Pairs of nodes within a radius, found through a grid of radius-sized cells (near-linear time). */
public final class UnitDisk {
    private UnitDisk() {}

    /** All pairs (u < v) within {@code radius}, as a flat array [u0, v0, u1, v1, ...] sorted by (u, v). */
    public static int[] pairs(double[] x, double[] y, double radius) {
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
            keyed[i] = cellKey(cx, cy) * n + i; // n < 2^24 keeps this in range for sane layouts
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
                    long key = cellKey(cx + dx, cy + dy);
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
        // Sort pairs by (u, v): u is already ascending, v is not within a u.
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

    private static long cellKey(long cx, long cy) {
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

    public static boolean within(double x1, double y1, double x2, double y2, double radius) {
        double dx = x1 - x2;
        double dy = y1 - y2;
        return dx * dx + dy * dy <= radius * radius;
    }
}
