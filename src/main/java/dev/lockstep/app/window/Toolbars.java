package dev.lockstep.app.window;

import dev.lockstep.app.graph.Tool;
import dev.lockstep.protocol.Protocols;
import java.util.List;
import java.util.Locale;
import java.util.function.IntConsumer;
import javafx.animation.PauseTransition;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

/** The two rows under the menus: the run controls and tools, then the run's settings. */
public final class Toolbars {
    private final WindowActions a;
    private final Controls c;
    private final WindowState state;

    public Toolbars(WindowActions actions) {
        this.a = actions;
        this.c = actions.controls();
        this.state = actions.state();
    }

    public ToolBar toolBar() {
        c.play.setId("play");
        c.play.setGraphic(Controls.icon(Controls.PLAY));
        c.play.setOnAction(e -> {
            c.play.setSelected(!c.play.isSelected()); // the player sets it
            a.player().toggle();
        });
        tip(c.play, "Play / pause: run rounds at the chosen speed (Space)");
        c.step.setId("step");
        c.step.setGraphic(Controls.icon(Controls.STEP));
        c.step.setOnAction(e -> a.stepping().stepRound());
        tip(c.step, "Step one round (→)");
        c.stepAction.setId("step-action");
        c.stepAction.setGraphic(Controls.icon(Controls.STEP_ONE));
        c.stepAction.setOnAction(e -> a.stepping().stepAction());
        tip(c.stepAction, "Step one action execution (Shift+→)");
        c.reset.setId("reset");
        c.reset.setGraphic(Controls.icon(Controls.RESET));
        c.reset.setOnAction(e -> a.lifecycle().reset());
        tip(c.reset, "Back to round 0 with the same seed; discards the inputs (R)");

        c.speed.setId("speed");
        c.speed.setPrefWidth(110);
        c.speed.setFocusTraversable(false);
        c.speed.valueProperty().addListener((o, was, is) -> {
            c.speedLabel.setText(String.format(Locale.ROOT, c.rps() < 10 ? "%.1f r/s" : "%.0f r/s", c.rps()));
            if (state.graphView != null) state.graphView.setAnimationMillis(c.animationMillis());
        });
        c.speedLabel.setText(String.format(Locale.ROOT, "%.1f r/s", c.rps()));
        c.speedLabel.setMinWidth(Region.USE_PREF_SIZE);
        c.speedLabel.getStyleClass().add("speed-label");
        tip(c.speed, "Speed while playing, in rounds per second");

        c.roundLabel.setId("round");
        c.roundLabel.getStyleClass().add("round-label");
        c.roundLabel.setMinWidth(Region.USE_PREF_SIZE);
        c.roundProgress.setId("round-progress");
        c.roundProgress.getStyleClass().add("round-progress");
        c.roundProgress.setVisible(false);
        c.roundProgress.setManaged(false);

        for (ToggleButton t : List.of(c.selectTool, c.edgeTool, c.cutTool)) {
            t.setToggleGroup(c.tools);
            t.getStyleClass().add("tool");
        }
        c.selectTool.setId("tool-select");
        c.edgeTool.setId("tool-edge");
        c.cutTool.setId("tool-cut");
        c.selectTool.setSelected(true);
        c.selectTool.setUserData(Tool.SELECT);
        c.edgeTool.setUserData(Tool.EDGE);
        c.cutTool.setUserData(Tool.CUT);
        tip(c.selectTool, "Click selects a node; drag moves it (on a unit disk, edges follow)");
        tip(c.edgeTool, "Drag from a node to another to link them");
        tip(c.cutTool, "Click an edge, or stroke across edges, to cut them");
        c.tools.selectedToggleProperty().addListener((o, was, is) -> {
            if (is == null) {
                was.setSelected(true); // one tool is always chosen
                return;
            }
            a.view().setTool((Tool) is.getUserData());
        });

        c.lectureButton.setId("lecture");
        c.lectureButton.setOnAction(e -> a.view().setLecture(c.lectureButton.isSelected()));
        tip(c.lectureButton, "Lecture mode: large fonts, thick lines, high contrast (Ctrl+L)");

        for (Control x : List.of(c.play, c.step, c.stepAction, c.reset, c.manualButton, c.workload, c.selectTool, c.edgeTool,
                c.cutTool, c.lectureButton)) {
            x.setFocusTraversable(false);
            x.setMinWidth(Region.USE_PREF_SIZE);
        }

        ToolBar bar = new ToolBar(c.play, c.step, c.stepAction, c.reset, sep(), caption(c.speedCaption), c.speed, c.speedLabel, sep(),
                roundBox(), spacer(), caption(c.toolCaption), c.selectTool, c.edgeTool, c.cutTool, sep(), c.lectureButton);
        bar.setId("toolbar");
        return bar;
    }

