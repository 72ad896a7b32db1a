package dev.lockstep.app.graph;

import dev.lockstep.application.amoebot.Cell;
import dev.lockstep.figure.Look;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.shape.StrokeLineCap;

/**
 * Draws amoebots (LME paper, Sec. 6) under the graph: the triangular lattice (faint lines and
 * points, over the patch the particles have covered plus a margin), each particle's body — a disc
 * on its cell when contracted, a capsule (two discs joined) over its tail and head when expanded,
 * its head darker and dotted —
 * and, over the lock-set hulls, a dashed vermillion ring around every cell two particles occupy.
 * Everything goes through the camera at each frame, so it stays on the nodes at any zoom and pan;
 * the node (fill, letter, badge, ring) is drawn over its body by GraphStream and the painter.
 */
final class LatticePainter {
    /** The radius of the dot on an expanded particle's head, in pixels at scale 1 (the figures' too). */
    static final double HEAD_DOT = Look.HEAD_DOT;
    private final DrawnScene scene;
    private final Camera camera;
    private final PixelFrame f;

    LatticePainter(DrawnScene scene, Camera camera, PixelFrame f) {
        this.scene = scene;
        this.camera = camera;
        this.f = f;
    }

    /** The body radius in pixels at this frame's zoom. */
    double bodyRadius() {
        return Look.particleRadius(camera.unit(), f.r);
    }

    /** The lattice and the particles' bodies (first thing under the graph). */
    void drawGround(GraphicsContext g) {
        ParticleScene ps = scene.particles;
        if (ps == null) return;
        double s = f.s;
        double unit = camera.unit();
        double[] e = ps.edges;
        if (unit >= 6) {
            g.setStroke(Color.web(Look.LATTICE));
            g.setLineWidth(s);
            g.setLineCap(StrokeLineCap.BUTT);
            g.beginPath();
            for (int i = 0; i + 3 < e.length; i += 4) {
                g.moveTo(camera.pxX(e[i], e[i + 1]), camera.pxY(e[i], e[i + 1]));
                g.lineTo(camera.pxX(e[i + 2], e[i + 3]), camera.pxY(e[i + 2], e[i + 3]));
            }
            g.stroke();
            g.setLineCap(StrokeLineCap.ROUND);
        }
        double[] p = ps.points;
        double pr = Math.max(1.2, Math.min(2.6, unit * 0.045)) * s;
        g.setFill(Color.web(Look.LATTICE_POINT));
        for (int i = 0; i + 1 < p.length; i += 2) {
            g.fillOval(camera.pxX(p[i], p[i + 1]) - pr, camera.pxY(p[i], p[i + 1]) - pr, 2 * pr, 2 * pr);
        }
        double br = bodyRadius();
        double progress = scene.progress;
        Color outline = Color.web(Look.PARTICLE_OUTLINE);
        Color body = Color.web(Look.PARTICLE);
        Color head = Color.web(Look.PARTICLE_HEAD);
        for (int u = 0; u < ps.n; u++) {
            if (ps.tail[u] == null) continue;
            double tx = ParticleScene.at(ps.fromTail, ps.toTail, 2 * u, progress);
            double ty = ParticleScene.at(ps.fromTail, ps.toTail, 2 * u + 1, progress);
            double hx = ParticleScene.at(ps.fromHead, ps.toHead, 2 * u, progress);
            double hy = ParticleScene.at(ps.fromHead, ps.toHead, 2 * u + 1, progress);
            double x0 = camera.pxX(tx, ty);
            double y0 = camera.pxY(tx, ty);
            double x1 = camera.pxX(hx, hy);
            double y1 = camera.pxY(hx, hy);
            // a capsule is a round-capped stroke: the outline first, the body over it
            g.setStroke(outline);
            g.setLineWidth(2 * br + 3 * s);
            g.strokeLine(x0, y0, x1 + (x0 == x1 && y0 == y1 ? 0.01 : 0), y1);
            g.setStroke(body);
            g.setLineWidth(2 * br);
            g.strokeLine(x0, y0, x1 + (x0 == x1 && y0 == y1 ? 0.01 : 0), y1);
            if (ps.head[u] != null && !ps.head[u].equals(ps.tail[u])) {
                // the head (the cell it expanded into) is darker, with a dot: which way the particle is going
                g.setFill(head);
                g.fillOval(x1 - br, y1 - br, 2 * br, 2 * br);
                double hr = HEAD_DOT * s;
                g.setFill(outline);
                g.fillOval(x1 - hr, y1 - hr, 2 * hr, 2 * hr);
            }
        }
    }

    /** The cells two particles occupy: a translucent vermillion disc and a dashed vermillion ring. */
    void drawCollisions(GraphicsContext g) {
        ParticleScene ps = scene.particles;
        if (ps == null || ps.shared.isEmpty()) return;
        double s = f.s;
        double br = bodyRadius();
        Color alert = Palette.ALERT;
        double rr = br + 5 * s;
        for (Cell c : ps.shared) {
            double x = camera.pxX(c.x(), c.y());
            double y = camera.pxY(c.x(), c.y());
            g.setFill(new Color(alert.getRed(), alert.getGreen(), alert.getBlue(), 0.28));
            g.fillOval(x - br, y - br, 2 * br, 2 * br);
            g.setStroke(alert);
            g.setLineWidth(3 * s);
            g.setLineDashes(6 * s, 4 * s);
            g.strokeOval(x - rr, y - rr, 2 * rr, 2 * rr);
            g.setLineDashes();
        }
    }
}
