package dev.lockstep.app.window.panel;

import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.List;
import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.SVGPath;
import javafx.util.Duration;

/**
 * The timeline under the graph: a slider over every execution of the current branch (step 0 to
 * the furthest step reached), marks for round starts, topology changes and violations, the
 * position ("round R, step S of T"), the step-back buttons and the branches.
 *
 * <p>Dragging the slider jumps (at most every {@value #DRAG_MILLIS} ms while dragging, exactly on
 * release); the window does the jumping through the session.
 */
public final class TimelineBar extends VBox {
    public static final int DRAG_MILLIS = 120;

    /** What the buttons and the slider ask the window to do. */
    public interface Actions {
        void jumpToStep(long step);

        void backAction();

        void backRound();

        void backTopology();

        void forward();

        void toEnd();

        void switchBranch(int id);
    }

    private final Slider slider = new Slider(0, 1, 0);
    private final Canvas marks = new Canvas();
    private final Label position = new Label();
    private final Button backTopology = new Button();
    private final Button backRound = new Button();
    private final Button backAction = new Button();
    private final Button forward = new Button();
    private final Button toEnd = new Button();
    private final ComboBox<Session.Branch> branches = new ComboBox<>();
    private final PauseTransition dragJump = new PauseTransition(Duration.millis(DRAG_MILLIS));
    private Actions actions;
    private boolean syncing;
    private long lastJumped = -1;

    // what the marks show
    private long total;
    private List<Long> roundSteps = List.of();
    private List<Long> topologySteps = List.of();
    private List<Long> violationSteps = List.of();

    public TimelineBar() {
        setId("timeline");
        getStyleClass().add("timeline");
        slider.setId("timeline-slider");
        slider.setFocusTraversable(false); // Left, Shift+Left, Home, End are the window's keys
        slider.setBlockIncrement(1);
        slider.setMajorTickUnit(1);
        slider.setSnapToTicks(false);
        slider.setTooltip(tip("Drag to any moment of the run: graph, inspector, narration and checks show it"));
        slider.valueProperty().addListener((o, a, b) -> {
            if (syncing || actions == null) return;
            if (slider.isValueChanging()) dragJump.playFromStart();
            else jumpToSlider();
        });
        slider.valueChangingProperty().addListener((o, was, is) -> {
            if (!is && !syncing && actions != null) {
                dragJump.stop();
                jumpToSlider();
            }
        });
        dragJump.setOnFinished(e -> {
            if (actions != null && !syncing) jumpToSlider();
        });

        button(backTopology, "timeline-back-topology", "M0,0 H2 V12 H0 Z M3,6 L9,0 L9,12 Z M9,6 L15,0 L15,12 Z",
                "Back to the previous topology change (Page Up)", () -> actions.backTopology());
        button(backRound, "timeline-back-round", "M0,6 L6,0 L6,12 Z M6,6 L12,0 L12,12 Z",
                "Back one round (Shift+←)", () -> actions.backRound());
        button(backAction, "timeline-back-action", "M0,6 L7,0 L7,12 Z", "Back one action execution (←)",
                () -> actions.backAction());
        button(forward, "timeline-forward", "M0,0 L7,6 L0,12 Z", "Forward one action execution (Shift+→)",
                () -> actions.forward());
        button(toEnd, "timeline-end", "M0,0 L6,6 L0,12 Z M6,0 L12,6 L6,12 Z M12,0 H14 V12 H12 Z",
                "Jump to the end of this branch (End)", () -> actions.toEnd());

        position.setId("timeline-position");
        position.getStyleClass().add("timeline-position");
        position.setMinWidth(Region.USE_PREF_SIZE);

        branches.setId("branches");
        branches.setFocusTraversable(false);
        branches.setTooltip(tip("Branches: going back and giving an input starts a new one; choose one to return to it"));
        branches.setMaxWidth(280); // the slider keeps the room
        branches.setCellFactory(v -> new BranchCell());
        branches.setButtonCell(new BranchCell());
        branches.valueProperty().addListener((o, a, b) -> {
            if (!syncing && b != null && !b.current() && actions != null) actions.switchBranch(b.id());
        });

        marks.setHeight(7);
        marks.setMouseTransparent(true);
        Pane marksHolder = new Pane(marks);
        marksHolder.setMinHeight(7);
        marksHolder.setPrefHeight(7);
        marks.widthProperty().bind(marksHolder.widthProperty());
        marks.widthProperty().addListener((o, a, b) -> drawMarks());
        VBox track = new VBox(0, slider, marksHolder);
        track.setAlignment(Pos.CENTER);
        HBox.setHgrow(track, Priority.ALWAYS);
        track.setMinWidth(180);

        HBox row = new HBox(6, backTopology, backRound, backAction, track, forward, toEnd, position, branches);
        row.setAlignment(Pos.CENTER_LEFT);
        row.setPadding(new Insets(3, 8, 3, 8));
        getChildren().setAll(row);
    }

