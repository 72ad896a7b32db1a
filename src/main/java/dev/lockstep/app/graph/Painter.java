package dev.lockstep.app.graph;

import dev.lockstep.figure.Obstacles;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.shape.StrokeLineCap;
import javafx.scene.shape.StrokeLineJoin;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;
import org.graphstream.ui.graphicGraph.GraphicGraph;

/**
 * Draws what GraphStream does not: under the graph the lock-set hulls and the violation glow; over
 * it the lock pointers, port labels, free-port pips, tokens, selection, refusal badges and the
 * gesture feedback. Everything is drawn in view pixels from the model positions, so sizes do not
 * change with the zoom; when the edges get too short on screen, the labels give way to plain
 * markers (zoom in to read them).
 */
final class Painter {
    private final GraphView v;
    private double[] px = new double[0];
    private double[] py = new double[0];
    private final Map<String, Double> widths = new HashMap<>();
    private Font tokenFont;
    private Font portFont;
    private Font badgeFont;
    private Font pipFont;
    private Font nameFont;
    private boolean fontsLecture;
    private boolean portDetail;
    private boolean nameDetail;
    private boolean textDetail;
    private final double[] place = new double[6];
    private double viewW = 1e9;
    private double viewH = 1e9;

    Painter(GraphView v) {
        this.v = v;
        makeFonts(false);
    }

    private void makeFonts(boolean lecture) {
        double s = lecture ? 1.5 : 1;
        tokenFont = Font.font("SansSerif", lecture ? FontWeight.BOLD : FontWeight.NORMAL, 10 * s);
        portFont = Font.font("SansSerif", FontWeight.BOLD, 9 * s);
        badgeFont = Font.font("SansSerif", FontWeight.BOLD, 11 * s);
        pipFont = Font.font("SansSerif", FontWeight.BOLD, 8.5 * s);
        nameFont = Font.font("SansSerif", FontWeight.BOLD, lecture ? 17 : 11);
        widths.clear();
        fontsLecture = lecture;
    }

    double scale() {
        return v.lecture ? 1.5 : 1;
    }

    double nodeRadius() {
        return (v.lecture ? Styles.NODE_SIZE_LECTURE : Styles.NODE_SIZE) / 2;
    }

    boolean textDetail() {
        return textDetail;
    }

    // ------------------------------------------------------------------ under the graph

    long nanos;

    void renderBack(GraphicsContext g, GraphicGraph gg, double px2Gu, int w, int h, double minX, double minY,
                    double maxX, double maxY) {
        long t0 = System.nanoTime();
        try {
            back(g, gg, w, h);
        } finally {
            nanos += System.nanoTime() - t0;
        }
    }

    private long cameraVersion = -1;
    private int lastW = -1;
    private int lastH = -1;

