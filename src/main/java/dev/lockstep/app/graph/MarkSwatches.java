package dev.lockstep.app.graph;

import dev.lockstep.figure.LabelPlacement;
import dev.lockstep.figure.Look;
import dev.lockstep.figure.MarkKinds;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/**
 * The legend samples of the generic marks (token badge, leader, queue count, label, arrow, area,
 * region), drawn as the view draws them, for the graph's legend and the window's legend strip.
 * Each sample fits a box of about 44 × 18 at scale s, centred vertically on y = 9s.
 */
public final class MarkSwatches {
    private MarkSwatches() {}

    /** The sample for one kind of mark, at scale s. */
    public static Node of(MarkKinds.Kind kind, double s) {
        Pane p = new Pane();
        p.getStyleClass().add("mark-swatch");
        p.setId("mark-swatch-" + kind.name().toLowerCase(java.util.Locale.ROOT));
        double y = 9 * s;
        switch (kind) {
            case TOKEN -> {
                Circle node = node(14 * s, y + 2 * s, s);
                double br = LabelPlacement.BADGE_RADIUS * s;
                Circle badge = new Circle(14 * s + 7 * s, y - 4 * s, br, Color.web(Look.TOKEN));
                badge.setStroke(Palette.INK);
                badge.setStrokeWidth(1.3 * s);
                Circle two = new Circle(36 * s, y, br, Color.web(Look.TOKEN));
                two.setStroke(Palette.INK);
                two.setStrokeWidth(1.3 * s);
                Text count = text("2", 36 * s, y, 8.5 * s, true);
                p.getChildren().addAll(node, badge, two, count);
            }
            case LEADER -> {
                double h = LabelPlacement.LEADER_HALF * s;
                double x = 16 * s;
                Polygon crown = new Polygon(x - h, y + h * 0.6, x - h, y - h * 0.6, x - h / 2, y, x, y - h * 0.8, x + h / 2, y,
                        x + h, y - h * 0.6, x + h, y + h * 0.6);
                crown.setFill(Palette.INK);
                p.getChildren().add(crown);
            }
            case QUEUE -> {
                Rectangle tag = new Rectangle(10 * s, y - 5.5 * s, 13 * s, 11 * s);
                tag.setArcWidth(3 * s);
                tag.setArcHeight(3 * s);
                tag.setFill(Palette.PAPER);
                tag.setStroke(Palette.INK);
                p.getChildren().addAll(tag, text("3", 16.5 * s, y, 8.5 * s, true));
            }
            case LABEL -> p.getChildren().add(text("(2,1,0)", 20 * s, y, 9.5 * s, false));
            case ARROW -> {
                Line edge = new Line(2 * s, y, 40 * s, y);
                edge.setStroke(Palette.EDGE);
                edge.setStrokeWidth(1.5);
                Polygon head = new Polygon(28 * s, y, 18 * s, y - 5 * s, 18 * s, y + 5 * s);
                head.setFill(Palette.EDGE_LECTURE);
                p.getChildren().addAll(edge, head);
            }
            case CRASHED -> {
                Circle node = node(16 * s, y, s);
                double d = 6 * s * 0.62;
                Line a = new Line(16 * s - d, y - d, 16 * s + d, y + d);
                Line b = new Line(16 * s - d, y + d, 16 * s + d, y - d);
                for (Line l : List.of(a, b)) {
                    l.setStroke(Palette.INK);
                    l.setStrokeWidth(2 * s);
                }
                p.getChildren().addAll(node, a, b);
            }
            case AREA, REGION -> {
                Rectangle r = new Rectangle(4 * s, 2 * s, 36 * s, 14 * s);
                if (kind == MarkKinds.Kind.REGION) {
                    r.setArcWidth(12 * s);
                    r.setArcHeight(12 * s);
                }
                r.setFill(NodeMarkPainter.tint(Look.area(0), 0.18));
                r.setStroke(NodeMarkPainter.tint(Look.area(0), Look.AREA_OUTLINE_OPACITY));
                r.getStrokeDashArray().setAll(5 * s, 3 * s);
                p.getChildren().add(r);
            }
        }
        return p;
    }

    private static Circle node(double x, double y, double s) {
        Circle c = new Circle(x, y, 6 * s, Color.web(Palette.FILL[0]));
        c.setStroke(Palette.ring(0));
        return c;
    }

    private static Text text(String t, double cx, double cy, double size, boolean bold) {
        Text text = new Text(t);
        text.setFont(Font.font("SansSerif", bold ? FontWeight.BOLD : FontWeight.NORMAL, size));
        text.setFill(Palette.INK);
        text.setX(cx - text.getLayoutBounds().getWidth() / 2);
        text.setY(cy + size * 0.35);
        return text;
    }
}
