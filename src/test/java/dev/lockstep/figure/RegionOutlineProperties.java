package dev.lockstep.figure;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** The padded hull of a region's members: convex, and every member lies inside with its padding. */
class RegionOutlineProperties {
    @Property(tries = 300)
    void everyMemberIsInsideByThePadding(@ForAll @Size(min = 1, max = 12) List<@DoubleRange(min = 0, max = 500) Double> xs,
                                         @ForAll @IntRange(min = 0, max = 1000) int seed,
                                         @ForAll @DoubleRange(min = 2, max = 40) double pad) {
        int n = xs.size();
        double[] x = new double[n];
        double[] y = new double[n];
        java.util.Random random = new java.util.Random(seed);
        for (int i = 0; i < n; i++) {
            x[i] = xs.get(i);
            y[i] = random.nextDouble() * 400;
        }
        int[] members = new int[n];
        for (int i = 0; i < n; i++) members[i] = i;
        double[][] poly = RegionOutline.around(x, y, members, pad);
        List<Figure.Point> pts = new ArrayList<>();
        for (int i = 0; i < poly[0].length; i++) pts.add(new Figure.Point(poly[0][i], poly[1][i]));
        assertTrue(pts.size() >= 3, "a polygon");
        for (int m : members) {
            assertTrue(FigureMarksTest.inside(pts, new Figure.Point(x[m], y[m])), "member " + m + " inside");
            // the padding: at least pad·cos(π/16) from every side
            for (int i = 0; i < pts.size(); i++) {
                Figure.Point a = pts.get(i);
                Figure.Point b = pts.get((i + 1) % pts.size());
                double d = Plane.distanceToSegment(x[m], y[m], a.x(), a.y(), b.x(), b.y());
                assertTrue(d >= pad * Math.cos(Math.PI / 16) - 1e-6, "member " + m + " only " + d + " from a side");
            }
        }
        int top = RegionOutline.top(poly);
        for (int i = 0; i < poly[1].length; i++) assertTrue(poly[1][top] <= poly[1][i] + 1e-9, "the name goes at the top");
    }
}
