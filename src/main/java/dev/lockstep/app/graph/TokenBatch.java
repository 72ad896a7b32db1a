package dev.lockstep.app.graph;

import java.util.Arrays;
import javafx.scene.canvas.GraphicsContext;

/**
 * The markers of a large graph's messages, gathered over a frame and drawn as a few paths: one
 * per opacity step (fading tokens are rounded to eighths) and kind, instead of two shapes per
 * message. When edges are too short on screen for a marker, a message is a dot on its edge.
 */
final class TokenBatch {
    private static final int LEVELS = 8;
    /** Per opacity level: marker triangles (6 numbers each) and dots (2 each). */
    private final double[][] tris = new double[LEVELS + 1][64];
    private final int[] triCount = new int[LEVELS + 1];
    private final double[][] dots = new double[LEVELS + 1][64];
    private final int[] dotCount = new int[LEVELS + 1];
    private final DiskRaster raster = new DiskRaster();

    void clear() {
        Arrays.fill(triCount, 0);
        Arrays.fill(dotCount, 0);
    }

    private static int level(double alpha) {
        return (int) Math.round(Math.max(0, Math.min(1, alpha)) * LEVELS);
    }

    /** A marker: a triangle at (x, y) pointing along (dx, dy). */
    void marker(double x, double y, double dx, double dy, double alpha, double s) {
        int l = level(alpha);
        if (l == 0) return;
        double len = 8 * s;
        double half = 4.5 * s;
        double tx = x + dx * len / 2;
        double ty = y + dy * len / 2;
        double bx = tx - dx * len;
        double by = ty - dy * len;
        int k = triCount[l];
        if (k + 6 > tris[l].length) tris[l] = Arrays.copyOf(tris[l], tris[l].length * 2);
        double[] a = tris[l];
        a[k] = tx;
        a[k + 1] = ty;
        a[k + 2] = bx - dy * half;
        a[k + 3] = by + dx * half;
        a[k + 4] = bx + dy * half;
        a[k + 5] = by - dx * half;
        triCount[l] = k + 6;
    }

    void dot(double x, double y, double alpha) {
        int l = level(alpha);
        if (l == 0) return;
        int k = dotCount[l];
        if (k + 2 > dots[l].length) dots[l] = Arrays.copyOf(dots[l], dots[l].length * 2);
        dots[l][k] = x;
        dots[l][k + 1] = y;
        dotCount[l] = k + 2;
    }

    /**
     * Draws what was gathered: markers paper-filled and ink-outlined, dots in ink of radius
     * {@code dotR} (painted as pixels, see {@link DiskRaster}), on a view of w by h pixels.
     */
    void draw(GraphicsContext g, double s, double dotR, double w, double h) {
        boolean dotsToo = false;
        for (int l = 1; l <= LEVELS; l++) dotsToo |= dotCount[l] > 0;
        if (dotsToo) {
            raster.begin((int) Math.ceil(w), (int) Math.ceil(h));
            for (int l = 1; l <= LEVELS; l++) {
                int ink = DiskRaster.premultiplied(Palette.INK, l / (double) LEVELS);
                double[] a = dots[l];
                if (dotR < 1) {
                    for (int i = 0; i < dotCount[l]; i += 2) raster.speck(a[i], a[i + 1], ink);
                } else {
                    for (int i = 0; i < dotCount[l]; i += 2) raster.disk(a[i], a[i + 1], dotR, dotR, ink, ink);
                }
            }
            raster.drawOn(g);
        }
        for (int l = 1; l <= LEVELS; l++) {
            if (triCount[l] == 0) continue;
            g.setGlobalAlpha(l / (double) LEVELS);
            if (triCount[l] > 0) {
                double[] a = tris[l];
                g.beginPath();
                for (int i = 0; i < triCount[l]; i += 6) {
                    g.moveTo(a[i], a[i + 1]);
                    g.lineTo(a[i + 2], a[i + 3]);
                    g.lineTo(a[i + 4], a[i + 5]);
                    g.closePath();
                }
                g.setFill(Palette.PAPER);
                g.fill();
                g.setStroke(Palette.INK);
                g.setLineWidth(1.3 * s);
                g.stroke();
            }
        }
        g.setGlobalAlpha(1);
    }
}
