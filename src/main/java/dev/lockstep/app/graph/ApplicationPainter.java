package dev.lockstep.app.graph;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;

/**
 * Draws an application's marks (see {@link ApplicationLook}): under the graph a dashed band between
 * the two agents of each interaction under way; over it the application state's name in each node, and the protocol's fill value as a badge on the rim
 * at the lower left (the token badge and the leader mark take the upper corners). A particle system
 * (amoebots) gets neither: its bodies under the nodes show its state, the node's fill is the protocol's.
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

    /**
     * Over the graph: the states' names and the badges; none for a particle system, whose bodies
     * show its state while the node keeps the protocol's fill.
     */
    void draw(GraphicsContext g) {
        if (scene.appState == null || scene.particles != null) return;
        drawStates(g);
        drawBadges(g);
    }

    /**
     * Under the graph: a thick dashed ink band from centre to centre of the two agents of each
     * interaction under way, so that even close neighbours show it between their rims (the nodes
     * and the thin grey edge are drawn over it).
     */
    void drawLinks(GraphicsContext g) {
        if (scene.appState == null) return;
        double s = f.s;
        g.setStroke(Color.web(dev.lockstep.figure.Look.INTERACTION, 0.85));
        g.setLineWidth(6 * s);
        g.setLineDashes(8 * s, 4 * s);
        for (int u = 0; u < scene.n; u++) {
            int v = scene.partner[u];
            if (v < 0 || v >= scene.n || v == u) continue;
            g.strokeLine(f.px[u], f.py[u], f.px[v], f.py[v]);
        }
        g.setLineDashes();
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
