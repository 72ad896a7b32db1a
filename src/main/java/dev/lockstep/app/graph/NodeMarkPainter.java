package dev.lockstep.app.graph;

import dev.lockstep.core.NeighbourhoodArea;
import dev.lockstep.core.NodeMarks;
import dev.lockstep.figure.LabelPlacement;
import dev.lockstep.figure.Look;
import dev.lockstep.figure.Obstacles;
import dev.lockstep.figure.RegionOutline;
import java.util.List;
import java.util.TreeMap;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;

/**
 * Draws the generic marks of token and leader protocols, whatever the protocol: behind the graph
 * its neighbourhoods (the scenario's areas as named rectangles, or regions given as node sets as
 * padded hulls around their members now); over it the arrowheads of oriented edges, and on each
 * node its token badge, leader mark, queue count and small label, placed by the shared
 * {@link LabelPlacement} as the figures place them. A protocol without marks draws nothing here.
 */
final class NodeMarkPainter {
    private final DrawnScene scene;
    private final Camera camera;
    private final PixelFrame f;
    private final Fonts fonts;
    private final double[] at = new double[4];

    NodeMarkPainter(DrawnScene scene, Camera camera, PixelFrame f, Fonts fonts) {
        this.scene = scene;
        this.camera = camera;
        this.f = f;
        this.fonts = fonts;
    }

    static Color tint(String hex, double opacity) {
        Color c = Color.web(hex);
        return new Color(c.getRed(), c.getGreen(), c.getBlue(), opacity);
    }

    // ------------------------------------------------------------------ behind the graph

