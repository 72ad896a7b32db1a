package dev.lockstep.app.graph;

import dev.lockstep.figure.LabelPlacement;
import dev.lockstep.figure.Obstacles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/**
 * Draws the messages in transit. At rest each is a pill lying along its edge, placed by the
 * shared {@link LabelPlacement} (so figures put it in the same place), or a plain marker when
 * there is no room for its label; between steps it glides from where it was (new ones from the
 * sender, fading in) to where it rests, and a received one glides into its receiver, fading out.
 */
final class TokenPainter {
    private static final double TOKEN_H = LabelPlacement.TOKEN_H;
    /** Edges shorter than this on screen (pixels): messages are faint specks. */
    private static final double TINY_EDGE = 8;
    private static final Color SELF_FILL = Color.web("#FFF6D5");

    private final DrawnScene scene;
    private final Camera camera;
    private final PixelFrame f;
    private final Fonts fonts;
    private final long[] layoutKey = {-1, -1, -1, -1, -1};
    /** The protocol marks' labels, which pills keep clear of. */
    private final NodeMarkPainter marks;
    /** A large graph's markers and dots, drawn together at the end of the frame. */
    private final TokenBatch batch = new TokenBatch();

    TokenPainter(DrawnScene scene, Camera camera, PixelFrame f, Fonts fonts, NodeMarkPainter marks) {
        this.scene = scene;
        this.camera = camera;
        this.f = f;
        this.fonts = fonts;
        this.marks = marks;
    }

    /** Lays out the resting tokens, greedily in channel order (see {@link LabelPlacement#token}). */
    private void layout() {
        // the resting layout changes only with the drawn model, the camera, the size or the mode
        long mode = (scene.lecture ? 1 : 0) + (f.textDetail ? 2 : 0) + (f.portDetail ? 4 : 0);
        long[] key = {scene.layoutVersion, camera.version(), (long) f.viewW, (long) f.viewH, mode};
        if (Arrays.equals(key, layoutKey)) return;
        System.arraycopy(key, 0, layoutKey, 0, key.length);
        double s = f.s;
        double h = TOKEN_H * s;
        Obstacles obs = null;
        if (f.textDetail) {
            List<int[]> ports = null;
            if (f.portDetail) {
                ports = new ArrayList<>();
                for (PortEnd pl : scene.portLabels) ports.add(new int[] {pl.node(), pl.peer()});
            }
            obs = f.placement.obstacles(scene.n, f.nameX, f.nameY, f.nameW, f.nameH, ports);
            marks.block(obs);
        }
        for (MessageToken t : scene.tokens.values()) {
            if (t.leaving) continue;
            if (f.textDetail) t.w = fonts.width(t.text, fonts.token) + 10 * s;
            t.rest(f.placement.token(t.from, t.to, t.slot, t.count, t.w, h, obs));
        }
    }