    /** The second row: what is being run, and the settings that start a new run or are inputs. */
    public ToolBar settingsBar() {
        c.seed.setId("seed");
        c.seed.setPrefColumnCount(6);
        c.seed.setFocusTraversable(false);
        c.seed.setOnAction(e -> {
            try {
                long v = Long.parseLong(c.seed.getText().trim());
                c.seed.getStyleClass().remove("invalid");
                state.root.requestFocus(); // back to the keyboard shortcuts
                a.edits().changeSeed(v);
            } catch (NumberFormatException ex) {
                if (!c.seed.getStyleClass().contains("invalid")) c.seed.getStyleClass().add("invalid");
                a.status().say("The seed must be an integer.");
            }
        });
        c.seed.focusedProperty().addListener((o, was, is) -> {
            if (!is && state.session != null) a.display().syncControls();
        });
        tip(c.seed, "Seed of the run's random stream; Enter starts over with it");

        c.policy.setId("policy");
        c.policy.setFocusTraversable(false);
        c.policy.valueProperty().addListener((o, was, is) -> a.manual().choosePolicy(is));
        tip(c.policy, "Scheduler policy (a recorded input: applies from the current round)");

        c.protocolLabel.getStyleClass().add("tool-label");
        c.protocolLabel.setMinWidth(Region.USE_PREF_SIZE);
        c.protocol.setId("protocol");
        c.protocol.getItems().setAll(Protocols.names());
        // reachable by Tab (the arrows still step: the scene's filter takes them first); a keyboard
        // user opens the list with F4 or Alt+↓
        c.protocol.setFocusTraversable(true);
        c.protocol.valueProperty().addListener((o, was, is) -> {
            if (is != null && !state.syncing) a.edits().changeProtocol(is);
        });
        tip(c.protocol, "Protocol run on this network: another one starts over from round 0 with the same nodes,"
                + " edges, scheduler and seed (edits the scenario)");

        c.delta.setId("delta");
        c.delta.setValueFactory(new SpinnerValueFactory.IntegerSpinnerValueFactory(1, 63, 4));
        c.delta.setFocusTraversable(false);
        whenLetGo(c.delta, a.edits()::changeDelta);
        tip(c.delta, "Δ: ports per node (edits the scenario and starts over)");
        c.k.setId("k");
        c.k.setValueFactory(new SpinnerValueFactory.IntegerSpinnerValueFactory(2, 64, 8));
        c.k.setFocusTraversable(false);
        whenLetGo(c.k, a.edits()::changeK);

        c.workload.setId("workload");
        c.workload.selectedProperty().addListener((o, was, is) -> a.inputs().setWorkload(is));

        c.manualButton.setId("manual");
        c.manualButton.setOnAction(e -> a.manual().setManual(c.manualButton.isSelected()));
        tip(c.manualButton, "Manual mode: you are the adversary — the run pauses and lists every enabled choice (M)");

        c.scenarioLabel.setId("scenario-name");
        c.scenarioLabel.getStyleClass().add("scenario-name");
        // the toolbar overflows by preferred widths: a long scenario name would push Δ, K and
        // Workload into the overflow menu, so the name asks for little, takes what is left, and is
        // cut with an ellipsis (whole in its tooltip)
        c.scenarioLabel.setMinWidth(0);
        c.scenarioLabel.setPrefWidth(120);
        c.scenarioLabel.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(c.scenarioLabel, Priority.ALWAYS);
        // manual mode is a scheduling policy (the person's), so it sits beside the scheduler; the
        // toolbar above must keep its last button in view at lecture sizes
        ToolBar bar = new ToolBar(c.scenarioLabel, c.protocolLabel, c.protocol,
                label("Seed"), c.seed, label("Scheduler"), c.policy, c.manualButton,
                label("Δ"), c.delta, caption(c.kLabel), c.k, c.workload);
        bar.setId("settings-bar");
        return bar;
    }

    /**
     * Acts on a spinner's new value once its arrow is let go. The change may ask first, in a
     * modal dialog; shown while the arrow was held, the dialog swallowed the release, the
     * spinner kept repeating and stacked one question per step (the monkey test found 13).
     */
    private void whenLetGo(Spinner<Integer> s, IntConsumer act) {
        PauseTransition poll = new PauseTransition(Duration.millis(50));
        poll.setOnFinished(e -> {
            if (s.isPressed()) poll.playFromStart();
            else if (s.getValue() != null) act.accept(s.getValue());
        });
        s.valueProperty().addListener((o, was, is) -> {
            if (is == null || state.syncing) return;
            if (s.isPressed()) poll.playFromStart();
            else act.accept(is);
        });
    }

    private VBox roundBox() {
        VBox box = new VBox(-3, c.roundLabel, c.roundProgress);
        box.setAlignment(Pos.CENTER_LEFT);
        box.setMinWidth(Region.USE_PREF_SIZE);
        return box;
    }

    private static Label label(String text) {
        return caption(new Label(text));
    }

    private static Label caption(Label l) {
        l.getStyleClass().add("tool-label");
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private static Separator sep() {
        return new Separator(Orientation.VERTICAL);
    }

    private static Region spacer() {
        Region r = new Region();
        HBox.setHgrow(r, Priority.ALWAYS);
        r.setMinWidth(8);
        return r;
    }

    private static void tip(Control x, String text) {
        Tooltip t = new Tooltip(text);
        t.setShowDelay(Duration.millis(400));
        x.setTooltip(t);
    }
}
