package dev.lockstep.app.window.panel;

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
import javafx.scene.layout.FlowPane;
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
 * 3"). With no field filled the simulation's own seeded stream draws; when only some are filled,
 * the others come from a stream seeded by the run's seed and position ({@link #drawStream}), so
 * the same clicks give the same values, and every value is recorded with the input, so a saved
 * manual session replays exactly.
 *
 * <p>A choice that would change nothing (e.g. LME's CleanUp with nothing to clean) is listed
 * after the others, dimmed: it is enabled, so the adversary may pick it, but it is rarely the
 * interesting one.
 */
public final class ChoicesPanel extends VBox {
    public static final String ALL = "All nodes";

    /** One listed choice, with the draw fields of its row. */
    public record Row(Choice choice, String text, int[] bounds, List<TextField> draws, Button button) {}

    private final VBox list = new VBox(2);
    private final ComboBox<String> filter = LongLists.measureFirstRows(new ComboBox<>());
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

    public ChoicesPanel() {
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
        summary.setMinHeight(Region.USE_PREF_SIZE);
        off.getStyleClass().add("dim");
        off.setWrapText(true);
        off.setMinHeight(Region.USE_PREF_SIZE);
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

    public void onExecute(Consumer<Choice> c) {
        onExecute = c;
    }

    public void onEndRound(Runnable r) {
        onEndRound = r;
    }

    public void onProblem(Consumer<String> c) {
        onProblem = c;
    }

    public void setSimulation(Simulation s) {
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
    public void filterTo(int u) {
        filter.setValue(u < 0 || u >= names.size() ? ALL : names.get(u));
    }

    public int filteredNode() {
        String v = filter.getValue();
        return v == null || v.equals(ALL) ? -1 : names.indexOf(v);
    }

    /** Re-reads the enabled choices (call after every step, jump or input). */
    public void refresh(boolean manualMode) {
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
        List<Choice> idle = new ArrayList<>();
        for (int u = 0; u < sim.nodeCount(); u++) {
            List<Choice> cs = sim.choices(u);
            total += cs.size();
            if (cs.isEmpty() || (only >= 0 && u != only)) continue;
            Label head = null;
            for (Choice c : cs) {
                shownCount++;
                if (!effective(c)) {
                    idle.add(c);
                    continue;
                }
                if (head == null) {
                    head = new Label(sim.nodeName(u) + "  ·  " + sim.status(u).name().toLowerCase(Locale.ROOT));
                    head.getStyleClass().add("choice-node");
                    list.getChildren().add(head);
                }
                list.getChildren().add(row(c, true));
            }
        }
        if (!idle.isEmpty()) {
            // enabled but changing nothing (LME's CleanUp with nothing to clean): compact, at the end
            Label head = new Label("Enabled, but changing nothing now");
            head.getStyleClass().addAll("choice-node", "idle-head");
            FlowPane small = new FlowPane(4, 4);
            for (Choice c : idle) small.getChildren().add(idleButton(c));
            list.getChildren().addAll(head, small);
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

    private boolean effective(Choice c) {
        try {
            return sim.effective(c);
        } catch (RuntimeException e) {
            return true;
        }
    }

    private Button idleButton(Choice c) {
        Button b = new Button(sim.nodeName(c.node()) + ": " + describe(sim, c));
        b.getStyleClass().addAll("choice", "idle");
        b.setMnemonicParsing(false);
        Tooltip tip = new Tooltip(describeLong(sim, c) + "\nEnabled, but executing it changes nothing now.");
        tip.setShowDelay(Duration.millis(300));
        b.setTooltip(tip);
        Row row = new Row(c, b.getText(), new int[0], List.of(), b);
        rows.add(row);
        b.setOnAction(e -> execute(row));
        return b;
    }

    private static Label dim(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("dim");
        l.setWrapText(true);
        return l;
    }

    private HBox row(Choice c, boolean effective) {
        String text = describe(sim, c) + (effective ? "" : "   (no effect)");
        Button b = new Button(text);
        b.getStyleClass().add("choice");
        if (!effective) b.getStyleClass().add("idle");
        b.setMaxWidth(Double.MAX_VALUE);
        b.setAlignment(Pos.CENTER_LEFT);
        b.setMnemonicParsing(false);
        b.setWrapText(true);
        b.setMinHeight(Region.USE_PREF_SIZE);
        Tooltip tip = new Tooltip(describeLong(sim, c) + (effective ? "" : "\nEnabled, but executing it changes nothing now."));
        tip.setShowDelay(Duration.millis(300));
        b.setTooltip(tip);
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
            Label l = new Label(drawName(sim, c) + " 0–" + (bounds[i] - 1));
            l.getStyleClass().add("dim");
            l.setMinWidth(Region.USE_PREF_SIZE);
            TextField f = new TextField();
            f.setPrefColumnCount(2);
            f.setMinWidth(Region.USE_PREF_SIZE);
            f.setPromptText("?");
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
    public static String describe(Simulation sim, Choice c) {
        String action = sim.actions().get(c.action()).label();
        Envelope m = c.message();
        if (m == null) return action;
        String from = m.from() == c.node() ? "itself" : sim.nodeName(m.from());
        return action + " ← " + m.message().label() + " from " + from + " · port " + m.toPort();
    }

    /** The tooltip's text: who executes what, and the message's identity and age. */
    public static String describeLong(Simulation sim, Choice c) {
        String action = sim.actions().get(c.action()).label();
        Envelope m = c.message();
        String who = sim.nodeName(c.node()) + " executes " + action;
        if (m == null) return who;
        String from = m.from() == c.node() ? "itself" : sim.nodeName(m.from());
        return who + ", receiving " + m.message().label() + " (message #" + m.id() + ", sent by " + from + " in round "
                + m.sentRound() + ", arriving on port " + m.toPort() + ")";
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
        java.util.SplittableRandom stream = drawStream(sim);
        for (int i = 0; i < draws.length; i++) if (draws[i] < 0) draws[i] = stream.nextInt(bounds[i]);
        onExecute.accept(row.choice().withDraws(draws));
    }

    /**
     * The values of the draws left open when others are fixed: a function of the run's seed and
     * the position (executions begun), never of the wall clock, so the same clicks give the same
     * values; the values are recorded with the input in any case.
     */
    public static java.util.SplittableRandom drawStream(Simulation sim) {
        return new java.util.SplittableRandom(sim.config().seed() * 0x9E3779B97F4A7C15L + sim.executionsBegun());
    }

    // ---- for the window and tests

    /** The choices listed now (after the filter), in order. */
    public List<Choice> listed() {
        List<Choice> out = new ArrayList<>();
        for (Row r : rows) out.add(r.choice());
        return out;
    }

    public List<Row> rows() {
        return List.copyOf(rows);
    }

    /** The listed choices that receive the message with this id. */
    public List<Choice> receiving(long messageId) {
        List<Choice> out = new ArrayList<>();
        if (sim == null) return out;
        for (Choice c : sim.choices()) if (c.message() != null && c.message().id() == messageId) out.add(c);
        return out;
    }
}
