package dev.lockstep.app.graph;

import dev.lockstep.core.Protocol;
import dev.lockstep.figure.MarkKinds;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Rectangle;
import javafx.scene.shape.StrokeLineCap;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/**
 * The legend of the visual language for one protocol: fill values, ring values, lock pointer and
 * lock-set hull, message tokens, port labels and free ports, selection, violation and refusal; and
 * the marks of token and leader protocols ({@link MarkKinds}), only those the run has shown.
 * Drawn with the same colours and shapes as the view.
 */
final class Legend {
    private final Protocol<?> protocol;
    /** The application's states in legend order (none: the fill is the protocol's), and its name. */
    private final List<String> appStates;
    private final String appName;
    /** Whether the run is a particle system (amoebots): the lattice's entries. */
    private final boolean particles;
    private final VBox box = new VBox();
    private boolean lecture;
    /** The protocol marks the run has shown so far (an entry, once shown, stays). */
    private MarkKinds marks = MarkKinds.NONE;
    private java.util.function.Consumer<MarkKinds> marksListener = k -> { };

    Legend(Protocol<?> protocol, List<String> appStates, String appName, boolean particles) {
        this.protocol = protocol;
        this.particles = particles;
        this.appStates = appStates;
        this.appName = appName;
        box.setId("graph-legend");
        box.setFillWidth(true);
        box.setStyle("-fx-background-color: rgba(255,255,255,0.94); -fx-border-color: #999999; -fx-border-radius: 4; "
                + "-fx-background-radius: 4;");
        build();
    }

    Node node() {
        return box;
    }

    void setLecture(boolean on) {
        if (on == lecture) return;
        lecture = on;
        build();
    }

    /** Adds entries for the marks the run shows now to those shown so far (after the ring values). */
    void seen(MarkKinds now) {
        MarkKinds all = marks.union(now);
        if (all.equals(marks)) return;
        marks = all;
        build();
        marksListener.accept(all);
    }

    MarkKinds marks() {
        return marks;
    }

    /** Told the marks shown so far, now and whenever they grow (for a legend outside the view). */
    void onMarks(java.util.function.Consumer<MarkKinds> listener) {
        marksListener = listener == null ? k -> { } : listener;
        marksListener.accept(marks);
    }

    private double s() {
        return lecture ? 1.5 : 1;
    }

    private void build() {
        double s = s();
        box.getChildren().clear();
        box.setSpacing(3 * s);
        box.setPadding(new Insets(6 * s, 8 * s, 6 * s, 8 * s));
        List<String> fills = protocol.presentation().fillValues();
        if (particles) {
            box.getChildren().add(heading("Amoebots"));
            for (int i = 0; i < LatticeSwatches.ENTRIES.size(); i++) {
                box.getChildren().add(row(LatticeSwatches.of(i, s), LatticeSwatches.ENTRIES.get(i)));
            }
        }
        if (!appStates.isEmpty()) {
            box.getChildren().add(heading("Node fill: " + appName + " state"));
            for (String a : appStates) box.getChildren().add(row(appSample(a), a));
            box.getChildren().add(row(linkSample(), "interaction under way"));
        }
        if (!fills.isEmpty()) {
            // with a population protocol the protocol's fill value is a badge; amoebots' bodies show
            // their state, so the node keeps the protocol's fill
            boolean fill = appStates.isEmpty();
            box.getChildren().add(heading((fill ? "Node fill: " : "Badge (lower left): ") + fillName()));
            for (String f : fills) {
                Circle c = new Circle((fill ? 7 : 5) * s, Palette.fill(fills, f));
                c.setStroke(fill ? Palette.ring(0) : Palette.INK);
                c.setStrokeWidth(1);
                box.getChildren().add(row(c, f.equals("⊥") ? "⊥ (idle)" : f));
            }
        }
        List<String> rings = protocol.presentation().ringValues();
        if (!rings.isEmpty()) {
            box.getChildren().add(heading("Node ring: " + ringName()));
            for (int i = 0; i < rings.size(); i++) {
                Circle c = new Circle(6.5 * s, Color.web(Palette.FILL[0]));
                c.setStroke(Palette.ring(i));
                c.setStrokeWidth(i == 0 ? 1 : 3.5 * s);
                box.getChildren().add(row(c, rings.get(i).equals("⊥") ? "⊥ (thin outline)" : rings.get(i)));
            }
        }
        if (!marks.isEmpty()) {
            box.getChildren().add(heading("Protocol marks"));
            for (MarkKinds.Entry e : marks.entries()) box.getChildren().add(row(MarkSwatches.of(e.kind(), s), e.text()));
        }
        box.getChildren().add(heading("Locks"));
        box.getChildren().add(row(hullSample(), "lock set: hull in its locker's colour"));
        box.getChildren().add(row(pointerSample(), "lock pointer: locked node → locker"));
        box.getChildren().add(heading("Messages in transit"));
        box.getChildren().add(row(tokenSample(), "▸ points to the receiver"));
        box.getChildren().add(heading("Ports"));
        box.getChildren().add(row(portSample(), "port label, by the node that owns it"));
        box.getChildren().add(row(pipSample(), "used ● / free ○ ports (Δ), or used/Δ"));
        box.getChildren().add(heading("Marks"));
        box.getChildren().add(row(ringSample(Palette.INK, true, 2.2), "selected"));
        box.getChildren().add(row(ringSample(Palette.ALERT_GLOW, true, 3), "violation (with a red glow)"));
        box.getChildren().add(row(ringSample(Palette.ALERT, false, 3.5), "refused change (with a badge)"));
    }

