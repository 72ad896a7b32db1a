package dev.lockstep.app;

import dev.lockstep.core.Choice;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.Simulation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

/**
 * Manual mode ("the user as adversary"): every enabled choice of the current round, grouped by
 * node — the action, and for a receive the message, its sender and the port. Clicking one
 * executes it (a recorded input). A choice that draws random values shows a field per draw with
 * its domain; a value typed there is used instead of the random stream ("this competitor draws
 * 3"), an empty field is drawn at random (and recorded, so the session still replays exactly).
 */
final class ChoicesPanel extends VBox {
    static final String ALL = "All nodes";

    /** One listed choice, with the draw fields of its row. */
    record Row(Choice choice, String text, int[] bounds, List<TextField> draws, Button button) {}

    private final VBox list = new VBox(2);
    private final ComboBox<String> filter = new ComboBox<>();
    private final Label summary = new Label();
    private final Label off = new Label("Manual mode is off: the scheduler chooses the executions.\n"
            + "Turn it on (M, or the Manual button) to be the adversary: the run pauses and every enabled choice is listed here.");
    private final Button endRound = new Button("End round");
    private final List<Row> rows = new ArrayList<>();
    private Simulation sim;
    private List<String> names = List.of();
    private boolean syncing;
    private boolean manual;
    private Consumer<Choice> onExecute = c -> {};
    private Runnable onEndRound = () -> {};
    private Consumer<String> onProblem = s -> {};
    private final java.util.Random random = new java.util.Random();

    ChoicesPanel() {
        setId("choices");
        getStyleClass().add("panel");
        Label title = new Label("Choices");
        title.getStyleClass().add("panel-title");
        filter.setId("choices-filter");
        filter.setTooltip(new Tooltip("Only one node's choices (also: click the node in the graph)"));
        filter.valueProperty().addListener((o, a, b) -> {
            if (!syncing) rebuild();
        });
        endRound.setId("end-round");
        endRound.setTooltip(new Tooltip("End the round: nothing else executes in it (→)"));
        endRound.setOnAction(e -> onEndRound.run());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox head = new HBox(8, title, gap, filter, endRound);
        head.setAlignment(Pos.CENTER_LEFT);
        summary.setId("choices-summary");
        summary.getStyleClass().add("dim");
        summary.setWrapText(true);
        off.getStyleClass().add("dim");
        off.setWrapText(true);
        list.setId("choices-list");
        list.setPadding(new Insets(2, 2, 6, 2));
        ScrollPane scroll = new ScrollPane(list);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        getChildren().setAll(head, summary, scroll);
        setSpacing(6);
        setPadding(new Insets(6));
    }

    void onExecute(Consumer<Choice> c) {
        onExecute = c;
    }

    void onEndRound(Runnable r) {
        onEndRound = r;
    }

    void onProblem(Consumer<String> c) {
        onProblem = c;
    }

    void setSimulation(Simulation s) {
        sim = s;
        List<String> n = new ArrayList<>();
        for (int u = 0; u < s.nodeCount(); u++) n.add(s.nodeName(u));
        names = n;
        syncing = true;
        List<String> items = new ArrayList<>();
        items.add(ALL);
        items.addAll(n);
        filter.getItems().setAll(items);
        filter.setValue(ALL);
        syncing = false;
    }

    /** Shows only node u's choices (-1: all). */
    void filterTo(int u) {
        filter.setValue(u < 0 || u >= names.size() ? ALL : names.get(u));
    }

    int filteredNode() {
        String v = filter.getValue();
        return v == null || v.equals(ALL) ? -1 : names.indexOf(v);
    }

    /** Re-reads the enabled choices (call after every step, jump or input). */
    void refresh(boolean manualMode) {
        manual = manualMode;
        rebuild();
    }

    private void rebuild() {
        rows.clear();
        list.getChildren().clear();
        endRound.setDisable(!manual);
        filter.setDisable(!manual);
        if (sim == null || !manual) {
            summary.setText("");
            list.getChildren().add(off);
            return;
        }
        int only = filteredNode();
        int total = 0;
        int shownCount = 0;
        for (int u = 0; u < sim.nodeCount(); u++) {
            List<Choice> cs = sim.choices(u);
            total += cs.size();
            if (cs.isEmpty() || (only >= 0 && u != only)) continue;
            Label head = new Label(sim.nodeName(u) + "  ·  " + sim.status(u).name().toLowerCase(Locale.ROOT));
            head.getStyleClass().add("choice-node");
            list.getChildren().add(head);
            for (Choice c : cs) {
                list.getChildren().add(row(c));
                shownCount++;
            }
        }
        String busy = "";
        if (total == 0) {
            list.getChildren().add(dim("No node has an enabled action in round " + sim.round()
                    + ". End the round (→) to go on: messages sent this round become receivable in the next."));
        } else if (shownCount == 0) {
            list.getChildren().add(dim(names.get(only) + " has no enabled action now."));
        }
        summary.setText("Round " + sim.round() + ": " + total + " enabled choice" + (total == 1 ? "" : "s")
                + (only >= 0 ? " (" + shownCount + " of " + names.get(only) + " shown)" : "")
                + ". Click one to execute it; a node acts at most once per round." + busy);
    }

