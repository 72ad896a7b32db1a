package dev.lockstep.app.window.panel;

import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Variable;
import dev.lockstep.core.Check;
import dev.lockstep.debug.Breakpoints;
import dev.lockstep.debug.Condition;
import dev.lockstep.debug.ConditionException;
import dev.lockstep.debug.Conditions;
import dev.lockstep.session.History;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Breakpoints, built without code: pick a kind (a node's variable has a value, a message is sent
 * or received, a check is violated, a request waits too long, a round is reached) and fill in the
 * pickers, or type a condition in the command line's syntax. Each is listed with a check box
 * (enabled or not) and can be removed; the window pauses the run at the first step where an
 * enabled one holds ({@link Breakpoints#firstHit}).
 */
public final class BreakpointsPanel extends VBox {
    public static final String ANY = "any node";

    public enum Kind {
        VALUE("node's variable ="), SENT("message sent"), RECEIVED("message received"), VIOLATION("check violated"),
        WAITED("request waits >"), ROUND("round ≥"), TEXT("condition (text)");

        final String text;

        Kind(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /** A listed breakpoint: what it says, the condition, and where it last stopped the run. */
    public static final class Entry {
        // public for the window's tests, which read them; only this panel changes them
        public final String text;
        final Condition condition;
        public boolean enabled = true;
        public String lastHit = "";

        Entry(String text, Condition condition) {
            this.text = text;
            this.condition = condition;
        }
    }

    private final Breakpoints breakpoints = new Breakpoints();
    private final ListView<Entry> list = new ListView<>();
    private final ComboBox<Kind> kind = new ComboBox<>();
    private final FlowPane pickers = new FlowPane(6, 4);
    private final Button add = new Button("Add");
    private final Label problem = new Label();
    // pickers
    private final ComboBox<String> node = LongLists.measureFirstRows(new ComboBox<>());
    private final ComboBox<String> variable = new ComboBox<>();
    private final ComboBox<String> value = LongLists.measureFirstRows(new ComboBox<>());
    private final ComboBox<String> label = new ComboBox<>();
    private final ComboBox<String> check = new ComboBox<>();
    private final Spinner<Integer> number = new Spinner<>(0, 1_000_000, 10);
    private final TextField text = new TextField();
    private Simulation sim;
    private History history;
    private Runnable onChange = () -> {};
    private List<String> nodeNames = List.of();

    public BreakpointsPanel() {
        setId("breakpoints");
        getStyleClass().add("panel");
        Label title = new Label("Breakpoints");
        title.getStyleClass().add("panel-title");
        Label hint = new Label("The run pauses at the first step where an enabled breakpoint holds.");
        hint.getStyleClass().add("dim");
        hint.setWrapText(true);

        kind.setId("breakpoint-kind");
        kind.getItems().setAll(Kind.values());
        kind.setValue(Kind.VALUE);
        kind.valueProperty().addListener((o, a, b) -> showPickers());
        node.setId("breakpoint-node");
        variable.setId("breakpoint-variable");
        variable.valueProperty().addListener((o, a, b) -> fillValues());
        value.setId("breakpoint-value");
        value.setEditable(true);
        label.setId("breakpoint-label");
        label.setEditable(true);
        label.setPromptText("label prefix, e.g. win(true)");
        label.setTooltip(new Tooltip("A message label, or its beginning (e.g. request-lock)"));
        check.setId("breakpoint-check");
        number.setId("breakpoint-number");
        number.setEditable(true);
        number.setPrefWidth(90);
        text.setId("breakpoint-text");
        text.setPromptText("e.g. *.state = locked  ·  *.queue >= 2  ·  sent win(true) by a  ·  violation  ·  round >= 100");
        text.setPrefColumnCount(24);
        text.setOnAction(e -> addFromPickers());
        add.setId("breakpoint-add");
        add.setOnAction(e -> addFromPickers());
        add.setDefaultButton(false);
        problem.setId("breakpoint-problem");
        problem.getStyleClass().add("problem");
        problem.setWrapText(true);

        list.setId("breakpoint-list");
        list.setPlaceholder(new Label("No breakpoint yet."));
        list.setCellFactory(v -> new EntryCell());
        list.setPrefHeight(140);
        VBox.setVgrow(list, Priority.ALWAYS);

        HBox kindRow = new HBox(6, new Label("Pause when"), kind);
        kindRow.setAlignment(Pos.CENTER_LEFT);
        getChildren().setAll(title, hint, kindRow, pickers, problem, list);
        setSpacing(6);
        setPadding(new Insets(6));
        showPickers();
    }

    public void onChange(Runnable r) {
        onChange = r;
    }

    /** A new session: its nodes, variables and checks fill the pickers (the breakpoints stay). */
    public void setSession(Simulation s, History h) {
        sim = s;
        history = h;
        List<String> nodes = new ArrayList<>();
        nodes.add(ANY);
        for (int u = 0; u < s.nodeCount(); u++) nodes.add(s.nodeName(u));
        node.getItems().setAll(nodes);
        node.setValue(ANY);
        List<String> vars = new ArrayList<>();
        if (s.nodeCount() > 0) for (Variable v : s.state(0).variables()) vars.add(v.name());
        variable.getItems().setAll(vars);
        variable.setValue(vars.contains("state") ? "state" : vars.isEmpty() ? null : vars.get(0));
        List<String> checks = new ArrayList<>();
        checks.add("any check");
        for (Check c : s.config().liveChecks()) checks.add(c.name());
        check.getItems().setAll(checks);
        check.setValue(checks.get(0));
        fillValues();
        // a reset or a new seed keeps the breakpoints; another node set starts afresh
        List<String> names = nodes.subList(1, nodes.size());
        if (!names.equals(nodeNames)) list.getItems().clear();
        nodeNames = List.copyOf(names);
        rebuild();
    }

    /** The history of the current branch (message labels seen fill the label picker). */
    public void setHistory(History h) {
        history = h;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void fillValues() {
        if (sim == null) return;
        String var = variable.getValue();
        Set<String> values = new LinkedHashSet<>();
        Protocol<NodeState> p = (Protocol) sim.protocol();
        boolean isFill = false;
        boolean isRing = false;
        for (int u = 0; u < sim.nodeCount(); u++) {
            for (Variable v : sim.state(u).variables()) {
                if (!v.name().equals(var)) continue;
                if (v.value().equals(p.presentation().fill(sim.state(u))) && p.presentation().fillValues().contains(v.value())) isFill = true;
                if (v.value().equals(p.presentation().ring(sim.state(u))) && p.presentation().ringValues().contains(v.value())) isRing = true;
            }
        }
        if (isFill) values.addAll(p.presentation().fillValues());
        if (isRing) values.addAll(p.presentation().ringValues());
        for (int u = 0; u < sim.nodeCount(); u++) {
            for (Variable v : sim.state(u).variables()) if (v.name().equals(var)) values.add(v.value());
        }
        String old = value.getEditor().getText();
        value.getItems().setAll(values);
        if (old == null || old.isBlank()) value.setValue(values.isEmpty() ? "" : values.iterator().next());
    }

    private void fillLabels() {
        Set<String> labels = new TreeSet<>();
        if (history != null) {
            // the latest first: a long session's old events are replayed when read
            List<History.Event> events = history.events();
            for (int i = events.size() - 1; i >= 0; i--) {
                History.Event e = events.get(i);
                if (e instanceof History.Executed x) {
                    for (History.Msg m : x.sent()) labels.add(m.label());
                    if (x.received() != null) labels.add(x.received().label());
                }
                if (labels.size() > 200) break;
            }
        }
        String old = label.getEditor().getText();
        label.getItems().setAll(labels);
        label.getEditor().setText(old);
    }

    private void showPickers() {
        List<Node> shown = new ArrayList<>();
        switch (kind.getValue()) {
            case VALUE -> shown.addAll(List.of(node, new Label("."), variable, new Label("="), value));
            case SENT, RECEIVED -> {
                fillLabels();
                shown.addAll(List.of(label, new Label(kind.getValue() == Kind.SENT ? "by" : "at"), node));
            }
            case VIOLATION -> shown.add(check);
            case WAITED -> {
                shown.addAll(List.of(number, new Label("rounds")));
                number.getValueFactory().setValue(50);
            }
            case ROUND -> {
                shown.add(number);
                number.getValueFactory().setValue(sim == null ? 100 : sim.round() + 50);
            }
            case TEXT -> shown.add(text);
        }
        shown.add(add);
        pickers.getChildren().setAll(shown);
        problem.setText("");
    }

    /** Adds a breakpoint from the pickers (or the typed text); says what is wrong if it cannot. */
    public void addFromPickers() {
        if (sim == null) return;
        problem.setText("");
        int u = node.getValue() == null || node.getValue().equals(ANY) ? -1 : sim.indexOf(node.getValue());
        String who = u < 0 ? "" : sim.nodeName(u);
        try {
            switch (kind.getValue()) {
                case VALUE -> {
                    String var = variable.getValue();
                    String val = value.getEditor().getText() == null ? "" : value.getEditor().getText().trim();
                    if (var == null || val.isEmpty()) throw new ConditionException("choose a variable and type a value");
                    add((u < 0 ? "*" : who) + "." + var + " = " + val, Conditions.nodeValue(u, var, val));
                }
                case SENT, RECEIVED -> {
                    String l = label.getEditor().getText() == null ? "" : label.getEditor().getText().trim();
                    if (l.isEmpty()) throw new ConditionException("type a message label (or its beginning)");
                    boolean sent = kind.getValue() == Kind.SENT;
                    add((sent ? "sent " : "received ") + l + (u < 0 ? "" : (sent ? " by " : " at ") + who),
                            sent ? Conditions.sent(l, u) : Conditions.received(l, u));
                }
                case VIOLATION -> {
                    String c = check.getValue() == null || check.getValue().equals("any check") ? null : check.getValue();
                    add("violation" + (c == null ? "" : " " + c), Conditions.violation(c));
                }
                case WAITED -> {
                    int n = number.getValue();
                    add("a request waits > " + n + " rounds", Conditions.waitedMoreThan(n));
                }
                case ROUND -> {
                    int n = number.getValue();
                    add("round >= " + n, Conditions.roundReached(n));
                }
                case TEXT -> {
                    String t = text.getText() == null ? "" : text.getText().trim();
                    if (t.isEmpty()) throw new ConditionException("type a condition");
                    Condition c = Conditions.parse(t, sim);
                    add(t, c);
                    text.clear();
                }
            }
        } catch (ConditionException e) {
            problem.setText(e.getMessage());
        } catch (RuntimeException e) {
            problem.setText(String.valueOf(e.getMessage()));
        }
    }

    /** Adds a breakpoint (enabled). */
    public void add(String description, Condition c) {
        list.getItems().add(new Entry(description, c));
        rebuild();
    }

    public void remove(Entry e) {
        list.getItems().remove(e);
        rebuild();
    }

    public void setEnabled(Entry e, boolean on) {
        e.enabled = on;
        rebuild();
    }

    /** The Breakpoints object mirrors the list (same order, same enabled flags). */
    private void rebuild() {
        while (breakpoints.size() > 0) breakpoints.remove(breakpoints.size() - 1);
        for (Entry e : list.getItems()) {
            int i = breakpoints.add(e.condition);
            if (!e.enabled) breakpoints.toggle(i);
        }
        list.refresh();
        onChange.run();
    }

    /** Whether any breakpoint is enabled (Play then checks after every execution). */
    public boolean active() {
        for (Entry e : list.getItems()) if (e.enabled) return true;
        return false;
    }

    /** The first enabled breakpoint that holds after one of these events, with its entry. */
    public Optional<Hit> firstHit(List<History.Event> newEvents, Simulation view) {
        if (newEvents.isEmpty() || !active()) return Optional.empty();
        Optional<Breakpoints.Hit> h = breakpoints.firstHit(newEvents, view);
        if (h.isEmpty()) return Optional.empty();
        Entry entry = null;
        for (Entry e : list.getItems()) if (e.condition == h.get().condition()) entry = e;
        if (entry == null) return Optional.empty();
        History.Event ev = h.get().event();
        entry.lastHit = "hit in round " + ev.round() + ", step " + ev.step();
        list.refresh();
        list.getSelectionModel().select(entry);
        return Optional.of(new Hit(entry, ev));
    }

    public record Hit(Entry entry, History.Event event) {}

    public List<Entry> entries() {
        return List.copyOf(list.getItems());
    }

    public String problemText() {
        return problem.getText();
    }

    public ComboBox<Kind> kindPicker() {
        return kind;
    }

    public TextField textField() {
        return text;
    }

    private final class EntryCell extends ListCell<Entry> {
        private final CheckBox box = new CheckBox();
        private final Label hit = new Label();
        private final Button remove = new Button("✕");
        private final HBox row;

        EntryCell() {
            box.getStyleClass().add("breakpoint-check");
            box.setMnemonicParsing(false);
            hit.getStyleClass().add("dim");
            hit.setMinWidth(Region.USE_PREF_SIZE);
            remove.getStyleClass().add("breakpoint-remove");
            remove.setTooltip(new Tooltip("Remove this breakpoint"));
            Region gap = new Region();
            HBox.setHgrow(gap, Priority.ALWAYS);
            row = new HBox(6, box, gap, hit, remove);
            row.setAlignment(Pos.CENTER_LEFT);
            box.setOnAction(e -> {
                if (getItem() != null) setEnabled(getItem(), box.isSelected());
            });
            remove.setOnAction(e -> {
                if (getItem() != null) remove(getItem());
            });
        }

        @Override
        protected void updateItem(Entry e, boolean empty) {
            super.updateItem(e, empty);
            setText(null);
            if (empty || e == null) {
                setGraphic(null);
                return;
            }
            box.setText(e.text);
            box.setSelected(e.enabled);
            hit.setText(e.lastHit);
            setGraphic(row);
        }
    }
}