    private void back(GraphicsContext g, GraphicGraph gg, int w, int h) {
        // The camera's transform for this frame: GraphStream sets it up only after this layer, so
        // when the camera or the view's size changed, push the view once more to get it; otherwise
        // the transform captured at the end of the last frame is still the right one.
        if (!v.transformKnown || cameraVersion != v.cameraVersion || w != lastW || h != lastH) {
            v.pushCamera(gg);
            v.captureTransform();
            v.popCamera();
            cameraVersion = v.cameraVersion;
            lastW = w;
            lastH = h;
        }
        if (fontsLecture != v.lecture) makeFonts(v.lecture);
        int n = v.n;
        if (px.length != n) {
            px = new double[n];
            py = new double[n];
        }
        for (int u = 0; u < n; u++) {
            px[u] = v.pxX(v.curX[u], v.curY[u]);
            py[u] = v.pxY(v.curX[u], v.curY[u]);
        }
        double s = scale();
        double unit = Math.sqrt(Math.abs(v.m00 * v.m11 - v.m01 * v.m10));
        double edgePx = v.medianEdgeGu * unit;
        portDetail = edgePx >= 58 * s;
        nameDetail = edgePx >= 34 * s;
        textDetail = edgePx >= 105 * s;

        double r = nodeRadius();
        g.save();
        g.setLineCap(StrokeLineCap.ROUND);
        g.setLineJoin(StrokeLineJoin.ROUND);
        // lock-set hulls: the holder joined to every member by a thick translucent stroke (one
        // path per set, so overlapping parts are not darker)
        for (GraphView.LockSet ls : v.lockSets) {
            Color c = Palette.holder(ls.holder());
            Color fill = new Color(c.getRed(), c.getGreen(), c.getBlue(), v.lecture ? 0.42 : 0.33);
            int hd = ls.holder();
            double width = 2 * (r + 7 * s);
            if (ls.members().length == 1 && ls.members()[0] == hd) {
                g.setFill(fill);
                g.fillOval(px[hd] - width / 2, py[hd] - width / 2, width, width);
                continue;
            }
            g.setStroke(fill);
            g.setLineWidth(width);
            g.beginPath();
            for (int m : ls.members()) {
                g.moveTo(px[hd], py[hd]);
                g.lineTo(px[m] + (m == hd ? 0.01 : 0), py[m]);
            }
            g.stroke();
        }
        // violation glow
        if (!v.highlighted.isEmpty()) {
            double gr = r + 15 * s;
            g.setFill(new Color(Palette.ALERT_GLOW.getRed(), Palette.ALERT_GLOW.getGreen(), Palette.ALERT_GLOW.getBlue(), 0.35));
            for (int u : v.highlighted) g.fillOval(px[u] - gr, py[u] - gr, 2 * gr, 2 * gr);
        }
        // edges the cutting stroke would cut
        double[] stroke = v.gesturesStroke();
        if (stroke != null && stroke.length >= 4) {
            g.setStroke(new Color(Palette.ALERT.getRed(), Palette.ALERT.getGreen(), Palette.ALERT.getBlue(), 0.55));
            g.setLineWidth(7 * s);
            for (int[] e : v.edgesCrossing(stroke)) g.strokeLine(px[e[0]], py[e[0]], px[e[1]], py[e[1]]);
        }
        g.restore();
    }

    // ------------------------------------------------------------------ over the graph

    void renderFore(GraphicsContext g, GraphicGraph gg, double px2Gu, int w, int h, double minX, double minY,
                    double maxX, double maxY) {
        long t0 = System.nanoTime();
        try {
            fore(g, w, h);
        } finally {
            nanos += System.nanoTime() - t0;
        }
    }

    private void fore(GraphicsContext g, int w, int h) {
        v.captureTransform();
        double s = scale();
        double r = nodeRadius();
        g.save();
        g.setLineCap(StrokeLineCap.ROUND);
        g.setLineJoin(StrokeLineJoin.ROUND);
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.CENTER);

