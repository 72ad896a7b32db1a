package dev.lockstep.app.graph;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;

/**
 * Draws an application's marks over the graph (see {@link ApplicationLook}): a dashed link between
 * the two agents of each interaction under way (from rim to rim, so it is not taken for an edge),
 * the application state's name in each node, and the protocol's fill value as a badge on the rim
 * at the lower left (the token badge and the leader mark take the upper corners).
 */
final class ApplicationPainter {
    private final DrawnScene scene;
    private final PixelFrame f;
    private Font font;
    private double fontSize;

    ApplicationPainter(DrawnScene scene, PixelFrame f) {
        this.scene = scene;
        this.f = f;
    }

    void draw(GraphicsContext g) {
        if (scene.appState == null) return;
        drawLinks(g);
        drawStates(g);
        drawBadges(g);
    }

    private void drawLinks(GraphicsContext g) {
        double s = f.s;
        double r = f.r;
        for (int u = 0; u < scene.n; u++) {
            int v = scene.partner[u];
            if (v < 0 || v >= scene.n || v == u) continue;
            double dx = f.px[v] - f.px[u];
            double dy = f.py[v] - f.py[u];
            double len = Math.hypot(dx, dy);
            double gap = r + 3 * s;
            if (len <= 2 * gap) continue;
            double ux = dx / len;
            double uy = dy / len;
            double x0 = f.px[u] + ux * gap;
            double y0 = f.py[u] + uy * gap;
            double x1 = f.px[v] - ux * gap;
            double y1 = f.py[v] - uy * gap;
            g.setLineDashes();
            g.setStroke(Color.WHITE);
            g.setLineWidth(6.5 * s);
            g.strokeLine(x0, y0, x1, y1);
            g.setStroke(Color.web(dev.lockstep.figure.Look.INTERACTION));
            g.setLineWidth(3.5 * s);
            g.setLineDashes(7 * s, 4 * s);
            g.strokeLine(x0, y0, x1, y1);
            g.setLineDashes();
            // the initiator's end: a dot, so who began it reads at a glance
            double d = 3.2 * s;
            g.setFill(Color.web(dev.lockstep.figure.Look.INTERACTION));
            g.fillOval(x0 - d, y0 - d, 2 * d, 2 * d);
        }
    }

    private void drawStates(GraphicsContext g) {
        double r = f.r;
        if (r < 6) return; // a large graph's tiny nodes: the fill alone
        double size = Math.round(r * 1.15);
        if (font == null || size != fontSize) {
            font = Font.font("SansSerif", FontWeight.BOLD, size);
            fontSize = size;
        }
        g.setFont(font);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        for (int u = 0; u < scene.n; u++) {
            String mark = ApplicationLook.mark(scene.appState[u]);
            if (mark.isEmpty() || scene.crashed[u]) continue;
            g.setFill(textOn(scene.curFill[u]));
            g.fillText(mark, f.px[u], f.py[u] + 0.5);
        }
    }

    private void drawBadges(GraphicsContext g) {
        double s = f.s;
        double r = f.r;
        double br = 4.6 * s;
        double d = (r + 0.5 * s) * Math.sqrt(0.5);
        g.setLineWidth(1.2 * s);
        g.setStroke(Palette.INK);
        for (int u = 0; u < scene.n; u++) {
            Color c = scene.stateBadge[u];
            if (c == null) continue;
            double x = f.px[u] - d;
            double y = f.py[u] + d;
            g.setFill(c);
            g.fillOval(x - br, y - br, 2 * br, 2 * br);
            g.strokeOval(x - br, y - br, 2 * br, 2 * br);
        }
    }

    /** White on a dark fill, ink on a light one (the fill as drawn now, mid-animation too). */
    static Color textOn(Color fill) {
        if (fill == null) return Palette.INK;
        return dev.lockstep.figure.Look.darkFill(Palette.hex(fill)) ? Color.WHITE : Palette.INK;
    }
}
