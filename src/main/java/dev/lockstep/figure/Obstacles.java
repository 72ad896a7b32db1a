package dev.lockstep.figure;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Capsules (segments with a radius) in a uniform grid, for placing labels greedily where they
 * overlap nothing placed before: the window's painter does the same, so labels land in the same
 * places. Only looked up, never iterated, so the hash map cannot make the output depend on order.
 */
final class Obstacles {
    private final double cell;
    private final Map<Long, List<double[]>> grid = new HashMap<>();

    Obstacles(double cell) {
        this.cell = cell;
    }

    private static long key(int i, int j) {
        return ((long) i << 32) ^ (j & 0xffffffffL);
    }

    void add(double x1, double y1, double x2, double y2, double rad) {
        double[] c = {x1, y1, x2, y2, rad};
        int i0 = (int) Math.floor((Math.min(x1, x2) - rad) / cell);
        int i1 = (int) Math.floor((Math.max(x1, x2) + rad) / cell);
        int j0 = (int) Math.floor((Math.min(y1, y2) - rad) / cell);
        int j1 = (int) Math.floor((Math.max(y1, y2) + rad) / cell);
        for (int i = i0; i <= i1; i++) {
            for (int j = j0; j <= j1; j++) grid.computeIfAbsent(key(i, j), k -> new ArrayList<>(4)).add(c);
        }
    }

    boolean hits(double x1, double y1, double x2, double y2, double rad) {
        int i0 = (int) Math.floor((Math.min(x1, x2) - rad) / cell);
        int i1 = (int) Math.floor((Math.max(x1, x2) + rad) / cell);
        int j0 = (int) Math.floor((Math.min(y1, y2) - rad) / cell);
        int j1 = (int) Math.floor((Math.max(y1, y2) + rad) / cell);
        for (int i = i0; i <= i1; i++) {
            for (int j = j0; j <= j1; j++) {
                List<double[]> l = grid.get(key(i, j));
                if (l == null) continue;
                for (double[] c : l) {
                    if (segmentDistance(x1, y1, x2, y2, c[0], c[1], c[2], c[3]) < rad + c[4]) return true;
                }
            }
        }
        return false;
    }

    static double distanceToSegment(double px, double py, double ax, double ay, double bx, double by) {
        double dx = bx - ax;
        double dy = by - ay;
        double len2 = dx * dx + dy * dy;
        double t = len2 == 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / len2;
        t = Math.max(0, Math.min(1, t));
        return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
    }

    /** Distance between segments ab and cd (0 if they cross). */
    static double segmentDistance(double ax, double ay, double bx, double by, double cx, double cy, double dx, double dy) {
        if (segmentsCross(ax, ay, bx, by, cx, cy, dx, dy)) return 0;
        return Math.min(Math.min(distanceToSegment(ax, ay, cx, cy, dx, dy), distanceToSegment(bx, by, cx, cy, dx, dy)),
                Math.min(distanceToSegment(cx, cy, ax, ay, bx, by), distanceToSegment(dx, dy, ax, ay, bx, by)));
    }

    private static boolean segmentsCross(double ax, double ay, double bx, double by, double cx, double cy, double dx,
                                         double dy) {
        double d1 = cross(cx, cy, dx, dy, ax, ay);
        double d2 = cross(cx, cy, dx, dy, bx, by);
        double d3 = cross(ax, ay, bx, by, cx, cy);
        double d4 = cross(ax, ay, bx, by, dx, dy);
        return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
    }

    private static double cross(double ax, double ay, double bx, double by, double px, double py) {
        return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
    }
}
