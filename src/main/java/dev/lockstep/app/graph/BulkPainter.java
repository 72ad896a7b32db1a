package dev.lockstep.app.graph;

import dev.lockstep.figure.Look;
import java.util.Arrays;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/**
 * Draws the nodes and edges of a large graph itself, in place of GraphStream (which styles,
 * measures and strokes every element on its own: about half the frame at 1,000 nodes). The edges
 * lie on the {@link EdgeLayer}; the nodes are painted as pixels ({@link DiskRaster}) and drawn as
 * one image, and what lies off screen is left out. Level of detail: when edges are short on screen, nodes shrink with them so
 * they do not pile up into a blot, and the rings thin out.
 */
final class BulkPainter {
    private final DrawnScene scene;
    private final PixelFrame f;
    private Color[] rings = new Color[0];
    private final DiskRaster raster = new DiskRaster();
    private int[] ringArgb = new int[0];
    /** This frame's ring widths, by ring value. */
    private double[] widths = new double[0];

    BulkPainter(DrawnScene scene, PixelFrame f) {
        this.scene = scene;
        this.f = f;
    }

    /**
     * The node radius on screen for a median edge of {@code edgePx} pixels: the normal radius
     * while edges are long enough to keep nodes apart, else a share of the edge (never below 2 px).
     */
    static double radius(double normal, double edgePx) {
        return Math.max(2, Math.min(normal, edgePx * 0.36));
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
        raster.begin((int) Math.ceil(f.viewW), (int) Math.ceil(f.viewH));
        int maxRing = 0;
        for (int u = 0; u < n; u++) maxRing = Math.max(maxRing, scene.ring[u]);
        if (widths.length <= maxRing) {
            widths = new double[maxRing + 1];
            ringArgb = new int[maxRing + 1];
        }
        for (int ring = 0; ring <= maxRing; ring++) {
            widths[ring] = ringWidth(ring, r);
            ringArgb[ring] = DiskRaster.premultiplied(ringColor(ring), 1);
        }
        // in node order, a later node over an earlier one, as GraphStream draws them
        Color lastFill = null;
        int fillArgb = 0;
        for (int u = 0; u < n; u++) {
            if (outside(px[u], py[u], r + 4)) continue;
            Color c = scene.curFill[u];
            if (c == null) c = Palette.PAPER;
            if (c != lastFill) {
                fillArgb = DiskRaster.premultiplied(c, 1);
                lastFill = c;
            }
            int ring = Math.max(0, scene.ring[u]);
            double half = widths[ring] / 2;
            raster.disk(px[u], py[u], r - half, r + half, fillArgb, ringArgb[ring]);
        }
        raster.drawOn(g);
    }

    /** GraphStream's ring widths, thinned with the node so a small node keeps some fill. */
    private double ringWidth(int ring, double r) {
        double normal = scene.lecture ? (ring == 0 ? 2 : 6) : Look.ringWidth(ring);
        double full = scene.nodeRadius();
        return r >= full ? normal : Math.max(ring == 0 ? 0.5 : 0.8, normal * r / full);
    }

    private Color ringColor(int ring) {
        if (ring >= rings.length) rings = Arrays.copyOf(rings, ring + 1);
        if (rings[ring] == null) rings[ring] = Palette.ring(ring);
        return rings[ring];
    }
}
