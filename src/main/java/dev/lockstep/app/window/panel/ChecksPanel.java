package dev.lockstep.app.window.panel;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.Check;
import dev.lockstep.core.Violation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Circle;

/**
 * The live checks of the protocol, each with its status, and every violation so far (round,
 * nodes, sentence). Clicking a violation highlights its nodes in the graph.
 */
public final class ChecksPanel extends VBox {
    private final GridPane table = new GridPane();
    private final ListView<Violation> list = new ListView<>();
    private final Label explanation = new Label();
    private final Map<String, Label> statusOf = new LinkedHashMap<>();
    private Simulation sim;
    private int shown;
    private Consumer<Violation> onSelect = v -> {};

    public ChecksPanel() {
        setId("checks");
        getStyleClass().add("panel");
        table.setId("checks-table");
        table.setHgap(10);
        table.setVgap(3);
        Label vt = new Label("Violations");
        vt.getStyleClass().add("subtitle");
        list.setId("violations");
        list.setPlaceholder(new Label("No violation so far."));
        list.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(Violation x, boolean empty) {
                super.updateItem(x, empty);
                if (empty || x == null) {
                    setText(null);
                } else {
                    List<String> names = new ArrayList<>();
                    for (int u : x.nodes()) names.add(sim.nodeName(u));
                    setText("round " + x.round() + "  " + x.check() + "  {" + String.join(", ", names) + "}\n" + x.message());
                    setWrapText(true);
                    setPrefWidth(0);
                }
            }
        });
        list.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            explanation.setText(b == null ? "" : b.message());
            if (b != null) onSelect.accept(b);
        });
        list.setFocusTraversable(false);
        VBox.setVgrow(list, Priority.ALWAYS);
        explanation.setId("violation-explanation");
        explanation.setWrapText(true);
        explanation.getStyleClass().add("explanation");
        getChildren().setAll(table, vt, list, explanation);
        setSpacing(6);
        setPadding(new Insets(6));
    }

    public void onSelect(Consumer<Violation> c) {
        onSelect = c;
    }

    public void setSimulation(Simulation s) {
        sim = s;
        shown = 0;
        list.getItems().clear();
        explanation.setText("");
        table.getChildren().clear();
        statusOf.clear();
        int row = 0;
        for (Check c : s.config().liveChecks()) {
            Label name = new Label(c.name());
            name.getStyleClass().add("check-name");
            Label st = new Label();
            st.setId("check-" + c.name());
            st.setAlignment(Pos.CENTER_LEFT);
            statusOf.put(c.name(), st);
            table.add(name, 0, row);
            table.add(st, 1, row);
            row++;
        }
        refresh();
    }

    /** Appends new violations and updates each check's status. */
    public void refresh() {
        if (sim == null) return;
        List<Violation> all = sim.violations();
        if (all.size() < shown || (shown > 0 && !all.get(shown - 1).equals(list.getItems().get(shown - 1)))) {
            // back in time (or on another branch): the violations of that moment
            list.getItems().setAll(all);
            shown = all.size();
            explanation.setText("");
        }
        if (all.size() > shown) {
            list.getItems().addAll(all.subList(shown, all.size()));
            shown = all.size();
            list.scrollTo(shown - 1);
        }
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Violation v : all) counts.merge(v.check(), 1, Integer::sum);
        for (var e : statusOf.entrySet()) {
            int n = counts.getOrDefault(e.getKey(), 0);
            Label st = e.getValue();
            st.getStyleClass().removeAll("check-ok", "check-violated");
            Circle dot = new Circle(5);
            if (n == 0) {
                st.setText("ok");
                st.getStyleClass().add("check-ok");
                dot.getStyleClass().add("dot-ok");
            } else {
                st.setText("violated" + (n > 1 ? " ×" + n : "") + " (last in round " + lastRound(all, e.getKey()) + ")");
                st.getStyleClass().add("check-violated");
                dot.getStyleClass().add("dot-violated");
            }
            st.setGraphic(dot);
        }
    }

    private static int lastRound(List<Violation> all, String check) {
        int r = -1;
        for (Violation v : all) if (v.check().equals(check)) r = v.round();
        return r;
    }

    /** Selects (and explains) a violation. */
    public void select(Violation v) {
        list.getSelectionModel().select(v);
        list.scrollTo(v);
    }

    /** A check's status text ("ok", "violated ..."), or null if the protocol has no such check. */
    public String status(String check) {
        Label l = statusOf.get(check);
        return l == null ? null : l.getText();
    }

    public List<String> checkNames() {
        return List.copyOf(statusOf.keySet());
    }

    public List<Violation> violations() {
        return List.copyOf(list.getItems());
    }

    public String explanation() {
        return explanation.getText();
    }
}