    void draw(GraphicsContext g) {
        double s = f.s;
        double r = f.r;
        double[] px = f.px;
        double[] py = f.py;
        double e = scene.progress;
        double h = TOKEN_H * s;
        layout();
        g.setFont(fonts.token);
        boolean bulk = scene.bulk;
        batch.clear();
        double margin = 40 * s;
        for (MessageToken t : scene.tokens.values()) {
            boolean text;
            double ex;
            double ey;
            if (t.leaving) {
                // glides into the receiver, fading
                text = t.restText;
                double w = text ? t.w : 0;
                if (t.from == t.to) {
                    ex = px[t.to];
                    ey = py[t.to];
                } else {
                    double off = text ? h / 2 + 2 * s : 3 * s;
                    ex = px[t.to] - t.dx * (r + w / 2) - t.dy * off;
                    ey = py[t.to] - t.dy * (r + w / 2) + t.dx * off;
                }
            } else {
                text = t.restText;
                ex = t.restX;
                ey = t.restY;
            }
            double x = ex;
            double y = ey;
            if (e < 1 && t.startKind != MessageToken.AT_SLOT_STILL) {
                double sx;
                double sy;
                if (t.startKind == MessageToken.AT_POINT) {
                    sx = camera.pxX(t.startGx, t.startGy);
                    sy = camera.pxY(t.startGx, t.startGy);
                } else if (t.from == t.to) {
                    sx = px[t.from];
                    sy = py[t.from];
                } else {
                    double w = text ? t.w : 0;
                    double off = text ? h / 2 + 2 * s : 3 * s;
                    sx = px[t.from] + t.dx * (r + w / 2) - t.dy * off;
                    sy = py[t.from] + t.dy * (r + w / 2) + t.dx * off;
                }
                x = sx + (ex - sx) * e;
                y = sy + (ey - sy) * e;
            }
            double alpha = t.leaving ? Math.max(0, 1 - e * e)
                    : (t.startKind == MessageToken.AT_SENDER ? Math.min(1, 0.3 + e * 2) : 1);
            t.lastX = x;
            t.lastY = y;
            t.lastAlpha = alpha;
            if (alpha <= 0.01) continue;
            if (bulk) {
                // off screen: nothing to draw; too small for a label: gathered into the batch
                if (x < -margin || y < -margin || x > f.viewW + margin || y > f.viewH + margin) continue;
                if (!text && t.carried == 0 && (f.tokenDots || t.from != t.to)) {
                    // edges of a few pixels: the messages only darken the busy parts a little
                    if (f.tokenDots) batch.dot(x, y, f.edgePx < TINY_EDGE ? alpha * 0.3 : alpha);
                    else batch.marker(x, y, t.dx, t.dy, alpha, s);
                    continue;
                }
            }
            g.setGlobalAlpha(alpha);
            if (text) drawPill(g, t, x, y, h, s);
            else drawMarker(g, t, x, y, s);
            // a message carrying tokens: the node's badge, at the pill's back end (just behind a marker)
            if (t.carried > 0) {
                double back = text ? t.w / 2 : 8 * s;
                NodeMarkPainter.drawBadge(g, fonts, x - t.dx * back, y - t.dy * back, t.carried, s);
            }
        }
        g.setGlobalAlpha(1);
        if (bulk) batch.draw(g, s, dotRadius(), f.viewW, f.viewH);
    }

    /** A message as a dot: a share of the edge on screen, between 0.9 and 2.5 pixels. */
    private double dotRadius() {
        return f.edgePx < TINY_EDGE ? 0.9 : Math.max(1, Math.min(2.5, f.edgePx * 0.1));
    }

    private void drawPill(GraphicsContext g, MessageToken t, double x, double y, double h, double s) {
        double w = t.w;
        double deg = LabelPlacement.pillAngle(t.dx, t.dy);
        // the direction: a triangle just ahead of the pill
        double tipX = x + t.dx * (w / 2 + 7 * s);
        double tipY = y + t.dy * (w / 2 + 7 * s);
        MarkPainter.arrowHead(g, tipX, tipY, t.dx, t.dy, 7 * s, 4 * s, Palette.INK);
        g.save();
        g.translate(x, y);
        g.rotate(deg);
        g.setFill(t.from == t.to ? SELF_FILL : Palette.PAPER);
        g.fillRoundRect(-w / 2, -h / 2, w, h, h, h);
        g.setStroke(Palette.INK);
        g.setLineWidth(scene.lecture ? 1.8 : 1);
        g.strokeRoundRect(-w / 2, -h / 2, w, h, h, h);
        g.setFill(Palette.INK);
        g.fillText(t.text, 0, 0.5);
        g.restore();
    }

    private void drawMarker(GraphicsContext g, MessageToken t, double x, double y, double s) {
        if (t.from == t.to) {
            double rr = 3.5 * s;
            g.setFill(SELF_FILL);
            g.fillOval(x - rr, y - rr, 2 * rr, 2 * rr);
            g.setStroke(Palette.INK);
            g.setLineWidth(1.2 * s);
            g.strokeOval(x - rr, y - rr, 2 * rr, 2 * rr);
            return;
        }
        double len = 8 * s;
        double half = 4.5 * s;
        double tx = x + t.dx * len / 2;
        double ty = y + t.dy * len / 2;
        double bx = tx - t.dx * len;
        double by = ty - t.dy * len;
        double[] xs = {tx, bx - t.dy * half, bx + t.dy * half};
        double[] ys = {ty, by + t.dx * half, by - t.dx * half};
        g.setFill(Palette.PAPER);
        g.fillPolygon(xs, ys, 3);
        g.setStroke(Palette.INK);
        g.setLineWidth(1.3 * s);
        g.strokePolygon(xs, ys, 3);
    }
}
