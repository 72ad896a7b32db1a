package dev.lockstep.figure;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Capsules (segments with a radius) in a uniform grid, for placing labels greedily where they
 * overlap nothing placed before: {@link LabelPlacement} uses them for the window and the
 * figures alike, so labels land in the same places. Only looked up, never iterated, so the hash map cannot make the output depend on order.
 */
public final class Obstacles {
    private final double cell;
    private final Map<Long, List<double[]>> grid = new HashMap<>();

    public Obstacles(double cell) {
        this.cell = cell;
    }

    private static long key(int i, int j) {
        return ((long) i << 32) ^ (j & 0xffffffffL);
    }

    public void add(double x1, double y1, double x2, double y2, double rad) {
        double[] c = {x1, y1, x2, y2, rad};
        int i0 = (int) Math.floor((Math.min(x1, x2) - rad) / cell);
        int i1 = (int) Math.floor((Math.max(x1, x2) + rad) / cell);
        int j0 = (int) Math.floor((Math.min(y1, y2) - rad) / cell);
        int j1 = (int) Math.floor((Math.max(y1, y2) + rad) / cell);
        for (int i = i0; i <= i1; i++) {
            for (int j = j0; j <= j1; j++) grid.computeIfAbsent(key(i, j), k -> new ArrayList<>(4)).add(c);
        }
    }

    public boolean hits(double x1, double y1, double x2, double y2, double rad) {
        int i0 = (int) Math.floor((Math.min(x1, x2) - rad) / cell);
        int i1 = (int) Math.floor((Math.max(x1, x2) + rad) / cell);
        int j0 = (int) Math.floor((Math.min(y1, y2) - rad) / cell);
        int j1 = (int) Math.floor((Math.max(y1, y2) + rad) / cell);
        for (int i = i0; i <= i1; i++) {
            for (int j = j0; j <= j1; j++) {
                List<double[]> l = grid.get(key(i, j));
                if (l == null) continue;
                for (double[] c : l) {
                    if (Plane.segmentDistance(x1, y1, x2, y2, c[0], c[1], c[2], c[3]) < rad + c[4]) return true;
                }
            }
        }
        return false;
    }
}
