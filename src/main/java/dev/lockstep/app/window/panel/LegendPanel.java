package dev.lockstep.app.window.panel;

import dev.lockstep.app.graph.ApplicationLook;
import dev.lockstep.app.graph.LatticeSwatches;
import dev.lockstep.app.graph.MarkSwatches;
import dev.lockstep.core.ApplicationState;
import dev.lockstep.core.Protocol;
import dev.lockstep.figure.MarkKinds;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;

/**
 * The legend of the visual language: fill colour = the protocol's fill value (LME: the initiator's
 * state), ring = its ring value (LME: the participant's phase). Built from the protocol's
 * {@code fillValues()} / {@code ringValues()}, so any protocol gets one.
 */
public final class LegendPanel extends FlowPane {
    private HBox marks;

    public LegendPanel() {
        super(28, 4);
        setId("legend");
        getStyleClass().add("legend");
        setPadding(new Insets(5, 10, 5, 10));
        setAlignment(Pos.CENTER_LEFT);
    }

    public void setProtocol(Protocol<?> p) {
        setProtocol(p, null);
    }

    /**
     * The legend of a run: with a population protocol (Sec. 6) the fill is its state and the
     * protocol's fill value is the badge on the node's rim (see {@code ApplicationLook}); with a
     * particle system the fill stays the protocol's (the bodies show the particles' state).
     */
    public void setProtocol(Protocol<?> p, ApplicationState app) {
        getChildren().clear();
        marks = null;
        List<String> fills = p.presentation().fillValues();
        List<String> rings = p.presentation().ringValues();
        List<String> states = ApplicationLook.states(app);
        boolean particles = ApplicationLook.particles(app) != null;
        if (particles) getChildren().add(latticeRow());
        if (!states.isEmpty()) {
            getChildren().add(applicationRow("fill = " + ApplicationLook.name(app), states));
            if (!fills.isEmpty()) getChildren().add(row("badge = " + p.presentation().fillName(), fills, false));
        } else if (!fills.isEmpty()) {
            // amoebots too: their bodies show the application's state, the node's fill the protocol's
            getChildren().add(row(fillTitle(p), fills, false));
        }
        if (!rings.isEmpty()) getChildren().add(row(ringTitle(p), rings, true));
        if (fills.isEmpty() && rings.isEmpty()) getChildren().add(new Label(p.name() + ": no colour legend"));
    }

    /**
     * The protocol marks the graph has shown (token badge, leader, queue, label, arrow, areas), after
     * the colours; nothing for a protocol without marks.
     */
    public void setMarks(MarkKinds kinds) {
        if (marks != null) getChildren().remove(marks);
        marks = null;
        if (kinds.isEmpty()) return;
        FlowPane items = new FlowPane(10, 2);
        for (MarkKinds.Entry e : kinds.entries()) {
            Label l = new Label(e.text(), MarkSwatches.of(e.kind(), 1));
            l.getStyleClass().add("legend-item");
            items.getChildren().add(l);
        }
        Label t = new Label("marks");
        t.getStyleClass().add("legend-title");
        t.setMinWidth(USE_PREF_SIZE);
        marks = new HBox(10, t, items);
        marks.setAlignment(Pos.CENTER_LEFT);
        getChildren().add(marks);
    }

    private static String fillTitle(Protocol<?> p) {
        return "fill = " + p.presentation().fillName();
    }

    private static String ringTitle(Protocol<?> p) {
        String name = p.presentation().ringName();
        return name.isEmpty() ? "ring" : "ring = " + name;
    }

    private static HBox row(String title, List<String> values, boolean ring) {
        Label t = new Label(title);
        t.getStyleClass().add("legend-title");
        t.setMinWidth(USE_PREF_SIZE);
        FlowPane items = new FlowPane(10, 2);
        for (String v : values) {
            Circle c = new Circle(7);
            // The view's own colours, so the strip always agrees with what is drawn.
            Color color = ring ? dev.lockstep.app.graph.GraphView.ringColor(values, v)
                    : dev.lockstep.app.graph.GraphView.fillColor(values, v);
            if (ring) {
                c.setFill(Color.WHITE);
                c.setStroke(color);
                c.setStrokeWidth(3.5);
            } else {
                c.setFill(color);
                c.setStroke(Color.web("#333333"));
                c.setStrokeWidth(1);
            }
            items.getChildren().add(item(v, c));
        }
        HBox box = new HBox(10, t, items);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    /** A legend entry: the value's name after its swatch. */
    private static Label item(String value, Circle swatch) {
        swatch.getStyleClass().add("legend-swatch");
        Label l = new Label(value, swatch);
        l.getStyleClass().add("legend-item");
        return l;
    }

    private static HBox applicationRow(String title, List<String> states) {
        Label t = new Label(title);
        t.getStyleClass().add("legend-title");
        t.setMinWidth(USE_PREF_SIZE);
        FlowPane items = new FlowPane(10, 2);
        for (String v : states) {
            Circle c = new Circle(7, ApplicationLook.fill(states, v));
            c.setStroke(Color.web("#333333"));
            c.setStrokeWidth(1);
            items.getChildren().add(item(v, c));
        }
        Label link = new Label("- - interaction");
        link.getStyleClass().add("legend-item");
        items.getChildren().add(link);
        HBox box = new HBox(10, t, items);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    /** Amoebots (Sec. 6): the lattice, a contracted and an expanded particle, a collision, as the view draws them. */
    private static HBox latticeRow() {
        Label t = new Label("amoebots");
        t.getStyleClass().add("legend-title");
        t.setMinWidth(USE_PREF_SIZE);
        FlowPane items = new FlowPane(10, 2);
        for (int i = 0; i < LatticeSwatches.ENTRIES.size(); i++) {
            Label l = new Label(LatticeSwatches.ENTRIES.get(i), LatticeSwatches.of(i, 1));
            l.getStyleClass().add("legend-item");
            items.getChildren().add(l);
        }
        HBox box = new HBox(10, t, items);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    /** The labels shown, e.g. "⊥", "prepare", ... (for tests and the README). */
    public List<String> items() {
        return lookupAll(".legend-item").stream().map(n -> ((Label) n).getText()).toList();
    }
}
