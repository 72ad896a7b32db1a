package dev.lockstep.app.window.panel;

import dev.lockstep.application.Interactive;
import dev.lockstep.application.amoebot.ParticleSystem;
import dev.lockstep.core.ApplicationState;
import dev.lockstep.core.Call;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Variable;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.IntConsumer;
import javafx.geometry.HPos;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The selected node, generically: its operation status, lock set, ports, every variable of its
 * protocol state in the protocol's order (LME: Table 1), the unprocessed disconnections D, and
 * the messages in transit on each of its ports in both directions; with an application (Sec. 6),
 * first its application state and its interactions under way.
 */
public final class InspectorPanel extends VBox {
    public static final String NONE = "(no node selected)";

    private final ComboBox<String> chooser = LongLists.measureFirstRows(new ComboBox<>());
    private final Label status = new Label();
    private final GridPane grid = new GridPane();
    private final VBox transit = new VBox(2);
    private final Label hint = new Label("Click a node in the graph, or choose one above.");
    private Simulation sim;
    private int node = -1;
    private boolean syncing;
    private IntConsumer onChoose = u -> {};
    private java.util.function.BiConsumer<Integer, Call> onCall = (u, c) -> {};
    private final javafx.scene.control.Button lock = new javafx.scene.control.Button("Lock");
    private final javafx.scene.control.Button unlock = new javafx.scene.control.Button("Unlock");
    private final HBox calls = new HBox(6);

    public InspectorPanel() {
        setId("inspector");
        getStyleClass().add("panel");
        Label title = new Label("Inspector");
        title.getStyleClass().add("panel-title");
        title.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        chooser.setId("inspector-node");
        chooser.setTooltip(new Tooltip("The node to inspect (also: click it in the graph)"));
        chooser.setMaxWidth(Double.MAX_VALUE);
        chooser.valueProperty().addListener((o, a, b) -> {
            if (syncing || sim == null) return;
            onChoose.accept(b == null || b.equals(NONE) ? -1 : sim.indexOf(b));
        });
        HBox.setHgrow(chooser, Priority.ALWAYS);
        HBox head = new HBox(8, title, chooser);
        head.setAlignment(Pos.CENTER_LEFT);

        status.setId("inspector-status");
        status.setWrapText(true);
        status.getStyleClass().add("inspector-status");

        grid.setId("inspector-variables");
        grid.getStyleClass().add("variables");
        grid.setHgap(10);
        grid.setVgap(2);
        ColumnConstraints names = new ColumnConstraints();
        names.setHalignment(HPos.RIGHT);
        names.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        ColumnConstraints values = new ColumnConstraints();
        values.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().setAll(names, values);

        transit.setId("inspector-transit");
        hint.getStyleClass().add("dim");
        hint.setWrapText(true);

        lock.setId("inspector-lock");
        unlock.setId("inspector-unlock");
        lock.setTooltip(new Tooltip("The application at this node calls Lock (a recorded input)"));
        unlock.setTooltip(new Tooltip("The application at this node calls Unlock (a recorded input)"));
        lock.setOnAction(e -> { if (node >= 0) onCall.accept(node, Call.LOCK); });
        unlock.setOnAction(e -> { if (node >= 0) onCall.accept(node, Call.UNLOCK); });
        lock.setFocusTraversable(false);
        unlock.setFocusTraversable(false);
        calls.getChildren().setAll(lock, unlock);
        calls.setAlignment(Pos.CENTER_LEFT);

        VBox body = new VBox(8, status, calls, grid, transit, hint);
        body.setPadding(new Insets(4, 2, 4, 2));
        ScrollPane scroll = new ScrollPane(body);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        getChildren().setAll(head, scroll);
        setSpacing(6);
        setPadding(new Insets(6));
        setMinHeight(120);
    }

    public void onCall(java.util.function.BiConsumer<Integer, Call> c) {
        onCall = c;
    }

    public void onChoose(IntConsumer c) {
        onChoose = c;
    }

    public void setSimulation(Simulation s) {
        sim = s;
        List<String> items = new ArrayList<>();
        items.add(NONE);
        for (int u = 0; u < s.nodeCount(); u++) items.add(s.nodeName(u));
        syncing = true;
        chooser.getItems().setAll(items);
        syncing = false;
        show(-1);
    }

    public int node() {
        return node;
    }

    public void show(int u) {
        node = sim != null && u >= 0 && u < sim.nodeCount() ? u : -1;
        syncing = true;
        chooser.setValue(node < 0 ? NONE : sim.nodeName(node));
        syncing = false;
        refresh();
    }

