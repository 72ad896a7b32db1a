package dev.lockstep.app.window.panel;

import dev.lockstep.core.Pseudocode;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The protocol's pseudocode (e.g. Algorithms 1-3 of the LME paper), with the lines of the last
 * action execution highlighted. A protocol without pseudocode gets a sentence saying so.
 */
public final class PseudocodePanel extends VBox {
    private final Label caption = new Label();
    private final VBox lines = new VBox();
    private final ScrollPane scroll = new ScrollPane(lines);
    /** Per block, its line labels (index = line - 1). */
    private final List<List<Label>> labels = new ArrayList<>();
    private final List<Label> active = new ArrayList<>();
    private Pseudocode code = Pseudocode.NONE;
    private String protocolName = "";

    public PseudocodePanel() {
        setId("pseudocode");
        getStyleClass().add("panel");
        caption.setId("pseudocode-caption");
        caption.setWrapText(true);
        caption.getStyleClass().add("dim");
        lines.getStyleClass().add("pseudocode");
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        getChildren().setAll(caption, scroll);
        // a highlight made before the panel was laid out (a screenshot, a panel not shown yet) scrolls once it is
        // (in the next pulse: when these change, the lines themselves are not placed yet)
        scroll.viewportBoundsProperty().addListener((o, was, is) -> javafx.application.Platform.runLater(this::scrollToTarget));
        lines.layoutBoundsProperty().addListener((o, was, is) -> javafx.application.Platform.runLater(this::scrollToTarget));
        setSpacing(6);
        setPadding(new Insets(6));
    }

    public void setProtocol(String name, Pseudocode pseudocode) {
        protocolName = name;
        code = pseudocode == null ? Pseudocode.NONE : pseudocode;
        labels.clear();
        active.clear();
        List<Node> rows = new ArrayList<>();
        for (Pseudocode.Block b : code.blocks()) {
            Label title = new Label(b.title());
            title.getStyleClass().add("pc-title");
            rows.add(title);
            List<Label> ls = new ArrayList<>();
            int width = Integer.toString(b.lines().size()).length();
            for (int i = 0; i < b.lines().size(); i++) {
                Label l = new Label(String.format("%" + width + "d  %s", i + 1, b.lines().get(i)));
                l.getStyleClass().add("pc-line");
                l.setMaxWidth(Double.MAX_VALUE);
                ls.add(l);
                rows.add(l);
            }
            labels.add(ls);
        }
        if (code.blocks().isEmpty()) {
            Label none = new Label("No pseudocode is available for " + name + " yet.");
            none.setId("pseudocode-empty");
            none.setWrapText(true);
            rows.add(none);
        }
        lines.getChildren().setAll(rows);
        highlight(null, null);
    }

    /** The text shown when the protocol has no pseudocode (null when it has some). */
    public String emptyMessage() {
        for (javafx.scene.Node n : lines.getChildren()) {
            if ("pseudocode-empty".equals(n.getId())) return ((Label) n).getText();
        }
        return null;
    }

    /** Highlights the lines of {@code label}; {@code what} says whose execution it was. */
    public void highlight(String label, String what) {
        highlight(label == null ? List.of() : code.spansOf(label), label, what);
    }

    /** Highlights exactly {@code spans} (the lines the last execution ran) for action {@code label}. */
    public void highlight(List<Pseudocode.Span> spans, String label, String what) {
        for (Label l : active) l.getStyleClass().remove("pc-active");
        active.clear();
        scrollTarget = null;
        if (label == null) {
            caption.setText(code.blocks().isEmpty() ? "" : "The lines of the last action execution are highlighted.");
            return;
        }
        for (Pseudocode.Span s : spans) {
            if (s.block() < 0 || s.block() >= labels.size()) continue;
            List<Label> ls = labels.get(s.block());
            for (int line = Math.max(1, s.first()); line <= Math.min(ls.size(), s.last()); line++) {
                Label l = ls.get(line - 1);
                l.getStyleClass().add("pc-active");
                active.add(l);
            }
        }
        if (code.blocks().isEmpty()) {
            caption.setText("Last: " + what + ".");
        } else if (active.isEmpty()) {
            caption.setText("Last: " + what + " (no lines of the pseudocode are marked for " + label + ").");
        } else {
            caption.setText("Last: " + what + ".");
            // Scroll to the action's own line ("CheckWin: ..."), not to a helper it called.
            Label first = active.get(0);
            for (Label l : active) {
                if (l.getText().contains(label + ":")) {
                    first = l;
                    break;
                }
            }
            scrollTarget = first;
            // once laid out: now if it is, else when the lines or the viewport get their size
            javafx.application.Platform.runLater(this::scrollToTarget);
        }
    }

    /** The line to bring into view (the last execution's own line), until it has been. */
    private Label scrollTarget;

    private void scrollToTarget() {
        Label target = scrollTarget;
        if (target == null) return;
        double h = lines.getBoundsInLocal().getHeight() - scroll.getViewportBounds().getHeight();
        if (scroll.getViewportBounds().getHeight() <= 0 || target.getHeight() <= 0) return; // not laid out yet
        scrollTarget = null;
        // the line's own parent may be its block: measure from the top of all the lines
        double y = lines.sceneToLocal(target.localToScene(target.getBoundsInLocal())).getMinY();
        if (h > 0) scroll.setVvalue(Math.max(0, Math.min(1, (y - 40) / h)));
    }

    /**
     * Whether the line the panel scrolled to (the last execution's own line) lies inside the
     * visible part of the panel; true when nothing is highlighted. For the window's tests.
     */
    public boolean targetInView() {
        if (active.isEmpty()) return true;
        Label target = active.get(0);
        for (Label l : active) {
            if (l.getText().contains(":")) {
                target = l;
                break;
            }
        }
        javafx.geometry.Bounds line = scroll.sceneToLocal(target.localToScene(target.getBoundsInLocal()));
        javafx.geometry.Bounds view = scroll.getLayoutBounds();
        return line.getMinY() >= view.getMinY() - 1 && line.getMaxY() <= view.getMaxY() + 1;
    }

    /** The texts of the highlighted lines. */
    public List<String> highlighted() {
        List<String> out = new ArrayList<>();
        for (Label l : active) out.add(l.getText());
        return out;
    }

    public String caption() {
        return caption.getText();
    }

    public String protocolName() {
        return protocolName;
    }
}