    private static Tooltip tip(String text) {
        Tooltip t = new Tooltip(text);
        t.setShowDelay(Duration.millis(400));
        return t;
    }

    private static void button(Button b, String id, String icon, String tip, Runnable r) {
        b.setId(id);
        SVGPath p = new SVGPath();
        p.setContent(icon);
        p.getStyleClass().add("icon");
        b.setGraphic(p);
        b.setTooltip(tip(tip));
        b.setFocusTraversable(false);
        b.setMinWidth(Region.USE_PREF_SIZE);
        b.setOnAction(e -> r.run());
    }

    public void setActions(Actions a) {
        actions = a;
    }

    private void jumpToSlider() {
        long step = Math.round(slider.getValue());
        if (step == lastJumped) return;
        lastJumped = step;
        actions.jumpToStep(step);
    }

    /**
     * Shows the session's position: the slider over 0..furthest step, the label, the buttons'
     * states, the branches, and the marks (steps of round starts, topology changes, violations).
     */
    public void show(Session s, List<Long> roundStarts, List<Long> topology, List<Long> violations) {
        syncing = true;
        try {
            long step = s.simulation().executionsBegun();
            total = s.furthestStep();
            slider.setMax(Math.max(1, total));
            if (!slider.isValueChanging()) slider.setValue(step);
            lastJumped = step;
            Session.Position p = s.position();
            position.setText("round " + p.round() + ", step " + step + " of " + total);
            boolean atStart = step == 0 && p.round() == 0;
            backAction.setDisable(atStart);
            backRound.setDisable(atStart);
            backTopology.setDisable(!hasTopologyBefore(s, p));
            boolean past = s.inPast();
            forward.setDisable(!past);
            toEnd.setDisable(!past);
            List<Session.Branch> all = s.branches();
            branches.getItems().setAll(all);
            for (Session.Branch b : all) if (b.current()) branches.setValue(b);
            branches.setVisible(all.size() > 1);
            branches.setManaged(all.size() > 1);
            pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("past"), past);
            roundSteps = roundStarts;
            topologySteps = topology;
            violationSteps = violations;
            drawMarks();
        } finally {
            syncing = false;
        }
    }

    private static boolean hasTopologyBefore(Session s, Session.Position p) {
        for (int r : s.topologyRounds()) {
            if (r < p.round() || (r == p.round() && p.done() > 0)) return true;
        }
        return false;
    }

    private void drawMarks() {
        GraphicsContext g = marks.getGraphicsContext2D();
        double w = marks.getWidth();
        double h = marks.getHeight();
        g.clearRect(0, 0, w, h);
        if (total <= 0 || w <= 0) return;
        // the slider's track is inset by about half a thumb on each side
        double inset = 7;
        double span = Math.max(1, w - 2 * inset);
        if (roundSteps.size() < span / 3) {
            g.setStroke(Color.web("#b9c2ca"));
            g.setLineWidth(1);
            for (long st : roundSteps) {
                double x = Math.round(inset + span * st / total) + 0.5;
                g.strokeLine(x, 0, x, 3);
            }
        }
        g.setFill(Color.web("#0072B2"));
        for (long st : topologySteps) g.fillRect(inset + span * st / total - 1, 2, 2, 5);
        g.setFill(Color.web("#D55E00"));
        for (long st : violationSteps) g.fillRect(inset + span * st / total - 1.5, 0, 3, 7);
    }

    // ---- for tests
    public Slider slider() {
        return slider;
    }

    public String positionText() {
        return position.getText();
    }

    public List<Session.Branch> branchItems() {
        return new ArrayList<>(branches.getItems());
    }

    public ComboBox<Session.Branch> branchChooser() {
        return branches;
    }

    private static final class BranchCell extends ListCell<Session.Branch> {
        @Override
        protected void updateItem(Session.Branch b, boolean empty) {
            super.updateItem(b, empty);
            setText(empty || b == null ? null
                    : (b.current() ? "● " : "   ") + b.name() + " — to round " + b.furthest().round());
        }
    }

    /** The step the slider shows. */
    public long sliderStep() {
        return Math.round(slider.getValue());
    }

    /** Drives the slider as a drag would end: jumps to {@code step}. */
    public void dragTo(long step) {
        slider.setValueChanging(true);
        slider.setValue(step);
        slider.setValueChanging(false);
    }


}