    /** Re-reads the node's state from the simulation. */
    public void refresh() {
        grid.getChildren().clear();
        transit.getChildren().clear();
        if (sim == null || node < 0) {
            status.setText("");
            calls.setVisible(false);
            calls.setManaged(false);
            hint.setVisible(true);
            hint.setManaged(true);
            return;
        }
        hint.setVisible(false);
        hint.setManaged(false);
        calls.setVisible(true);
        calls.setManaged(true);
        int u = node;
        boolean callPending = !sim.pendingCalls(u).isEmpty();
        lock.setDisable(sim.status(u) != dev.lockstep.core.OperationStatus.IDLE || callPending);
        unlock.setDisable(sim.status(u) != dev.lockstep.core.OperationStatus.LOCKED || callPending);
        NodeState s = sim.state(u);
        StringBuilder st = new StringBuilder();
        st.append(sim.nodeName(u)).append(": ").append(sim.status(u).name().toLowerCase(java.util.Locale.ROOT))
                .append(" since round ").append(sim.statusSince(u));
        if (sim.requestRound(u) >= 0) st.append(" · last request issued in round ").append(sim.requestRound(u));
        List<Call> calls = sim.pendingCalls(u);
        if (!calls.isEmpty()) {
            List<String> c = new ArrayList<>();
            for (Call call : calls) c.add(call == Call.LOCK ? "Lock" : "Unlock");
            st.append(" · pending call: ").append(String.join(", ", c));
        }
        if (sim.busy(u)) st.append(" · an execution is under way");
        status.setText(st.toString());

        int row = applicationRows(u);
        for (Variable v : s.variables()) row = addRow(row, v.name(), v.value(), "var-" + v.name());
        row = addRow(row, "D", PortSet.format(sim.unprocessedDisconnections(u)), "var-D");
        TreeSet<String> members = new TreeSet<>();
        sim.protocol().lockSet(u, sim, m -> members.add(sim.nodeName(m)));
        row = addRow(row, "lock set", members.isEmpty() ? "∅" : "{" + String.join(", ", members) + "}", "lock-set");
        StringBuilder ports = new StringBuilder();
        int free = 0;
        for (int p = 1; p <= sim.delta(); p++) {
            int v = sim.peer(u, p);
            if (v < 0) {
                free++;
                continue;
            }
            if (ports.length() > 0) ports.append(", ");
            ports.append(p).append("→").append(sim.nodeName(v));
        }
        if (ports.length() == 0) ports.append("none");
        ports.append("   (").append(free).append(" of Δ = ").append(sim.delta()).append(" free)");
        addRow(row, "ports", ports.toString(), "ports");

        Label head = new Label("Messages in transit");
        head.getStyleClass().add("subtitle");
        transit.getChildren().add(head);
        int lines = 0;
        for (int i = 0, size = sim.channels().size(u); i < size; i++) {
            Envelope e = sim.channels().get(u, i);
            String from = e.from() == u ? "itself" : sim.nodeName(e.from());
            transit.getChildren().add(message("to " + sim.nodeName(u) + " on port " + e.toPort() + " from " + from + ": "
                    + e.message().label() + "   (sent in round " + e.sentRound() + ")", "transit-in"));
            lines++;
        }
        for (int p = 1; p <= sim.delta(); p++) {
            int v = sim.peer(u, p);
            if (v < 0) continue;
            for (int i = 0, size = sim.channels().size(v); i < size; i++) {
                Envelope e = sim.channels().get(v, i);
                if (e.from() != u || e.fromPort() != p) continue;
                transit.getChildren().add(message("from " + sim.nodeName(u) + " on port " + p + " to " + sim.nodeName(v)
                        + ": " + e.message().label() + "   (sent in round " + e.sentRound() + ")", "transit-out"));
                lines++;
            }
        }
        if (lines == 0) transit.getChildren().add(message("none", "dim"));
    }

    /**
     * The application's rows (Sec. 6), first: u's application state, and the interactions under
     * way it takes part in — the one it began (partner, since when) and any it is the partner of
     * (without locks there can be several: that is the isolation the locks give).
     */
    private int applicationRows(int u) {
        ApplicationState app = sim.application();
        if (app == null) return 0;
        // the application's name is in the legend; the value stays short for the lecture mode's narrow column
        int row = addRow(0, "application", app.label(u), "app-state");
        if (app instanceof ParticleSystem ps && u < ps.particles()) {
            // amoebots: where the particle is (its head is the cell it expanded into)
            String cells = ps.expanded(u) ? "tail " + ps.tail(u) + " · head " + ps.head(u) : ps.tail(u) + " (contracted)";
            row = addRow(row, "cells", cells, "app-cells");
        }
        if (!(app instanceof Interactive in)) return row;
        List<String> with = new ArrayList<>();
        int v = in.partnerOf(u);
        if (v >= 0) with.add("with " + sim.nodeName(v) + " since round " + in.since(u) + " (" + sim.nodeName(u) + " began it)");
        for (int w = 0; w < sim.nodeCount(); w++) {
            if (w != u && in.partnerOf(w) == u) {
                with.add("with " + sim.nodeName(w) + " since round " + in.since(w) + " (" + sim.nodeName(w) + " began it)");
            }
        }
        return addRow(row, "interaction", with.isEmpty() ? "none" : String.join("\n", with), "app-interaction");
    }

    private int addRow(int row, String name, String value, String id) {
        Label n = new Label(name);
        n.getStyleClass().add("var-name");
        n.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        Label v = new Label(value);
        v.setId(id);
        v.getStyleClass().add("var-value");
        v.setWrapText(true);
        grid.add(n, 0, row);
        grid.add(v, 1, row);
        return row + 1;
    }

    private static Label message(String text, String style) {
        Label l = new Label(text);
        l.getStyleClass().addAll("transit", style);
        l.setWrapText(true);
        return l;
    }
}
