package dev.lockstep.figure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The outline drawn around a region given as an explicit set of nodes (a scenario's regions
 * without areas of the plane): the convex hull of its members, padded by {@code pad} pixels, so
 * one member is a disc, two a capsule and more a rounded polygon. The window and the figures draw
 * the same outline, recomputed from where the members are now (a member may move or change region).
 */
public final class RegionOutline {
    /** Points around each member; enough for the padding to look round at lecture size. */
    private static final int ROUND = 16;

    private RegionOutline() {}

    /** The padded hull of the points (xs[m], ys[m]) for m in {@code members}, as a closed polygon {xs, ys} (clockwise on screen). */
    public static double[][] around(double[] xs, double[] ys, int[] members, double pad) {
        double[][] pts = new double[members.length * ROUND][];
        int k = 0;
        for (int m : members) {
            for (int i = 0; i < ROUND; i++) {
                double a = 2 * Math.PI * i / ROUND;
                pts[k++] = new double[] {xs[m] + pad * Math.cos(a), ys[m] + pad * Math.sin(a)};
            }
        }
        return hull(pts);
    }

    /** Andrew's monotone chain: the convex hull of the points, without collinear points. */
    static double[][] hull(double[][] pts) {
        if (pts.length == 0) return new double[][] {new double[0], new double[0]};
        double[][] p = pts.clone();
        Arrays.sort(p, (a, b) -> a[0] != b[0] ? Double.compare(a[0], b[0]) : Double.compare(a[1], b[1]));
        List<double[]> h = new ArrayList<>();
        for (int pass = 0; pass < 2; pass++) {
            int start = h.size();
            for (int i = 0; i < p.length; i++) {
                double[] q = p[pass == 0 ? i : p.length - 1 - i];
                while (h.size() >= start + 2 && cross(h.get(h.size() - 2), h.get(h.size() - 1), q) <= 0) h.remove(h.size() - 1);
                h.add(q);
            }
            h.remove(h.size() - 1);
        }
        double[][] out = new double[2][h.size()];
        for (int i = 0; i < h.size(); i++) {
            out[0][i] = h.get(i)[0];
            out[1][i] = h.get(i)[1];
        }
        return out;
    }

    private static double cross(double[] o, double[] a, double[] b) {
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
    }

    /** The index of the polygon's topmost point (least y; the leftmost of those), where the region's name goes. */
    public static int top(double[][] polygon) {
        int best = 0;
        for (int i = 1; i < polygon[1].length; i++) {
            if (polygon[1][i] < polygon[1][best] - 1e-9
                    || (Math.abs(polygon[1][i] - polygon[1][best]) <= 1e-9 && polygon[0][i] < polygon[0][best])) {
                best = i;
            }
        }
        return best;
    }
}
