package dev.lockstep.app.graph;

import dev.lockstep.figure.Look;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;
import javafx.scene.shape.StrokeLineCap;

/**
 * The legend samples of amoebots (LME paper, Sec. 6), drawn as {@link LatticePainter} draws them,
 * for the graph's legend and the window's legend strip: the lattice, a contracted particle (a disc
 * on its cell), an expanded one (a capsule over tail and head) and a collision (a cell two
 * particles occupy). Each fits a box of about 44 × 18 at scale s.
 */
public final class LatticeSwatches {
    private LatticeSwatches() {}

    /** The entries in legend order, with their texts. */
    public static final List<String> ENTRIES = List.of("lattice", "contracted particle", "expanded particle (• head)", "collision");

    /** The sample for entry {@code i} of {@link #ENTRIES}, at scale s. */
    public static Node of(int i, double s) {
        Pane p = new Pane();
        p.getStyleClass().add("lattice-swatch");
        double y = 9 * s;
        switch (i) {
            case 0 -> {
                double h = 7 * s;
                double[][] pts = {{8 * s, y + h}, {24 * s, y + h}, {40 * s, y + h}, {16 * s, y - h}, {32 * s, y - h}};
                int[][] lines = {{0, 1}, {1, 2}, {3, 4}, {0, 3}, {1, 3}, {1, 4}, {2, 4}};
                for (int[] l : lines) {
                    Line line = new Line(pts[l[0]][0], pts[l[0]][1], pts[l[1]][0], pts[l[1]][1]);
                    line.setStroke(Color.web(Look.LATTICE));
                    line.setStrokeWidth(s);
                    p.getChildren().add(line);
                }
                for (double[] pt : pts) p.getChildren().add(new Circle(pt[0], pt[1], 1.8 * s, Color.web(Look.LATTICE_POINT)));
            }
            case 1 -> p.getChildren().addAll(body(22 * s, y, 22 * s, y, s));
            case 2 -> p.getChildren().addAll(body(12 * s, y, 32 * s, y, s));
            default -> {
                p.getChildren().addAll(body(22 * s, y, 22 * s, y, s));
                Circle shared = new Circle(22 * s, y, 7 * s, Color.web(Look.ALERT, 0.28));
                Circle ring = new Circle(22 * s, y, 9.5 * s, Color.TRANSPARENT);
                ring.setStroke(Color.web(Look.ALERT));
                ring.setStrokeWidth(2.4 * s);
                ring.getStrokeDashArray().setAll(4 * s, 2.5 * s);
                p.getChildren().addAll(shared, ring);
            }
        }
        return p;
    }

    /** A particle's body from (x0, y0) to (x1, y1): a round-capped stroke over its outline. */
    private static List<Node> body(double x0, double y0, double x1, double y1, double s) {
        double r = 7 * s;
        Line outline = new Line(x0, y0, x1 + (x0 == x1 ? 0.01 : 0), y1);
        outline.setStroke(Color.web(Look.PARTICLE_OUTLINE));
        outline.setStrokeWidth(2 * r + 2 * s);
        outline.setStrokeLineCap(StrokeLineCap.ROUND);
        Line inner = new Line(x0, y0, x1 + (x0 == x1 ? 0.01 : 0), y1);
        inner.setStroke(Color.web(Look.PARTICLE));
        inner.setStrokeWidth(2 * r);
        inner.setStrokeLineCap(StrokeLineCap.ROUND);
        Circle node = new Circle((x0 + x1) / 2, (y0 + y1) / 2, 4 * s, Color.web(Look.FILL.get(0)));
        node.setStroke(Palette.ring(0));
        if (x0 == x1 && y0 == y1) return List.of(outline, inner, node);
        return List.of(outline, inner, new Circle(x1, y1, r, Color.web(Look.PARTICLE_HEAD)), node,
                new Circle(x1, y1, 0.8 * Look.HEAD_DOT * s, Color.web(Look.PARTICLE_OUTLINE)));
    }
}
