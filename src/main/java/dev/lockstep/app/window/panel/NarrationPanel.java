package dev.lockstep.app.window.panel;

import dev.lockstep.core.Simulation;
import dev.lockstep.watch.NarrationEntry;
import java.util.ArrayList;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The narration log: one sentence per action execution (from the protocol's
 * {@code narrate}), plus calls, topology changes, refusals, violations and the person's inputs,
 * newest last, filterable by node, bounded in length.
 */
public final class NarrationPanel extends BorderPane {
    public static final int CAPACITY = 2000;
    public static final String ALL = "All nodes";

    private final ObservableList<NarrationEntry> entries = FXCollections.observableArrayList();
    private final FilteredList<NarrationEntry> shown = new FilteredList<>(entries, e -> true);
    private final ListView<NarrationEntry> list = new ListView<>(shown);
    private final ComboBox<String> filter = LongLists.measureFirstRows(new ComboBox<>());
    private final Label count = new Label();
    private List<String> names = List.of();

    public NarrationPanel() {
        setId("narration");
        getStyleClass().add("panel");
        Label title = new Label("Narration");
        title.getStyleClass().add("panel-title");
        filter.setId("narration-filter");
        filter.setTooltip(new Tooltip("Show only what involves one node"));
        filter.valueProperty().addListener((o, a, b) -> applyFilter());
        Button clear = new Button("Clear");
        clear.setFocusTraversable(false);
        clear.setOnAction(e -> entries.clear());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        count.getStyleClass().add("dim");
        HBox head = new HBox(8, title, spacer, count, filter, clear);
        head.setAlignment(Pos.CENTER_LEFT);
        head.setPadding(new Insets(4, 6, 4, 6));
        setTop(head);
        list.setId("narration-list");
        list.setPlaceholder(new Label("Step or play: each action execution is told here in a sentence."));
        list.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(NarrationEntry e, boolean empty) {
                super.updateItem(e, empty);
                getStyleClass().removeIf(s -> s.startsWith("narr-"));
                if (empty || e == null) {
                    setText(null);
                    setTooltip(null);
                } else {
                    setText(String.format("%5d  %s", e.round(), e.text()));
                    getStyleClass().add("narr-" + e.kind().name().toLowerCase(java.util.Locale.ROOT));
                }
            }
        });
        list.setFocusTraversable(false);
        setCenter(list);
        setMinHeight(80);
    }

    public void reset(Simulation sim) {
        entries.clear();
        List<String> n = new ArrayList<>();
        for (int u = 0; u < sim.nodeCount(); u++) n.add(sim.nodeName(u));
        names = n;
        List<String> items = new ArrayList<>();
        items.add(ALL);
        items.addAll(n);
        filter.getItems().setAll(items);
        filter.setValue(ALL);
        updateCount();
    }

    public void add(List<NarrationEntry> more) {
        if (more.isEmpty()) return;
        List<NarrationEntry> tail = more.size() > CAPACITY ? more.subList(more.size() - CAPACITY, more.size()) : more;
        int overflow = entries.size() + tail.size() - CAPACITY;
        if (overflow > 0) entries.remove(0, Math.min(overflow, entries.size()));
        entries.addAll(tail);
        scrollToEnd();
        updateCount();
    }

    /** Replaces every line (after a jump in time: the narration up to that moment). */
    public void setAll(List<NarrationEntry> all) {
        List<NarrationEntry> tail = all.size() > CAPACITY ? all.subList(all.size() - CAPACITY, all.size()) : all;
        entries.setAll(tail);
        scrollToEnd();
        updateCount();
    }

    /** Selects the newest line shown (e.g. the one a breakpoint stopped at) and scrolls to it. */
    public void selectLast() {
        if (shown.isEmpty()) return;
        list.getSelectionModel().select(shown.size() - 1);
        list.scrollTo(shown.size() - 1);
    }

    /** Selects the newest line with this text; false if there is none. */
    public boolean selectLastWith(String text) {
        for (int i = shown.size() - 1; i >= 0; i--) {
            if (shown.get(i).text().equals(text)) {
                list.getSelectionModel().select(i);
                list.scrollTo(Math.max(0, i - 2));
                return true;
            }
        }
        return false;
    }

    /** The selected line, or null. */
    public NarrationEntry selectedEntry() {
        return list.getSelectionModel().getSelectedItem();
    }

    /** Shows only entries that involve node u (-1: all). */
    public void filterTo(int u) {
        filter.setValue(u < 0 || u >= names.size() ? ALL : names.get(u));
    }

    private void applyFilter() {
        String v = filter.getValue();
        int u = v == null || v.equals(ALL) ? -1 : names.indexOf(v);
        shown.setPredicate(u < 0 ? e -> true : e -> e.nodes().contains(u));
        scrollToEnd();
        updateCount();
    }

    /** Newest line in view (again after layout: the list estimates cell heights until then). */
    private void scrollToEnd() {
        if (shown.isEmpty()) return;
        list.scrollTo(shown.size() - 1);
        javafx.application.Platform.runLater(() -> {
            if (!shown.isEmpty()) list.scrollTo(shown.size() - 1);
        });
    }

    private void updateCount() {
        count.setText(shown.size() + (shown.size() == entries.size() ? "" : " of " + entries.size()) + " lines");
    }

    /** The entries currently shown (after the filter), oldest first. */
    public List<NarrationEntry> shownEntries() {
        return List.copyOf(shown);
    }
}
