package dev.lockstep.app.graph;

import dev.lockstep.figure.LockPointer;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/**
 * Draws the marks on and between nodes: lock pointers from each locked node towards its holder,
 * the selection and the highlighted nodes, refusal badges (fading out), and the feedback of a
 * gesture under way (the edge tool's rubber band, the cutting stroke).
 */
final class MarkPainter {
    private final DrawnScene scene;
    private final PixelFrame f;
    private final Fonts fonts;

    MarkPainter(DrawnScene scene, PixelFrame f, Fonts fonts) {
        this.scene = scene;
        this.f = f;
        this.fonts = fonts;
    }

    void drawPointers(GraphicsContext g) {
        double s = f.s;
        double r = f.r;
        double[] px = f.px;
        double[] py = f.py;
        for (LockSet ls : scene.lockSets) {
            int hd = ls.holder();
            Color c = Palette.holder(hd);
            for (int m : ls.members()) {
                if (m == hd) continue;
                LockPointer p = LockPointer.between(px[m], py[m], px[hd], py[hd], r, s);
                if (p == null) continue;
                double dx = p.dx();
                double dy = p.dy();
                double head = LockPointer.HEAD * s;
                double half = LockPointer.HEAD_HALF * s;
                // dark outline under the holder's colour: visible on any background
                g.setStroke(Palette.INK);
                g.setLineWidth(5.5 * s);
                g.strokeLine(p.startX(), p.startY(), p.baseX(), p.baseY());
                arrowHead(g, p.tipX(), p.tipY(), dx, dy, head + 1.5 * s, half + 1.5 * s, Palette.INK);
                g.setStroke(c);
                g.setLineWidth(3 * s);
                g.strokeLine(p.startX(), p.startY(), p.baseX(), p.baseY());
                arrowHead(g, p.tipX() - dx * 1.2 * s, p.tipY() - dy * 1.2 * s, dx, dy, head, half, c);
            }
        }
    }

    /** A filled triangle with its tip at (tx, ty), pointing along the unit vector (dx, dy). */
    static void arrowHead(GraphicsContext g, double tx, double ty, double dx, double dy, double len, double half,
                          Color c) {
        double bx = tx - dx * len;
        double by = ty - dy * len;
        g.setFill(c);
        g.fillPolygon(new double[] {tx, bx - dy * half, bx + dy * half}, new double[] {ty, by + dx * half, by - dx * half}, 3);
    }

    void drawSelection(GraphicsContext g) {
        double s = f.s;
        double r = f.r;
        double[] px = f.px;
        double[] py = f.py;
        if (!scene.highlighted.isEmpty()) {
            double hr = r + 6 * s;
            g.setStroke(Palette.ALERT_GLOW);
            g.setLineWidth(3 * s);
            g.setLineDashes(5 * s, 3 * s);
            for (int u : scene.highlighted) g.strokeOval(px[u] - hr, py[u] - hr, 2 * hr, 2 * hr);
            g.setLineDashes((double[]) null);
        }
        int u = scene.selected;
        if (u >= 0 && u < scene.n) {
            double sr = r + 5 * s;
            g.setStroke(Palette.PAPER);
            g.setLineWidth(5 * s);
            g.strokeOval(px[u] - sr, py[u] - sr, 2 * sr, 2 * sr);
            g.setStroke(Palette.INK);
            g.setLineWidth(2.2 * s);
            g.setLineDashes(6 * s, 4 * s);
            g.strokeOval(px[u] - sr, py[u] - sr, 2 * sr, 2 * sr);
            g.setLineDashes((double[]) null);
        }
    }

    void drawBadges(GraphicsContext g) {
        double s = f.s;
        double r = f.r;
        double[] px = f.px;
        double[] py = f.py;
        long now = System.nanoTime();
        g.setFont(fonts.badge);
        for (RefusalBadge b : scene.badges) {
            double age = (now - b.start()) / (double) RefusalBadge.NANOS;
            double alpha = age < 0.75 ? 1 : Math.max(0, (1 - age) / 0.25);
            g.setGlobalAlpha(alpha);
            int u = b.node();
            double rr = r + 4 * s;
            g.setStroke(Palette.ALERT);
            g.setLineWidth(3.5 * s);
            g.strokeOval(px[u] - rr, py[u] - rr, 2 * rr, 2 * rr);
            String text = b.text();
            double w = fonts.width(text, fonts.badge) + 10 * s;
            double h = 18 * s;
            double x = px[u] - w / 2;
            double y = py[u] - r - 12 * s - h;
            g.setFill(Palette.PAPER);
            g.fillRoundRect(x, y, w, h, 6 * s, 6 * s);
            g.setStroke(Palette.ALERT);
            g.setLineWidth(2 * s);
            g.strokeRoundRect(x, y, w, h, 6 * s, 6 * s);
            g.setFill(Palette.INK);
            g.fillText(text, px[u], y + h / 2 + 0.5);
        }
        g.setGlobalAlpha(1);
    }

    void drawGesture(GraphicsContext g) {
        double s = f.s;
        double r = f.r;
        double[] px = f.px;
        double[] py = f.py;
        double[] band = scene.band;
        if (band != null) {
            int from = (int) band[0];
            int target = (int) band[3];
            g.setStroke(Palette.INK);
            g.setLineWidth(2.5 * s);
            g.setLineDashes(7 * s, 5 * s);
            g.strokeLine(px[from], py[from], band[1], band[2]);
            g.setLineDashes((double[]) null);
            double tr = r + 5 * s;
            g.setLineWidth(3 * s);
            g.strokeOval(px[from] - tr, py[from] - tr, 2 * tr, 2 * tr);
            if (target >= 0) g.strokeOval(px[target] - tr, py[target] - tr, 2 * tr, 2 * tr);
        }
        double[] stroke = scene.stroke;
        if (stroke != null && stroke.length >= 4) {
            g.setStroke(Palette.ALERT);
            g.setLineWidth(2.5 * s);
            g.setLineDashes(6 * s, 4 * s);
            g.strokePolyline(xs(stroke), ys(stroke), stroke.length / 2);
            g.setLineDashes((double[]) null);
        }
    }

    private static double[] xs(double[] pts) {
        double[] out = new double[pts.length / 2];
        for (int i = 0; i < out.length; i++) out[i] = pts[2 * i];
        return out;
    }

    private static double[] ys(double[] pts) {
        double[] out = new double[pts.length / 2];
        for (int i = 0; i < out.length; i++) out[i] = pts[2 * i + 1];
        return out;
    }
}
