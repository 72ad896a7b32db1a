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
    /** This frame's ring widths, by ring value. */
    private double[] widths = new double[0];

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
        drawNodes(g);
    }

    private boolean outside(double x, double y, double margin) {
        return x < -margin || y < -margin || x > f.viewW + margin || y > f.viewH + margin;
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
        // Rings first, as disks a half ring wider than the node, one path per ring value (later
        // values on top, as GraphStream's z-levels); then the fills over them, a half ring
        // narrower, one path per colour. Filling is much cheaper than stroking for the rasteriser.
        int maxRing = 0;
        for (int u = 0; u < n; u++) maxRing = Math.max(maxRing, scene.ring[u]);
        if (widths.length <= maxRing) widths = new double[maxRing + 1];
        for (int ring = 0; ring <= maxRing; ring++) {
            widths[ring] = ringWidth(ring, r);
            double outer = r + widths[ring] / 2;
            g.beginPath();
            boolean any = false;
            for (int q = 0; q < k; q++) {
                int u = (int) byFill[q];
                if (Math.max(0, scene.ring[u]) != ring) continue;
                circle(g, px[u], py[u], outer);
                any = true;
            }
            if (!any) continue;
            g.setFill(ringColor(ring));
            g.fill();
        }
        int i = 0;
        while (i < k) {
            long argb = byFill[i] >>> 32;
            int j = i;
            g.beginPath();
            while (j < k && (byFill[j] >>> 32) == argb) {
                int u = (int) byFill[j];
                circle(g, px[u], py[u], r - widths[Math.max(0, scene.ring[u])] / 2);
                j++;
            }
            Color c = scene.curFill[(int) byFill[i]];
            g.setFill(c == null ? Palette.PAPER : c);
            g.fill();
            i = j;
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

    private static final double[] COS8 = new double[8];
    private static final double[] SIN8 = new double[8];
    private static final double[] COS16 = new double[16];
    private static final double[] SIN16 = new double[16];

    static {
        for (int i = 0; i < 8; i++) {
            COS8[i] = Math.cos(i * Math.PI / 4);
            SIN8[i] = Math.sin(i * Math.PI / 4);
        }
        for (int i = 0; i < 16; i++) {
            COS16[i] = Math.cos(i * Math.PI / 8);
            SIN16[i] = Math.sin(i * Math.PI / 8);
        }
    }

    /**
     * A circle added to the path. Small ones as polygons (8 corners up to 4 pixels of radius, 16
     * up to 8), which antialiased look the same and cost the canvas far less than arcs.
     */
    static void circle(GraphicsContext g, double x, double y, double r) {
        if (r > 8) {
            g.moveTo(x + r, y);
            g.arc(x, y, r, r, 0, 360);
            g.closePath();
            return;
        }
        double[] cos = r > 4 ? COS16 : COS8;
        double[] sin = r > 4 ? SIN16 : SIN8;
        g.moveTo(x + r, y);
        for (int i = 1; i < cos.length; i++) g.lineTo(x + r * cos[i], y + r * sin[i]);
        g.closePath();
    }

    private static long argb(Color c) {
        return ((long) Math.round(c.getOpacity() * 255) << 24) | ((long) Math.round(c.getRed() * 255) << 16)
                | ((long) Math.round(c.getGreen() * 255) << 8) | Math.round(c.getBlue() * 255);
    }
}
