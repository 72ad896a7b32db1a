package dev.lockstep.bench;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Numbers points along a Hilbert curve over cells of the unit-disk radius, so that neighbours get
 * nearby ids: what a scenario generator can do to keep each node's neighbours' states close in
 * memory. The bench's {@code --order space} uses it; the issue's own figures use random ids.
 */
final class SpaceOrder {
    private SpaceOrder() {}

    /** Reorders {@code x} and {@code y} in place along the curve (ties keep their order: the sort is stable). */
    static void sort(double[] x, double[] y, double side) {
        int n = x.length;
        int cells = Integer.highestOneBit(Math.max(1, (int) Math.ceil(side)) * 2 - 1);
        long[] key = new long[n];
        for (int i = 0; i < n; i++) key[i] = hilbert(cells, cell(x[i], cells), cell(y[i], cells));
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) order[i] = i;
        Arrays.sort(order, Comparator.comparingLong(i -> key[i]));
        double[] x2 = new double[n];
        double[] y2 = new double[n];
        for (int i = 0; i < n; i++) {
            x2[i] = x[order[i]];
            y2[i] = y[order[i]];
        }
        System.arraycopy(x2, 0, x, 0, n);
        System.arraycopy(y2, 0, y, 0, n);
    }

    private static int cell(double v, int cells) {
        return Math.min(cells - 1, Math.max(0, (int) v));
    }

    /** The distance along the Hilbert curve of side {@code cells} (a power of two) to cell (cx, cy). */
    static long hilbert(int cells, int cx, int cy) {
        long d = 0;
        int x = cx;
        int y = cy;
        for (int s = cells / 2; s > 0; s /= 2) {
            int rx = (x & s) > 0 ? 1 : 0;
            int ry = (y & s) > 0 ? 1 : 0;
            d += (long) s * s * ((3 * rx) ^ ry);
            if (ry == 0) { // rotate the quadrant so the curve stays continuous
                if (rx == 1) {
                    x = s - 1 - x;
                    y = s - 1 - y;
                }
                int t = x;
                x = y;
                y = t;
            }
        }
        return d;
    }
}