        viewW = w;
        viewH = h;
        layoutNames(r, s);
        if (portDetail) {
            drawPortLabels(g, r, s);
            drawPips(g, r, s);
        }
        drawPointers(g, r, s);
        if (nameDetail) drawNames(g, s);
        drawTokens(g, r, s);
        drawSelection(g, r, s);
        drawBadges(g, r, s);
        drawGesture(g, r, s);
        g.restore();
    }

    private void drawPointers(GraphicsContext g, double r, double s) {
        for (GraphView.LockSet ls : v.lockSets) {
            int hd = ls.holder();
            Color c = Palette.holder(hd);
            for (int m : ls.members()) {
                if (m == hd) continue;
                double dx = px[hd] - px[m];
                double dy = py[hd] - py[m];
                double len = Math.hypot(dx, dy);
                if (len < 2 * r + 4) continue;
                dx /= len;
                dy /= len;
                double start = r + 2 * s;
                double length = Math.min(34 * s, Math.max(12 * s, (len - 2 * r) * 0.45));
                double x0 = px[m] + dx * start;
                double y0 = py[m] + dy * start;
                double x1 = px[m] + dx * (start + length);
                double y1 = py[m] + dy * (start + length);
                double head = 8 * s;
                double bx = x1 - dx * head;
                double by = y1 - dy * head;
                // dark outline under the holder's colour: visible on any background
                g.setStroke(Palette.INK);
                g.setLineWidth(5.5 * s);
                g.strokeLine(x0, y0, bx, by);
                arrowHead(g, x1, y1, dx, dy, head + 1.5 * s, 5.5 * s + 1.5 * s, Palette.INK);
                g.setStroke(c);
                g.setLineWidth(3 * s);
                g.strokeLine(x0, y0, bx, by);
                arrowHead(g, x1 - dx * 1.2 * s, y1 - dy * 1.2 * s, dx, dy, head, 5.5 * s, c);
            }
        }
    }

    private static void arrowHead(GraphicsContext g, double tx, double ty, double dx, double dy, double len, double half,
                                  Color c) {
        double bx = tx - dx * len;
        double by = ty - dy * len;
        g.setFill(c);
        g.fillPolygon(new double[] {tx, bx - dy * half, bx + dy * half}, new double[] {ty, by + dx * half, by - dx * half}, 3);
    }

    // ------------------------------------------------------------------ node names

    private double[] nameX = new double[0];
    private double[] nameY = new double[0];
    private double[] nameW = new double[0];
    private static final double[][] NAME_SIDES = {
        {0, 1}, {0, -1}, {1, 0}, {-1, 0}, {0.7071, 0.7071}, {-0.7071, 0.7071}, {0.7071, -0.7071}, {-0.7071, -0.7071}};

    private double nameHeight(double s) {
        return (v.lecture ? 19 : 13) * s / (v.lecture ? 1.5 : 1);
    }

    /**
     * Node names go under the node unless an edge leaves that way; then to the side farthest from
     * the node's edges (GraphStream's own labels are off: they would sit under the port labels).
     */
    private void layoutNames(double r, double s) {
        int n = v.n;
        if (nameX.length != n) {
            nameX = new double[n];
            nameY = new double[n];
            nameW = new double[n];
        }
        double nh = nameHeight(s);
        for (int u = 0; u < n; u++) {
            nameW[u] = width(v.names[u], nameFont) + 6 * s;
            double[] side = NAME_SIDES[v.nameSide[u]];
            double cx = side[0];
            double cy = side[1];
            double dist = r + 6.5 * s + Math.abs(cx) * nameW[u] / 2 + Math.abs(cy) * nh / 2;
            nameX[u] = px[u] + cx * dist;
            nameY[u] = py[u] + cy * dist;
        }
    }

    /**
     * For each node, the side for its name: under the node unless an edge leaves that way, then
     * the side farthest from its edges. Depends only on directions, so it changes only when nodes
     * move or edges change (the view calls this then).
     */
    static void chooseNameSides(GraphView v) {
        double[] gap = new double[NAME_SIDES.length];
        for (int u = 0; u < v.n; u++) {
            java.util.Arrays.fill(gap, Math.PI);
            for (long bits = v.ports[u] & ~1L; bits != 0; bits &= bits - 1) {
                int p = Long.numberOfTrailingZeros(bits);
                int w = v.peers[u * (v.delta + 1) + p];
                if (w < 0) continue;
                // screen directions: the model's y axis points up
                double a = Math.atan2(-(v.curY[w] - v.curY[u]), v.curX[w] - v.curX[u]);
                for (int k = 0; k < NAME_SIDES.length; k++) {
                    double d = Math.abs(Math.IEEEremainder(a - SIDE_ANGLE[k], 2 * Math.PI));
                    if (d < gap[k]) gap[k] = d;
                }
            }
            int best = 0;
            if (gap[0] < Math.toRadians(40)) {
                for (int k = 1; k < NAME_SIDES.length; k++) if (gap[k] > gap[best] + 1e-9) best = k;
            }
            v.nameSide[u] = best;
        }
    }

    private static final double[] SIDE_ANGLE = new double[NAME_SIDES.length];

    static {
        for (int k = 0; k < NAME_SIDES.length; k++) SIDE_ANGLE[k] = Math.atan2(NAME_SIDES[k][1], NAME_SIDES[k][0]);
    }

    private int peerOf(int u, int port) {
        return v.peers == null ? -1 : v.peers[u * (v.delta + 1) + port];
    }

    private void drawNames(GraphicsContext g, double s) {
        double nh = nameHeight(s);
        g.setFont(nameFont);
        for (int u = 0; u < v.n; u++) {
            double w = nameW[u];
            g.setFill(NAME_BACK);
            g.fillRoundRect(nameX[u] - w / 2, nameY[u] - nh / 2, w, nh, 5 * s, 5 * s);
            g.setFill(Palette.INK);
            g.fillText(v.names[u], nameX[u], nameY[u] + 0.5);
        }
    }

    private static final Color NAME_BACK = new Color(1, 1, 1, 0.85);

    /** Puts the position of a port label in {@link #place} (0, 1); false if the edge is too short to show it. */
    private boolean portX(GraphView.PortLabel pl, double r, double s) {
        int a = pl.node();
        int b = pl.peer();
        double dx = px[b] - px[a];
        double dy = py[b] - py[a];
        double len = Math.hypot(dx, dy);
        if (len < 2 * (r + 19 * s)) return false;
        dx /= len;
        dy /= len;
        // on the owner's side, just off the edge (to the left of owner -> peer): clear of the lock
        // pointer, which runs on the edge, and of the tokens, which keep to the middle of the edge
        place[0] = px[a] + dx * (r + 12 * s) + dy * (7.5 * s);
        place[1] = py[a] + dy * (r + 12 * s) - dx * (7.5 * s);
        return true;
    }

    private void drawPortLabels(GraphicsContext g, double r, double s) {
        double rad = 6.5 * s;
        g.setFont(portFont);
        g.setLineWidth(v.lecture ? 1.5 : 1);
        for (GraphView.PortLabel pl : v.portLabels) {
            if (!portX(pl, r, s)) continue;
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
    private void drawPips(GraphicsContext g, double r, double s) {
        int delta = v.delta;
        if (delta <= 16) {
            double ring = r + 4.2 * s;
            double pr = Math.min(2.4 * s, Math.PI * ring / delta * 0.38);
            double[] cos = new double[delta];
            double[] sin = new double[delta];
            for (int i = 0; i < delta; i++) {
                double a = -Math.PI / 2 + 2 * Math.PI * i / delta;
                cos[i] = Math.cos(a) * ring;
                sin[i] = Math.sin(a) * ring;
            }
            g.setLineWidth(v.lecture ? 1.3 : 0.9);
            g.setStroke(Palette.INK);
            for (int u = 0; u < v.n; u++) {
                long used = v.ports[u];
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
        g.setFont(pipFont);
        for (int u = 0; u < v.n; u++) {
            int used = Long.bitCount(v.ports[u] & ~1L);
            double top = py[u] - r - 8 * s;
            String t = used + "/" + delta;
            double tw = width(t, pipFont) + 4 * s;
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

    // ------------------------------------------------------------------ tokens

    /**
     * Lays out the resting tokens: each message is a pill lying along its edge, on the right-hand
     * side of its direction of travel (so the two directions of an edge never overlap), placed
     * greedily where it overlaps no node, node name, port label or earlier pill; a message that
     * finds no room is drawn as a plain marker on the edge (zoom in to read it).
     */
    private final long[] layoutKey = {-1, -1, -1, -1, -1};

    private void layoutTokens(double r, double s) {
        // the resting layout changes only with the drawn model, the camera, the size or the mode
        long mode = (v.lecture ? 1 : 0) + (textDetail ? 2 : 0) + (portDetail ? 4 : 0);
        long[] key = {v.layoutVersion, v.cameraVersion, (long) viewW, (long) viewH, mode};
        if (java.util.Arrays.equals(key, layoutKey)) return;
        System.arraycopy(key, 0, layoutKey, 0, key.length);
        double h = TOKEN_H * s;
        if (!textDetail) {
            for (GraphView.Token t : v.tokens.values()) {
                if (t.leaving) continue;
                t.restText = false;
                if (t.from == t.to) layoutSelf(t, null, r, s, h);
                else layoutOnEdge(t, null, r, s, h);
            }
            return;
        }
        Obstacles obs = new Obstacles(64);
        double nh = nameHeight(s);
        for (int u = 0; u < v.n; u++) {
            obs.add(px[u], py[u], px[u], py[u], r + 6 * s);
            double half = Math.max(0, (nameW[u] - nh) / 2);
            obs.add(nameX[u] - half, nameY[u], nameX[u] + half, nameY[u], nh / 2 + s);
        }
        if (portDetail) {
            for (GraphView.PortLabel pl : v.portLabels) {
                if (portX(pl, r, s)) obs.add(place[0], place[1], place[0], place[1], 6.5 * s);
            }
        }
        for (GraphView.Token t : v.tokens.values()) {
            if (t.leaving) continue;
            t.w = width(t.text, tokenFont) + 10 * s;
            t.restText = false;
            if (t.from == t.to) {
                layoutSelf(t, obs, r, s, h);
            } else {
                layoutOnEdge(t, obs, r, s, h);
            }
        }
    }

    private void layoutOnEdge(GraphView.Token t, Obstacles obs, double r, double s, double h) {
        double ax = px[t.from];
        double ay = py[t.from];
        double dx = px[t.to] - ax;
        double dy = py[t.to] - ay;
        double len = Math.hypot(dx, dy);
        if (len < 1e-6) {
            dx = 1;
            dy = 0;
        } else {
            dx /= len;
            dy /= len;
        }
        t.dx = dx;
        t.dy = dy;
        double nx = -dy; // right-hand side of the direction of travel (y grows downwards)
        double ny = dx;
        double w = t.w;
        double half = (w - h) / 2;
        double margin = r + 22 * s;
        double lo = margin + w / 2;
        double hi = len - margin - w / 2;
        if (textDetail && lo <= hi) {
            double preferred = len / 2 + (t.slot - (t.count - 1) / 2.0) * (w + 6 * s);
            double step = w / 2 + 4 * s;
            for (int row = 0; row < 3 && !t.restText; row++) {
                double off = h / 2 + 2 * s + row * (h + 2 * s);
                for (int j = 0; j < 7; j++) {
                    double along = preferred + (j == 0 ? 0 : ((j + 1) / 2) * step * (j % 2 == 1 ? 1 : -1));
                    along = Math.max(lo, Math.min(hi, along));
                    double cx = ax + dx * along + nx * off;
                    double cy = ay + dy * along + ny * off;
                    double x1 = cx - dx * half;
                    double y1 = cy - dy * half;
                    double x2 = cx + dx * half;
                    double y2 = cy + dy * half;
                    if (inside(x1, y1, x2, y2, h / 2) && !obs.hits(x1, y1, x2, y2, h / 2 + 1 * s)) {
                        obs.add(x1, y1, x2, y2, h / 2 + 1 * s);
                        t.restX = cx;
                        t.restY = cy;
                        t.restText = true;
                        break;
                    }
                }
            }
        }
        if (!t.restText) {
            double along = len / 2 + (t.slot - (t.count - 1) / 2.0) * 10 * s;
            t.restX = ax + dx * along + nx * 3 * s;
            t.restY = ay + dy * along + ny * 3 * s;
        }
    }

    private void layoutSelf(GraphView.Token t, Obstacles obs, double r, double s, double h) {
        int u = t.from;
        t.dx = 1;
        t.dy = 0;
        double w = t.w;
        double half = (w - h) / 2;
        if (textDetail) {
            double[][] spots = {
                {px[u] + r + 8 * s + w / 2, py[u] - r * 0.6}, {px[u] - r - 8 * s - w / 2, py[u] - r * 0.6},
                {px[u], py[u] - r - 12 * s - h / 2}, {px[u] + r + 8 * s + w / 2, py[u] + r * 0.6}};
            for (int row = 0; row < 3 && !t.restText; row++) {
                for (double[] spot : spots) {
                    double cx = spot[0];
                    double cy = spot[1] + (spot[1] < py[u] ? -1 : 1) * row * (h + 2 * s);
                    if (inside(cx - half, cy, cx + half, cy, h / 2) && !obs.hits(cx - half, cy, cx + half, cy, h / 2 + s)) {
                        obs.add(cx - half, cy, cx + half, cy, h / 2 + s);
                        t.restX = cx;
                        t.restY = cy;
                        t.restText = true;
                        break;
                    }
                }
            }
        }
        if (!t.restText) {
            t.restX = px[u] + r + 4 * s;
            t.restY = py[u] - r + t.slot * 7 * s;
        }
    }

    /** Whether the capsule lies within the view (a label cut by the border is not readable). */
    private boolean inside(double x1, double y1, double x2, double y2, double rad) {
        return Math.min(x1, x2) - rad >= 0 && Math.min(y1, y2) - rad >= 0 && Math.max(x1, x2) + rad <= viewW
                && Math.max(y1, y2) + rad <= viewH;
    }

    private void drawTokens(GraphicsContext g, double r, double s) {
        double e = v.progress;
        double h = TOKEN_H * s;
        layoutTokens(r, s);
        g.setFont(tokenFont);
        for (GraphView.Token t : v.tokens.values()) {
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
            if (e < 1 && t.startKind != GraphView.Token.AT_SLOT_STILL) {
                double sx;
                double sy;
                if (t.startKind == GraphView.Token.AT_POINT) {
                    sx = v.pxX(t.startGx, t.startGy);
                    sy = v.pxY(t.startGx, t.startGy);
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
                    : (t.startKind == GraphView.Token.AT_SENDER ? Math.min(1, 0.3 + e * 2) : 1);
            t.lastX = x;
            t.lastY = y;
            t.lastAlpha = alpha;
            if (alpha <= 0.01) continue;
            g.setGlobalAlpha(alpha);
            if (text) drawPill(g, t, x, y, h, s);
            else drawMarker(g, t, x, y, s);
        }
        g.setGlobalAlpha(1);
    }

    private void drawPill(GraphicsContext g, GraphView.Token t, double x, double y, double h, double s) {
        double w = t.w;
        double deg = Math.toDegrees(Math.atan2(t.dy, t.dx));
        if (deg > 90.5) deg -= 180;
        else if (deg < -89.5) deg += 180;
        // the direction: a triangle just ahead of the pill
        double tipX = x + t.dx * (w / 2 + 7 * s);
        double tipY = y + t.dy * (w / 2 + 7 * s);
        arrowHead(g, tipX, tipY, t.dx, t.dy, 7 * s, 4 * s, Palette.INK);
        g.save();
        g.translate(x, y);
        g.rotate(deg);
        g.setFill(t.from == t.to ? SELF_FILL : Palette.PAPER);
        g.fillRoundRect(-w / 2, -h / 2, w, h, h, h);
        g.setStroke(Palette.INK);
        g.setLineWidth(v.lecture ? 1.8 : 1);
        g.strokeRoundRect(-w / 2, -h / 2, w, h, h, h);
        g.setFill(Palette.INK);
        g.fillText(t.text, 0, 0.5);
        g.restore();
    }

    private void drawMarker(GraphicsContext g, GraphView.Token t, double x, double y, double s) {
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

    private static final double TOKEN_H = 14;
    private static final Color SELF_FILL = Color.web("#FFF6D5");

    // ------------------------------------------------------------------ decorations

    private void drawSelection(GraphicsContext g, double r, double s) {
        if (!v.highlighted.isEmpty()) {
            double hr = r + 6 * s;
            g.setStroke(Palette.ALERT_GLOW);
            g.setLineWidth(3 * s);
            g.setLineDashes(5 * s, 3 * s);
            for (int u : v.highlighted) g.strokeOval(px[u] - hr, py[u] - hr, 2 * hr, 2 * hr);
            g.setLineDashes((double[]) null);
        }
        int u = v.selected;
        if (u >= 0 && u < v.n) {
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

    private void drawBadges(GraphicsContext g, double r, double s) {
        long now = System.nanoTime();
        g.setFont(badgeFont);
        for (GraphView.Badge b : v.badges) {
            double age = (now - b.start()) / (double) GraphView.Badge.NANOS;
            double alpha = age < 0.75 ? 1 : Math.max(0, (1 - age) / 0.25);
            g.setGlobalAlpha(alpha);
            int u = b.node();
            double rr = r + 4 * s;
            g.setStroke(Palette.ALERT);
            g.setLineWidth(3.5 * s);
            g.strokeOval(px[u] - rr, py[u] - rr, 2 * rr, 2 * rr);
            String text = b.text();
            double w = width(text, badgeFont) + 10 * s;
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

    private void drawGesture(GraphicsContext g, double r, double s) {
        double[] band = v.gesturesBand();
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
        double[] stroke = v.gesturesStroke();
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

    private final Text measure = new Text();

    double width(String text, Font font) {
        Double w = widths.get(text + '\u0000' + font.getSize());
        if (w == null) {
            measure.setFont(font);
            measure.setText(text);
            w = measure.getLayoutBounds().getWidth();
            widths.put(text + '\u0000' + font.getSize(), w);
        }
        return w;
    }
}