    private String fillName() {
        return protocol.presentation().fillName();
    }

    private String ringName() {
        String name = protocol.presentation().ringName();
        return name.isEmpty() ? "participant" : name;
    }

    private Label heading(String text) {
        Label l = new Label(text);
        l.setFont(Font.font("SansSerif", FontWeight.BOLD, 11.5 * s()));
        l.setTextFill(Palette.INK);
        l.setPadding(new Insets(3 * s(), 0, 0, 0));
        return l;
    }

    private HBox row(Node sample, String text) {
        Pane holder = new Pane(sample);
        double w = 46 * s();
        double h = 18 * s();
        holder.setMinSize(w, h);
        holder.setPrefSize(w, h);
        holder.setMaxSize(w, h);
        if (sample instanceof Circle c) {
            c.setCenterX(w / 2);
            c.setCenterY(h / 2);
        }
        Label l = new Label(text);
        l.setFont(Font.font("SansSerif", lecture ? FontWeight.BOLD : FontWeight.NORMAL, 11 * s()));
        l.setTextFill(Palette.INK);
        HBox row = new HBox(6 * s(), holder, l);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    private Node appSample(String state) {
        double s = s();
        Circle c = new Circle(23 * s, 9 * s, 8 * s, ApplicationLook.fill(appStates, state));
        c.setStroke(Palette.ring(0));
        Text t = new Text(ApplicationLook.mark(state));
        t.setFont(Font.font("SansSerif", FontWeight.BOLD, 9.5 * s));
        t.setFill(ApplicationLook.ink(appStates, state));
        t.setX(23 * s - t.getLayoutBounds().getWidth() / 2);
        t.setY(9 * s + t.getLayoutBounds().getHeight() / 2 - 2.5 * s);
        return new Pane(c, t);
    }

    private Node linkSample() {
        double s = s();
        Line dashes = new Line(6 * s, 9 * s, 40 * s, 9 * s);
        dashes.setStroke(Palette.INK);
        dashes.setStrokeWidth(6 * s);
        dashes.getStrokeDashArray().setAll(8 * s, 4 * s);
        Circle a = new Circle(6 * s, 9 * s, 5 * s, ApplicationLook.fill(appStates, appStates.get(0)));
        a.setStroke(Palette.ring(0));
        Circle b = new Circle(40 * s, 9 * s, 5 * s, ApplicationLook.fill(appStates, appStates.get(appStates.size() - 1)));
        b.setStroke(Palette.ring(0));
        return new Pane(dashes, a, b);
    }

    private Node hullSample() {
        double s = s();
        Color c = Palette.holder(1);
        Line hull = new Line(10 * s, 9 * s, 36 * s, 9 * s);
        hull.setStroke(new Color(c.getRed(), c.getGreen(), c.getBlue(), 0.4));
        hull.setStrokeWidth(16 * s);
        hull.setStrokeLineCap(StrokeLineCap.ROUND);
        Circle a = new Circle(10 * s, 9 * s, 5 * s, Color.web(Palette.FILL[4]));
        a.setStroke(Palette.ring(0));
        Circle b = new Circle(36 * s, 9 * s, 5 * s, Color.web(Palette.FILL[0]));
        b.setStroke(Palette.ring(0));
        return new Pane(hull, a, b);
    }

    private Node pointerSample() {
        double s = s();
        Color c = Palette.holder(1);
        Line under = new Line(4 * s, 9 * s, 32 * s, 9 * s);
        under.setStroke(Palette.INK);
        under.setStrokeWidth(5 * s);
        under.setStrokeLineCap(StrokeLineCap.ROUND);
        Line line = new Line(4 * s, 9 * s, 32 * s, 9 * s);
        line.setStroke(c);
        line.setStrokeWidth(3 * s);
        line.setStrokeLineCap(StrokeLineCap.ROUND);
        Polygon head = new Polygon(42 * s, 9 * s, 31 * s, 3 * s, 31 * s, 15 * s);
        head.setFill(c);
        head.setStroke(Palette.INK);
        return new Pane(under, line, head);
    }

    private Node tokenSample() {
        double s = s();
        Text t = new Text("ready");
        t.setFont(Font.font("SansSerif", lecture ? FontWeight.BOLD : FontWeight.NORMAL, 9 * s));
        double w = t.getLayoutBounds().getWidth() + 6 * s;
        Rectangle pill = new Rectangle(6 * s, 2 * s, w, 14 * s);
        pill.setArcWidth(11 * s);
        pill.setArcHeight(11 * s);
        pill.setFill(Palette.PAPER);
        pill.setStroke(Palette.INK);
        t.setX(9 * s);
        t.setY(13 * s);
        Polygon tri = new Polygon(6 * s, 9 * s, -2 * s, 5 * s, -2 * s, 13 * s);
        tri.setFill(Palette.INK);
        return new Pane(pill, t, tri);
    }

    private Node portSample() {
        double s = s();
        Line edge = new Line(0, 12 * s, 44 * s, 12 * s);
        edge.setStroke(Palette.EDGE);
        edge.setStrokeWidth(1.5);
        Circle node = new Circle(6 * s, 12 * s, 6 * s, Color.web(Palette.FILL[0]));
        node.setStroke(Palette.ring(0));
        Circle label = new Circle(20 * s, 6 * s, 5.5 * s, Palette.PAPER);
        label.setStroke(Palette.INK);
        Text t = new Text("2");
        t.setFont(Font.font("SansSerif", FontWeight.BOLD, 8 * s));
        t.setX(20 * s - t.getLayoutBounds().getWidth() / 2);
        t.setY(9 * s);
        return new Pane(edge, node, label, t);
    }

    private Node pipSample() {
        double s = s();
        Pane p = new Pane();
        for (int i = 0; i < 4; i++) {
            Circle c = new Circle(6 * s + i * 6.5 * s, 9 * s, 2.4 * s, i < 3 ? Palette.INK : Palette.PAPER);
            c.setStroke(Palette.INK);
            p.getChildren().add(c);
        }
        return p;
    }

    private Node ringSample(Color color, boolean dashed, double width) {
        double s = s();
        Circle node = new Circle(23 * s, 9 * s, 5.5 * s, Color.web(Palette.FILL[0]));
        node.setStroke(Palette.ring(0));
        Circle ring = new Circle(23 * s, 9 * s, 8 * s, Color.TRANSPARENT);
        ring.setStroke(color);
        ring.setStrokeWidth(width * s * 0.8);
        if (dashed) ring.getStrokeDashArray().setAll(4 * s, 2.5 * s);
        return new Pane(node, ring);
    }
}