    private static Label dim(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("dim");
        l.setWrapText(true);
        return l;
    }

    private HBox row(Choice c) {
        String text = describe(sim, c);
        Button b = new Button(text);
        b.getStyleClass().add("choice");
        b.setMaxWidth(Double.MAX_VALUE);
        b.setAlignment(Pos.CENTER_LEFT);
        b.setMnemonicParsing(false);
        HBox.setHgrow(b, Priority.ALWAYS);
        int[] bounds;
        try {
            bounds = sim.drawBounds(c);
        } catch (RuntimeException e) {
            bounds = new int[0];
        }
        List<TextField> fields = new ArrayList<>();
        HBox box = new HBox(4, b);
        box.setAlignment(Pos.CENTER_LEFT);
        for (int i = 0; i < bounds.length; i++) {
            Label l = new Label(drawName(sim, c) + " 0.." + (bounds[i] - 1));
            l.getStyleClass().add("dim");
            l.setMinWidth(Region.USE_PREF_SIZE);
            TextField f = new TextField();
            f.setPrefColumnCount(3);
            f.setPromptText("rnd");
            f.getStyleClass().add("draw-field");
            Tooltip t = new Tooltip("Fix this random draw (0.." + (bounds[i] - 1) + "); empty: drawn at random");
            t.setShowDelay(Duration.millis(300));
            f.setTooltip(t);
            f.setOnAction(e -> b.fire());
            fields.add(f);
            box.getChildren().addAll(l, f);
        }
        Row row = new Row(c, text, bounds, fields, b);
        rows.add(row);
        b.setOnAction(e -> execute(row));
        return box;
    }

    private static String drawName(Simulation sim, Choice c) {
        String label = sim.actions().get(c.action()).label();
        return label.equals("CheckStart") ? "priority" : "draw";
    }

    /** The text of a choice: action, and for a receive the message, its sender and the receiver's port. */
    static String describe(Simulation sim, Choice c) {
        String action = sim.actions().get(c.action()).label();
        Envelope m = c.message();
        if (m == null) return action;
        String from = m.from() == c.node() ? "itself" : sim.nodeName(m.from());
        return action + "  ←  " + m.message().label() + " from " + from + " (port " + m.toPort() + ", #" + m.id() + ")";
    }

    private void execute(Row row) {
        int[] bounds = row.bounds();
        if (bounds.length == 0) {
            onExecute.accept(row.choice());
            return;
        }
        boolean any = false;
        int[] draws = new int[bounds.length];
        for (int i = 0; i < bounds.length; i++) {
            String t = row.draws().get(i).getText().trim();
            row.draws().get(i).getStyleClass().remove("invalid");
            if (t.isEmpty()) {
                draws[i] = -1;
                continue;
            }
            try {
                draws[i] = Integer.parseInt(t);
            } catch (NumberFormatException e) {
                draws[i] = bounds[i];
            }
            if (draws[i] < 0 || draws[i] >= bounds[i]) {
                row.draws().get(i).getStyleClass().add("invalid");
                onProblem.accept("A draw must be a number from 0 to " + (bounds[i] - 1) + ".");
                return;
            }
            any = true;
        }
        if (!any) {
            onExecute.accept(row.choice()); // the simulation's seeded stream draws
            return;
        }
        for (int i = 0; i < draws.length; i++) if (draws[i] < 0) draws[i] = random.nextInt(bounds[i]);
        onExecute.accept(row.choice().withDraws(draws));
    }

    // ---- for the window and tests

    /** The choices listed now (after the filter), in order. */
    List<Choice> listed() {
        List<Choice> out = new ArrayList<>();
        for (Row r : rows) out.add(r.choice());
        return out;
    }

    List<Row> rows() {
        return List.copyOf(rows);
    }

    /** The listed choices that receive the message with this id. */
    List<Choice> receiving(long messageId) {
        List<Choice> out = new ArrayList<>();
        if (sim == null) return out;
        for (Choice c : sim.choices()) if (c.message() != null && c.message().id() == messageId) out.add(c);
        return out;
    }
}