    void drawNeighbourhoods(GraphicsContext g) {
        double s = f.s;
        g.setFont(fonts.name);
        g.setTextBaseline(VPos.TOP);
        g.setTextAlign(TextAlignment.LEFT);
        List<NeighbourhoodArea> areas = scene.areas;
        for (int i = 0; i < areas.size(); i++) {
            NeighbourhoodArea a = areas.get(i);
            double x1 = camera.pxX(a.x(), a.y());
            double y1 = camera.pxY(a.x(), a.y());
            double x2 = camera.pxX(a.x() + a.width(), a.y() + a.height());
            double y2 = camera.pxY(a.x() + a.width(), a.y() + a.height());
            double x = Math.min(x1, x2);
            double y = Math.min(y1, y2);
            double w = Math.abs(x2 - x1);
            double h = Math.abs(y2 - y1);
            g.setFill(tint(Look.area(i), Look.AREA_OPACITY));
            g.fillRect(x, y, w, h);
            g.setStroke(tint(Look.area(i), Look.AREA_OUTLINE_OPACITY));
            g.setLineWidth(1.5 * s);
            g.setLineDashes(8 * s, 5 * s);
            g.strokeRect(x, y, w, h);
            g.setLineDashes((double[]) null);
            g.setFill(tint(Look.area(i), 0.9));
            g.fillText(a.name(), x + 5 * s, y + 4 * s);
        }
        if (scene.region != null) drawRegions(g, s);
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.CENTER);
    }

    /** Regions as node sets: one padded hull per region (sorted by name, so a colour stays with its region). */
    private void drawRegions(GraphicsContext g, double s) {
        TreeMap<String, int[]> members = regionMembers(scene.region);
        int index = 0;
        for (var e : members.entrySet()) {
            double[][] poly = RegionOutline.around(f.px, f.py, e.getValue(), f.r + 12 * s);
            int k = poly[0].length;
            String colour = Look.area(index++);
            g.setFill(tint(colour, Look.AREA_OPACITY * 1.6));
            g.fillPolygon(poly[0], poly[1], k);
            g.setStroke(tint(colour, Look.AREA_OUTLINE_OPACITY));
            g.setLineWidth(1.5 * s);
            g.setLineDashes(8 * s, 5 * s);
            g.strokePolygon(poly[0], poly[1], k);
            g.setLineDashes((double[]) null);
            int top = RegionOutline.top(poly);
            g.setFill(tint(colour, 0.9));
            g.setTextBaseline(VPos.BOTTOM);
            g.fillText(e.getKey(), poly[0][top], poly[1][top] - 1 * s);
            g.setTextBaseline(VPos.TOP);
        }
    }

    /** The nodes of each named region, by region name ("" is no region). */
    static TreeMap<String, int[]> regionMembers(String[] region) {
        TreeMap<String, int[]> out = new TreeMap<>();
        for (int u = 0; u < region.length; u++) {
            String r = region[u];
            if (r == null || r.isEmpty()) continue;
            int[] old = out.get(r);
            int[] now = old == null ? new int[1] : java.util.Arrays.copyOf(old, old.length + 1);
            now[now.length - 1] = u;
            out.put(r, now);
        }
        return out;
    }

    // ------------------------------------------------------------------ over the graph

    /** Arrowheads of the oriented edges, in the colour of lecture-mode edges (darker than the edge, to be seen). */
    void drawArrows(GraphicsContext g) {
        double s = f.s;
        double len = 10 * s;
        for (int[] a : scene.arrows) {
            if (!f.placement.arrow(a[0], a[1], len, at)) continue;
            MarkPainter.arrowHead(g, at[0], at[1], at[2], at[3], len, 5 * s, Palette.EDGE_LECTURE);
        }
    }

    /** Token badges and leader marks always (they are the state a lecture is about); queue counts and labels with the names. */
    void drawMarks(GraphicsContext g) {
        double s = f.s;
        for (int u = 0; u < scene.n; u++) {
            if (scene.crashed[u]) drawCrashed(g, f.px[u], f.py[u], f.r, s);
            NodeMarks m = scene.marks[u];
            if (m.isEmpty()) continue;
            double labelW = 0;
            if (f.nameDetail && !m.label().isEmpty()) labelW = drawLabel(g, u, m.label(), s);
            if (f.nameDetail && m.queue() > 0) drawQueue(g, u, m.queue(), labelW, s);
            if (m.leader()) {
                f.placement.leader(u, at);
                drawCrown(g, at[0], at[1], LabelPlacement.LEADER_HALF * s, s);
            }
            if (m.tokens() > 0) {
                f.placement.badge(u, at);
                drawBadge(g, fonts, at[0], at[1], m.tokens(), s);
            }
        }
    }

    /**
     * Adds the small labels and queue counts drawn this frame to what message pills must not
     * cover (as the figures do), so a pill never hides a height.
     */
    void block(Obstacles obs) {
        if (!f.nameDetail) return;
        double s = f.s;
        double h = LabelPlacement.MARK_H * s;
        for (int u = 0; u < scene.n; u++) {
            NodeMarks m = scene.marks[u];
            double labelW = 0;
            if (!m.label().isEmpty()) {
                labelW = fonts.width(m.label(), fonts.label) + 6 * s;
                f.placement.label(u, scene.nameSide[u], f.nameW[u], f.nameH, labelW, h, at);
                f.placement.block(obs, at[0], at[1], labelW, h);
            }
            if (m.queue() > 0) {
                double w = Math.max(h, fonts.width(Integer.toString(m.queue()), fonts.pip) + 5 * s);
                f.placement.queue(u, scene.nameSide[u], f.nameW[u], f.nameH, labelW, w, h, at);
                f.placement.block(obs, at[0], at[1], w, h);
            }
        }
    }

    /** Draws the label; returns its width. */
    private double drawLabel(GraphicsContext g, int u, String text, double s) {
        double h = LabelPlacement.MARK_H * s;
        double w = fonts.width(text, fonts.label) + 6 * s;
        f.placement.label(u, scene.nameSide[u], f.nameW[u], f.nameH, w, h, at);
        g.setFill(new Color(1, 1, 1, 0.85));
        g.fillRoundRect(at[0] - w / 2, at[1] - h / 2, w, h, 4 * s, 4 * s);
        g.setFont(fonts.label);
        g.setFill(Palette.INK);
        g.fillText(text, at[0], at[1] + 0.5);
        return w;
    }

    private void drawQueue(GraphicsContext g, int u, int queue, double labelW, double s) {
        String text = Integer.toString(queue);
        double h = LabelPlacement.MARK_H * s;
        double w = Math.max(h, fonts.width(text, fonts.pip) + 5 * s);
        f.placement.queue(u, scene.nameSide[u], f.nameW[u], f.nameH, labelW, w, h, at);
        g.setFill(Palette.PAPER);
        g.fillRoundRect(at[0] - w / 2, at[1] - h / 2, w, h, 3 * s, 3 * s);
        g.setStroke(Palette.INK);
        g.setLineWidth(1 * s);
        g.strokeRoundRect(at[0] - w / 2, at[1] - h / 2, w, h, 3 * s, 3 * s);
        g.setFont(fonts.pip);
        g.setFill(Palette.INK);
        g.fillText(text, at[0], at[1] + 0.5);
    }

    /** A crashed node: its fill washed out to grey, crossed out in ink. */
    static void drawCrashed(GraphicsContext g, double x, double y, double r, double s) {
        g.setFill(new Color(0.85, 0.85, 0.85, 0.75));
        g.fillOval(x - r, y - r, 2 * r, 2 * r);
        double d = r * 0.62;
        g.setStroke(Palette.INK);
        g.setLineWidth(2.4 * s);
        g.strokeLine(x - d, y - d, x + d, y + d);
        g.strokeLine(x - d, y + d, x + d, y - d);
    }

    /** A token badge: an amber disc outlined in ink, with the count inside when more than one. */
    static void drawBadge(GraphicsContext g, Fonts fonts, double x, double y, int count, double s) {
        double br = LabelPlacement.BADGE_RADIUS * s;
        g.setFill(Color.web(Look.TOKEN));
        g.fillOval(x - br, y - br, 2 * br, 2 * br);
        g.setStroke(Palette.INK);
        g.setLineWidth(1.3 * s);
        g.strokeOval(x - br, y - br, 2 * br, 2 * br);
        if (count > 1) {
            g.setFont(fonts.pip);
            g.setFill(Palette.INK);
            g.fillText(Integer.toString(count), x, y + 0.5);
        }
    }

    /** The leader mark: a small ink crown with a white outline, readable on any fill and on the background. */
    static void drawCrown(GraphicsContext g, double x, double y, double half, double s) {
        double[] xs = {x - half, x - half, x - half / 2, x, x + half / 2, x + half, x + half};
        double[] ys = {y + half * 0.6, y - half * 0.6, y, y - half * 0.8, y, y - half * 0.6, y + half * 0.6};
        g.setStroke(Palette.PAPER);
        g.setLineWidth(2.5 * s);
        g.strokePolygon(xs, ys, xs.length);
        g.setFill(Palette.INK);
        g.fillPolygon(xs, ys, xs.length);
    }
}
