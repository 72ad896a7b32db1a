package dev.lockstep.app.window;

import java.util.List;
import java.util.Random;
import org.graphstream.ui.layout.springbox.implementations.SpringBox;
import org.miv.pherd.geom.Point3;

/**
 * GraphStream's own force-directed layout (SpringBox, gs-core 2.0), run so that the same graph
 * always gets the same drawing. SpringBox's no-argument constructor seeds its Random from the
 * wall clock, but it takes a Random: a fixed seed here. It places new nodes at random points of
 * its box (from that Random) and moves them for a fixed number of steps; its only other use of
 * the clock times a step for its statistics, which nothing here reads. Nodes and edges are given
 * in index order, so its particle box sees the same sequence every time.
 */
final class ForceDirected {
    /** Enough for SpringBox to settle graphs of the size a lecture shows (tens of nodes). */
    static final int STEPS = 600;
    private static final long SEED = 11;
    private static final String SOURCE = "lockstep";

    private ForceDirected() {}

    /** Positions {xs, ys} for n nodes joined by {@code edges} ({u, v} pairs), in SpringBox's own units. */
    static double[][] layout(int n, List<int[]> edges) {
        SpringBox box = new SpringBox(false, new Random(SEED));
        long time = 0;
        for (int u = 0; u < n; u++) box.nodeAdded(SOURCE, time++, id(u));
        for (int[] e : edges) box.edgeAdded(SOURCE, time++, e[0] + "-" + e[1], id(e[0]), id(e[1]), false);
        for (int i = 0; i < STEPS; i++) box.compute();
        double[] xs = new double[n];
        double[] ys = new double[n];
        for (int u = 0; u < n; u++) {
            Point3 p = box.getSpatialIndex().getParticle(id(u)).getPosition();
            xs[u] = p.x;
            ys[u] = p.y;
        }
        return new double[][] {xs, ys};
    }

    private static String id(int u) {
        return "n" + u;
    }
}
