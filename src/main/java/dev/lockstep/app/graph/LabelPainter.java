package dev.lockstep.app.graph;

import dev.lockstep.figure.PortPips;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/**
 * Draws the labels around the nodes: names (on white tags, placed by the shared
 * {@link dev.lockstep.figure.LabelPlacement}, as in the figures), port labels by each end of an
 * edge, and the free-port pips around each node's rim.
 */
final class LabelPainter {
    private static final Color NAME_BACK = new Color(1, 1, 1, 0.85);

    private final DrawnScene scene;
    private final PixelFrame f;
    private final Fonts fonts;
    private final double[] place = new double[2];

    LabelPainter(DrawnScene scene, PixelFrame f, Fonts fonts) {
        this.scene = scene;
        this.f = f;
        this.fonts = fonts;
    }

    /**
     * Node names go under the node unless an edge leaves that way; then to the side farthest from
     * the node's edges (GraphStream's own labels are off: they would sit under the port labels).
     */
    void layoutNames() {
        double s = f.s;
        f.nameH = (scene.lecture ? 19 : 13) * s / (scene.lecture ? 1.5 : 1);
        for (int u = 0; u < scene.n; u++) {
            f.nameW[u] = fonts.width(scene.names[u], fonts.name) + 6 * s;
            f.placement.name(u, scene.nameSide[u], f.nameW[u], f.nameH, place);
            f.nameX[u] = place[0];
            f.nameY[u] = place[1];
        }
    }

    void drawNames(GraphicsContext g) {
        double s = f.s;
        double nh = f.nameH;
        g.setFont(fonts.name);
        for (int u = 0; u < scene.n; u++) {
            double w = f.nameW[u];
            g.setFill(NAME_BACK);
            g.fillRoundRect(f.nameX[u] - w / 2, f.nameY[u] - nh / 2, w, nh, 5 * s, 5 * s);
            g.setFill(Palette.INK);
            g.fillText(scene.names[u], f.nameX[u], f.nameY[u] + 0.5);
        }
    }

    void drawPortLabels(GraphicsContext g) {
        double rad = 6.5 * f.s;
        g.setFont(fonts.port);
        g.setLineWidth(scene.lecture ? 1.5 : 1);
        for (PortEnd pl : scene.portLabels) {
            if (!f.placement.port(pl.node(), pl.peer(), place)) continue;
            double cx = place[0];
            double cy = place[1];
            g.setFill(Palette.PAPER);
            g.fillOval(cx - rad, cy - rad, 2 * rad, 2 * rad);
            g.setStroke(Palette.INK);
            g.strokeOval(cx - rad, cy - rad, 2 * rad, 2 * rad);
            g.setFill(Palette.INK);
            g.fillText(Integer.toString(pl.port()), cx, cy + 0.5);
        }
    }

    /**
     * Free ports: Δ pips around the node's rim, pip ℓ for port ℓ clockwise from the top, filled
     * when the port is in use, hollow when it is open (so a node with no hollow pip cannot take a
     * new edge). With more than 16 ports, a "used/Δ" tag above the node instead.
     */
    void drawPips(GraphicsContext g) {
        double s = f.s;
        double r = f.r;
        double[] px = f.px;
        double[] py = f.py;
        int delta = scene.delta;
        if (delta <= PortPips.MAX) {
            PortPips pips = PortPips.around(delta, r, s);
            double pr = pips.radius();
            double[] cos = pips.dx();
            double[] sin = pips.dy();
            g.setLineWidth(scene.lecture ? 1.3 : 0.9);
            g.setStroke(Palette.INK);
            for (int u = 0; u < scene.n; u++) {
                long used = scene.ports[u];
                for (int i = 0; i < delta; i++) {
                    double x = px[u] + cos[i];
                    double y = py[u] + sin[i];
                    boolean in = (used & (1L << (i + 1))) != 0;
                    g.setFill(in ? Palette.INK : Palette.PAPER);
                    g.fillOval(x - pr, y - pr, 2 * pr, 2 * pr);
                    if (!in) g.strokeOval(x - pr, y - pr, 2 * pr, 2 * pr);
                }
            }
            return;
        }
        g.setFont(fonts.pip);
        for (int u = 0; u < scene.n; u++) {
            int used = Long.bitCount(scene.ports[u] & ~1L);
            double top = py[u] - r - 8 * s;
            String t = used + "/" + delta;
            double tw = fonts.width(t, fonts.pip) + 4 * s;
            double th = 10 * s;
            boolean full = used >= delta;
            g.setFill(full ? Palette.INK : Palette.PAPER);
            g.fillRoundRect(px[u] - tw / 2, top - th / 2, tw, th, 4, 4);
            g.setStroke(Palette.INK);
            g.setLineWidth(1);
            g.strokeRoundRect(px[u] - tw / 2, top - th / 2, tw, th, 4, 4);
            g.setFill(full ? Palette.PAPER : Palette.INK);
            g.fillText(t, px[u], top + 0.5);
        }
    }
}
