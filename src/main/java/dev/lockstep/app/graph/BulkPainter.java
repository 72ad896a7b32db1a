package dev.lockstep.app.graph;

import dev.lockstep.figure.Look;
import java.util.Arrays;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/**
 * Draws the nodes and edges of a large graph itself, in place of GraphStream (which styles,
 * measures and strokes every element on its own: about half the frame at 1,000 nodes). Each kind
 * of stroke is one path (all edges; the fills of one colour; the rings of one kind), so the
 * software rasteriser sets up a few shapes per frame instead of thousands, and what lies off
 * screen is left out. Level of detail: when edges are short on screen, nodes shrink with them so
 * they do not pile up into a blot, and the rings thin out.
 */
final class BulkPainter {
    /** From this many nodes on, the view draws nodes and edges itself (below, GraphStream does: the look of small graphs). */
    static final int FROM_NODES = 400;

    private final DrawnScene scene;
    private final PixelFrame f;
    private Color[] rings = new Color[0];
    /** Nodes sorted by fill colour this frame: (argb << 32) | node. */
    private long[] byFill = new long[0];

    BulkPainter(DrawnScene scene, PixelFrame f) {
        this.scene = scene;
        this.f = f;
    }

    /**
     * The node radius on screen for a median edge of {@code edgePx} pixels: the normal radius
     * while edges are long enough to keep nodes apart, else a share of the edge (never below 2.5 px).
     */
    static double radius(double normal, double edgePx) {
        return Math.max(2.5, Math.min(normal, edgePx * 0.36));
    }

    void draw(GraphicsContext g) {
        drawEdges(g);
        drawNodes(g);
    }

    private boolean outside(double x, double y, double margin) {
        return x < -margin || y < -margin || x > f.viewW + margin || y > f.viewH + margin;
    }

    private void drawEdges(GraphicsContext g) {
        double[] px = f.px;
        double[] py = f.py;
        double w = f.viewW;
        double h = f.viewH;
        g.setStroke(scene.lecture ? Palette.EDGE_LECTURE : Palette.EDGE);
        g.setLineWidth(scene.lecture ? 3 : Look.EDGE_WIDTH);
        g.beginPath();
        for (int[] e : scene.edges) {
            double x0 = px[e[0]];
            double y0 = py[e[0]];
            double x1 = px[e[1]];
            double y1 = py[e[1]];
            // both ends beyond the same side of the view: the edge cannot cross it
            if ((x0 < 0 && x1 < 0) || (y0 < 0 && y1 < 0) || (x0 > w && x1 > w) || (y0 > h && y1 > h)) continue;
            g.moveTo(x0, y0);
            g.lineTo(x1, y1);
        }
        g.stroke();
    }

    private void drawNodes(GraphicsContext g) {
        int n = scene.n;
        double[] px = f.px;
        double[] py = f.py;
        double r = f.r;
        if (byFill.length != n) byFill = new long[n];
        int k = 0;
        for (int u = 0; u < n; u++) {
            if (outside(px[u], py[u], r + 4)) continue;
            Color c = scene.curFill[u];
            long argb = c == null ? 0 : argb(c);
            byFill[k++] = (argb << 32) | u;
        }
        Arrays.sort(byFill, 0, k);
        // fills, one path per colour
        int i = 0;
        while (i < k) {
            long argb = byFill[i] >>> 32;
            int j = i;
            g.beginPath();
            while (j < k && (byFill[j] >>> 32) == argb) {
                int u = (int) byFill[j];
                circle(g, px[u], py[u], r);
                j++;
            }
            Color c = scene.curFill[(int) byFill[i]];
            g.setFill(c == null ? Palette.PAPER : c);
            g.fill();
            i = j;
        }
        // rings, one path per ring value, later values on top (as GraphStream's z-levels)
        int maxRing = 0;
        for (int u = 0; u < n; u++) maxRing = Math.max(maxRing, scene.ring[u]);
        for (int ring = 0; ring <= maxRing; ring++) {
            double width = ringWidth(ring, r);
            g.beginPath();
            boolean any = false;
            for (int q = 0; q < k; q++) {
                int u = (int) byFill[q];
                if (Math.max(0, scene.ring[u]) != ring) continue;
                circle(g, px[u], py[u], r);
                any = true;
            }
            if (!any) continue;
            g.setStroke(ringColor(ring));
            g.setLineWidth(width);
            g.stroke();
        }
    }

    /** GraphStream's ring widths, thinned with the node so a small node keeps some fill. */
    private double ringWidth(int ring, double r) {
        double normal = scene.lecture ? (ring == 0 ? 2 : 6) : Look.ringWidth(ring);
        double full = scene.nodeRadius();
        return r >= full ? normal : Math.max(ring == 0 ? 0.6 : 1.2, normal * r / full);
    }

    private Color ringColor(int ring) {
        if (ring >= rings.length) rings = Arrays.copyOf(rings, ring + 1);
        if (rings[ring] == null) rings[ring] = Palette.ring(ring);
        return rings[ring];
    }

    private static void circle(GraphicsContext g, double x, double y, double r) {
        g.moveTo(x + r, y);
        g.arc(x, y, r, r, 0, 360);
        g.closePath();
    }

    private static long argb(Color c) {
        return ((long) Math.round(c.getOpacity() * 255) << 24) | ((long) Math.round(c.getRed() * 255) << 16)
                | ((long) Math.round(c.getGreen() * 255) << 8) | Math.round(c.getBlue() * 255);
    }
}
