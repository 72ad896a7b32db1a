package dev.lockstep.app;

import dev.lockstep.app.graph.GraphView;
import dev.lockstep.app.graph.GraphViewListener;
import dev.lockstep.app.graph.Tool;
import dev.lockstep.core.Call;
import dev.lockstep.core.Choice;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Stats;
import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.Manual;
import dev.lockstep.core.adversary.NodeChoice;
import dev.lockstep.core.adversary.ScheduleException;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.Scripted;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.Violation;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.protocol.ProtocolFactory;
import dev.lockstep.protocol.Protocols;
import dev.lockstep.protocol.lme.Lme;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.ScenarioWriter;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javafx.animation.AnimationTimer;
import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Point2D;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.shape.SVGPath;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * The main window: the graph view in the centre, the run controls above, the inspector,
 * pseudocode and checks on the right, the narration below the graph, a status bar.
 *
 * <p>It never changes the simulation itself: every person's action is a {@link Session} input
 * (recorded, replayable) or a step of the session; opening, resetting and editing Δ, K or the seed
 * start a new session.
 */
public final class MainWindow {
    static final String TITLE = "Lockstep";
    static final double MIN_RPS = 0.5;
    static final double MAX_RPS = 50;
    static final double DEFAULT_RPS = 4;
    /** Rounds a single "step action" may skip looking for something to execute. */
    static final int STEP_ACTION_ROUNDS = 100;

    private final Stage stage;
    private final Autosave autosave;
    private final BorderPane root = new BorderPane();
    private final StackPane graphHolder = new StackPane();
    private final Legend legend = new Legend();
    private final InspectorPanel inspector = new InspectorPanel();
    private final NarrationPanel narration = new NarrationPanel();
    private final PseudocodePanel pseudocode = new PseudocodePanel();
    private final ChecksPanel checks = new ChecksPanel();
    private final TabPane sideTabs = new TabPane();
    private final Tab pseudocodeTab = new Tab("Pseudocode", pseudocode);
    private final Tab checksTab = new Tab("Checks", checks);
    /** The graph view's full legend (locks, tokens, ports, marks), next to the compact strip. */
    private final Tab legendTab = new Tab("Legend");
    private final BreakpointsPanel breakpoints = new BreakpointsPanel();
    private final Tab breakpointsTab = new Tab("Breakpoints", breakpoints);
    private final ChoicesPanel choices = new ChoicesPanel();
    private final Tab choicesTab = new Tab("Choices", choices);
    private final SpaceTimeDiagram spaceTime = new SpaceTimeDiagram();
    private final TabPane bottomTabs = new TabPane();
    private final Tab narrationTab = new Tab("Narration", narration);
    private final Tab spaceTimeTab = new Tab("Space-time diagram", spaceTime);
    private final TimelineBar timeline = new TimelineBar();
    private final SplitPane leftSplit = new SplitPane();
    private final SplitPane rightSplit = new SplitPane();
    private final Label pastBanner = new Label();
    private final Moment moment = new Moment();
    /** Events of the branch's history already looked at by the breakpoints. */
    private int checkedMoment;
    /** Where the breakpoints were last looked at (a quiet step forward is tested as a Tick). */
    private Session.Position checkedPosition;
    /** The policy before manual mode was turned on (to go back to it). */
    private SchedulerPolicy policyBeforeManual;
    private final TimelineMarks marks = new TimelineMarks();

    // toolbar
    private final ToggleButton play = new ToggleButton("Play");
    private final Button step = new Button("Step");
    private final Button stepAction = new Button("Action");
    private final Button reset = new Button("Reset");
    private final Slider speed = new Slider(0, 1, position(DEFAULT_RPS));
    private final Label speedLabel = new Label();
    private final TextField seed = new TextField();
    private final ComboBox<String> policy = new ComboBox<>();
    private final Spinner<Integer> delta = new Spinner<>();
    private final Spinner<Integer> k = new Spinner<>();
    private final ToggleButton workload = new ToggleButton("Workload");
    private final ToggleGroup tools = new ToggleGroup();
    private final ToggleButton selectTool = new ToggleButton("Select");
    private final ToggleButton edgeTool = new ToggleButton("Edge");
    private final ToggleButton cutTool = new ToggleButton("Cut");
    private final ToggleButton lectureButton = new ToggleButton("Lecture");
    private final ToggleButton manualButton = new ToggleButton("Manual");
    private final CheckMenuItem manualItem = new CheckMenuItem("Manual mode: you are the adversary");
    private final Label roundLabel = new Label();
    /** "in progress" under the round number (not beside it: in lecture mode the toolbar has no width to spare). */
    private final Label roundProgress = new Label("in progress");
    private final Label scenarioLabel = new Label();
    private final CheckMenuItem lectureItem = new CheckMenuItem("Lecture mode");

    // status bar
    private final Label stats = new Label();
    private final Label message = new Label();
    private final PauseTransition messageTimeout = new PauseTransition(Duration.seconds(8));

    private Session session;
    private GraphView graphView;
    private Watcher watcher;
    private Path sessionFile;
    private Path lastDirectory;
    private int selected = -1;
    private final Set<Integer> highlighted = new LinkedHashSet<>();
    private boolean syncing;
    private boolean autosaveHeld;
    private SessionLoading restoring;
    /** A session file replayed to a later round than this is opened in the background. */
    static final int BACKGROUND_ROUNDS = 2_000;
    private boolean lecture;
    private Tool tool = Tool.SELECT;
    private ContextMenu nodeMenu;
    private double[] lastDrag;
    private final List<Throwable> errors = new ArrayList<>();
    private final Player player = new Player();

    public MainWindow(Stage stage, Path home) {
        this.stage = stage;
        this.autosave = new Autosave(home);
        root.setId("lockstep-root");
        root.getStyleClass().add("lockstep");

        VBox top = new VBox(menuBar(), toolBar(), settingsBar());
        root.setTop(top);

        graphHolder.setId("graph-holder");
        graphHolder.getStyleClass().add("graph-holder");
        graphHolder.setMinSize(200, 150);
        VBox.setVgrow(graphHolder, Priority.ALWAYS);
        VBox graphArea = new VBox(graphHolder, legend, timeline);
        timeline.setActions(new TimelineBar.Actions() {
            @Override public void jumpToStep(long step) { MainWindow.this.jumpToStep(step); }

            @Override public void backAction() { stepBackAction(); }

            @Override public void backRound() { stepBackRound(); }

            @Override public void backTopology() { backToTopologyChange(); }

            @Override public void forward() { forwardAction(); }

            @Override public void toEnd() { jumpToEnd(); }

            @Override public void switchBranch(int id) { MainWindow.this.switchBranch(id); }
        });
        pastBanner.setId("past-banner");
        pastBanner.getStyleClass().add("past-banner");
        pastBanner.setMouseTransparent(true);
        pastBanner.setWrapText(true);
        pastBanner.setVisible(false);
        StackPane.setAlignment(pastBanner, Pos.TOP_CENTER);
        StackPane.setMargin(pastBanner, new Insets(8, 40, 0, 40));

        bottomTabs.getTabs().setAll(narrationTab, spaceTimeTab);
        bottomTabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        bottomTabs.setId("bottom-tabs");
        narrationTab.setId("tab-narration");
        spaceTimeTab.setId("tab-space-time");
        spaceTime.onJump(this::jumpToStep);

        SplitPane left = leftSplit;
        left.getItems().setAll(graphArea, bottomTabs);
        left.setOrientation(Orientation.VERTICAL);
        left.setDividerPositions(0.70);
        SplitPane.setResizableWithParent(bottomTabs, false);

        sideTabs.getTabs().setAll(pseudocodeTab, checksTab, breakpointsTab, choicesTab, legendTab);
        breakpointsTab.setId("tab-breakpoints");
        choicesTab.setId("tab-choices");
        legendTab.setId("tab-legend");
        legendTab.setClosable(false);
        sideTabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        sideTabs.setId("side-tabs");
        pseudocodeTab.setId("tab-pseudocode");
        checksTab.setId("tab-checks");
        SplitPane right = rightSplit;
        right.getItems().setAll(inspector, sideTabs);
        right.setOrientation(Orientation.VERTICAL);
        right.setDividerPositions(0.46);

        SplitPane main = new SplitPane(left, right);
        main.setDividerPositions(0.67);
        SplitPane.setResizableWithParent(right, false);
        root.setCenter(main);
        root.setBottom(statusBar());

        inspector.onChoose(this::select);
        inspector.onCall(this::call);
        checks.onSelect(v -> {
            highlight(v.nodes());
            if (!v.nodes().isEmpty()) select(v.nodes().get(0));
        });
        choices.onExecute(this::execute);
        choices.onEndRound(this::stepRound);
        choices.onProblem(this::say);
    }

    /** The window's scene content. */
    public Parent root() {
        return root;
    }

    /** Puts the window's scene on the stage, with the stylesheet and the keyboard shortcuts. */
    public Scene install(double width, double height) {
        // never larger than the screen (a projector may be 1280×800 or less)
        var screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(root, Math.min(width, screen.getWidth()), Math.min(height, screen.getHeight()));
        scene.getStylesheets().add(MainWindow.class.getResource("lockstep.css").toExternalForm());
        scene.addEventFilter(KeyEvent.KEY_PRESSED, this::keyPressed);
        stage.setScene(scene);
        stage.sizeToScene();
        javafx.application.Platform.runLater(this::keepOnScreen);
        stage.setMinWidth(Math.min(900, screen.getWidth()));
        stage.setMinHeight(Math.min(600, screen.getHeight()));
        return scene;
    }

    /** Moves the window so all of it is on the screen (after a resize, a window may stick out). */
    private void keepOnScreen() {
        var screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        if (stage.getX() + stage.getWidth() > screen.getMaxX()) stage.setX(Math.max(screen.getMinX(), screen.getMaxX() - stage.getWidth()));
        if (stage.getY() + stage.getHeight() > screen.getMaxY()) stage.setY(Math.max(screen.getMinY(), screen.getMaxY() - stage.getHeight()));
        if (stage.getX() < screen.getMinX()) stage.setX(screen.getMinX());
        if (stage.getY() < screen.getMinY()) stage.setY(screen.getMinY());
    }

    // ================================================================== session lifecycle

    /** Shows a session (new, opened, restored or reset), replacing the current one. */
    public void show(Session s, Path file) {
        player.pause();
        if (watcher != null) watcher.detach();
        if (nodeMenu != null) nodeMenu.hide();
        GraphView old = graphView;
        session = s;
        sessionFile = file;
        Simulation sim = s.simulation();
        watcher = new Watcher(sim);
        graphView = new GraphView(sim);
        graphView.setListener(new Gestures());
        graphView.setLectureMode(lecture);
        graphView.setTool(tool);
        graphView.setAnimationMillis(animationMillis());
        graphHolder.getChildren().setAll(graphView.node(), pastBanner);
        if (old != null) dispose(old);
        legend.setProtocol(sim.protocol());
        javafx.scene.control.ScrollPane full = new javafx.scene.control.ScrollPane(graphView.legend());
        full.setFitToWidth(true);
        legendTab.setContent(full);
        inspector.setSimulation(sim);
        narration.reset(sim);
        pseudocode.setProtocol(sim.protocol().name(), sim.protocol().presentation().pseudocode());
        checks.setSimulation(sim);
        choices.setSimulation(sim);
        breakpoints.setSession(sim, s.history());
        spaceTime.setSimulation(sim);
        marks.reset();
        s.onTravel(() -> {
            if (session == s) afterTravel();
        });
        policyBeforeManual = null;
        checkedMoment = 0;
        checkedPosition = null;
        highlighted.clear();
        selected = -1;
        syncControls();
        afterStep(false);
        stage.setTitle(TITLE + " — " + s.scenario().name() + (file != null ? "  [" + file.getFileName() + "]" : ""));
        saveAutosave();
    }

    /** Stops the replaced view (its frame timer and GraphStream viewer would otherwise keep running). */
    private static void dispose(GraphView old) {
        old.dispose();
    }

    public Session session() {
        return session;
    }

    public GraphView graphView() {
        return graphView;
    }

    Stage stage() {
        return stage;
    }

    Autosave autosave() {
        return autosave;
    }

    /** Unexpected exceptions caught so far (each was shown in a dialog). */
    public List<Throwable> errors() {
        return List.copyOf(errors);
    }

    // ================================================================== stepping

    /** Runs the rest of the current round. */
    public void stepRound() {
        guarded("Step", () -> {
            // like Play, a step stops at an enabled breakpoint's hit (pressing → again continues)
            if (breakpoints.active() && stepRoundChecked()) return;
            if (!breakpoints.active()) session.stepRound();
            afterStep(true);
        });
    }

    /** Executes one action (beginning and ending rounds as needed). */
    public void stepAction() {
        if (session.manual()) {
            say("Manual mode: click a choice to execute it (the Choices tab), or end the round (→).");
            return;
        }
        if (session.inPast()) {
            forwardAction();
            return;
        }
        guarded("Step one action", () -> {
            int from = session.round();
            boolean any = session.stepAction(STEP_ACTION_ROUNDS);
            afterStep(true);
            if (!any) say("No action was enabled in rounds " + from + "–" + (session.round() - 1) + ".");
        });
    }

    /** Runs {@code n} rounds without animation (stops early at a violation). */
    public void runRounds(int n) {
        guarded("Run", () -> {
            for (int i = 0; i < n; i++) {
                session.stepRound();
                if (!watcherHasViolations()) continue;
                break;
            }
            afterStep(false);
        });
    }

    private boolean watcherHasViolations() {
        return session.simulation().violationCount() > checks.violations().size();
    }

    public void reset() {
        guarded("Reset", () -> {
            show(Session.start(session.scenario(), session.seed()), sessionFile);
            say("Reset to round 0 (seed " + session.seed() + ").");
        });
    }

    public void togglePlay() {
        if (player.playing()) {
            player.pause();
        } else if (session.manual()) {
            say("Manual mode: nothing runs by itself. Click a choice, or end the round (→); M leaves manual mode.");
        } else {
            player.play();
        }
    }

    public boolean playing() {
        return player.playing();
    }

    private void afterStep(boolean animate) {
        // the next round's start-of-round changes (topology, the workload's calls) show at once
        try {
            session.beginRound();
        } catch (ScheduleException e) {
            player.pause();
            Dialogs.error(stage, "The scripted schedule cannot continue",
                    e.source() + ": " + e.getMessage() + "\n\nSwitch the scheduler to another policy to go on.");
        }
        graphView.setAnimationMillis(animate ? animationMillis() : 0);
        graphView.update(animate);
        narration.add(watcher.drainEntries());
        for (String[] r : watcher.drainRefusals()) {
            int u = Integer.parseInt(r[0]);
            int v = Integer.parseInt(r[1]);
            String reason = r[2];
            int at = reason.startsWith(session.simulation().nodeName(v) + " ") ? v : u;
            graphView.showRefusal(at, reason);
            say("Refused: " + reason);
        }
        List<Violation> fresh = watcher.drainViolations();
        refresh();
        if (!fresh.isEmpty()) violated(fresh);
        checkBreakpoints();
        if (autosave.due()) saveAutosave(); // the round reached, every few seconds
    }

    // ================================================================== time travel

    /**
     * After a jump, a branch switch or a fork: everything shows that moment — the graph (no
     * animation), the inspector, the narration up to then (from the branch's history), the checks
     * (the simulation's violations are restored with it), the timeline and the diagram.
     */
    private void afterTravel() {
        List<History.Event> now = moment.events(session);
        watcher.resync(now);
        graphView.setAnimationMillis(0);
        graphView.update(false);
        narration.setAll(Moment.narration(sim(), now, NarrationPanel.CAPACITY));
        checkedMoment = now.size();
        checkedPosition = session.position();
        refresh();
        syncControls();
    }

    /** Jumps to the moment right after the {@code step}-th execution of this branch (0: the start). */
    public void jumpToStep(long step) {
        player.pause();
        guarded("Jump", () -> session.jumpToStep(Math.max(0, Math.min(step, session.furthestStep()))));
    }

    /** One action execution back. */
    public void stepBackAction() {
        player.pause();
        // right after the previous execution: at the start of a round the session's own step back
        // would only undo the round's start, and ← must always undo one execution
        guarded("Back one action", () -> session.jumpToStep(Math.max(0, sim().executionsBegun() - 1)));
    }

    /** Back to the start of this round (of the previous one if at a start). */
    public void stepBackRound() {
        player.pause();
        guarded("Back one round", session::stepBackRound);
    }

    /** Back to the previous topology change, right after it. */
    public void backToTopologyChange() {
        player.pause();
        guarded("Back to the previous topology change", () -> {
            if (!session.backToTopologyChange()) say("No topology change before this moment.");
        });
    }

    /** Forward to the next topology change of this branch's known future, right after it. */
    public void forwardToTopologyChange() {
        player.pause();
        guarded("Forward to the next topology change", () -> {
            Session.Position p = session.position();
            for (int r : session.topologyRounds()) {
                if (r > p.round() && r <= session.furthest().round()) {
                    session.jumpTo(new Session.Position(r, 0));
                    return;
                }
            }
            say("No topology change after this moment on this branch.");
        });
    }

    /** How far past the branch's end G may run on in one go (it runs on the window's thread). */
    static final int GO_AHEAD_LIMIT = 5_000;

    /** Goes to the start of round r (its start-of-round changes done): back in time, or forward, running on. */
    public void goToRound(int r) {
        player.pause();
        int end = session.furthest().round();
        if (r > end + GO_AHEAD_LIMIT) {
            // running on happens on the window's thread: a huge number would freeze the window
            say("Go to round " + r + ": at most " + GO_AHEAD_LIMIT + " rounds beyond the end of this branch (round " + end
                    + ") at a time; use Play, or `run --until \"round >= " + r + "\"` on the command line.");
            return;
        }
        guarded("Go to round " + r, () -> session.jumpTo(new Session.Position(Math.max(0, r), 0)));
    }

    /** Asks for a round number (G) and goes there. */
    public void goToRoundDialog() {
        javafx.scene.control.TextInputDialog d = new javafx.scene.control.TextInputDialog(Integer.toString(session.round()));
        d.initOwner(stage);
        d.setTitle("Lockstep: go to round");
        d.setHeaderText("Go to round (0 to " + session.furthest().round() + " on this branch; beyond runs on)");
        d.getEditor().setId("go-to-round");
        d.showAndWait().ifPresent(text -> {
            try {
                goToRound(Integer.parseInt(text.trim()));
            } catch (NumberFormatException ex) {
                say("Not a round number: \u201c" + text.trim() + "\u201d.");
            }
        });
    }

    /** Forward one action: in the past along the branch's known future, at its end a new step. */
    public void forwardAction() {
        if (!session.inPast()) {
            stepAction();
            return;
        }
        player.pause();
        guarded("Forward", () -> {
            long st = sim().executionsBegun();
            if (st < session.furthestStep()) session.jumpToStep(st + 1);
            else session.jumpTo(session.furthest());
        });
    }

    /** To the end of this branch. */
    public void jumpToEnd() {
        player.pause();
        guarded("Jump to the end", () -> session.jumpTo(session.furthest()));
    }

    /** To round 0, before anything happened. */
    public void jumpToStart() {
        player.pause();
        guarded("Jump to the start", () -> session.jumpTo(Session.Position.START));
    }

    /** Returns to another branch, at its end. */
    public void switchBranch(int id) {
        player.pause();
        guarded("Switch branch", () -> {
            session.switchTo(id);
            for (Session.Branch b : session.branches()) if (b.current()) say("On " + b.name() + ", round " + b.furthest().round() + ".");
        });
    }

    // ================================================================== breakpoints

    /** Looks at the events since the last look; on a breakpoint's hit, pauses and shows where. */
    private boolean checkBreakpoints() {
        var hit = breakpointHitSinceLastLook();
        if (hit.isEmpty()) return false;
        breakpointHit(hit.get());
        return true;
    }

    private java.util.Optional<BreakpointsPanel.Hit> breakpointHitSinceLastLook() {
        int now = moment.count(session);
        if (now < checkedMoment) checkedMoment = now;
        Session.Position at = session.position();
        boolean moved = checkedPosition == null || at.compareTo(checkedPosition) > 0;
        checkedPosition = at;
        List<History.Event> fresh;
        if (now > checkedMoment) {
            fresh = session.history().events().subList(checkedMoment, now);
        } else if (moved) {
            // A quiet step records nothing, yet "round >= N" and "wait > N" can start to hold in
            // it; test it as a Tick, as the command line's Debugger does.
            // Stamped with the round the window now shows (between rounds: the one about to begin).
            fresh = List.of(new History.Tick(sim().executionsBegun(), session.round(), "round " + session.round()));
        } else {
            return java.util.Optional.empty();
        }
        checkedMoment = now;
        return breakpoints.firstHit(fresh, sim());
    }

    private void breakpointHit(BreakpointsPanel.Hit hit) {
        player.pause();
        History.Event e = hit.event();
        List<Integer> nodes = Moment.nodesOf(e);
        highlight(nodes);
        if (!nodes.isEmpty()) select(nodes.get(0));
        NarrationPanel.Entry told = Moment.entry(sim(), e);
        if (told == null || !narration.selectLastWith(told.text())) narration.selectLast();
        if (!session.manual()) sideTabs.getSelectionModel().select(breakpointsTab);
        say("Breakpoint \u201c" + hit.entry().text + "\u201d hit in round " + e.round() + ", step " + e.step() + " — paused."
                + (told != null ? " " + told.text() : ""));
    }

    /** Runs the rest of the round one execution at a time, stopping at a breakpoint's hit. */
    private boolean stepRoundChecked() {
        int r = session.round();
        while (session.round() == r) {
            session.stepAction(1);
            var hit = breakpointHitSinceLastLook();
            if (hit.isPresent()) {
                afterStep(true);
                breakpointHit(hit.get());
                return true;
            }
        }
        return false;
    }

    // ================================================================== manual mode

    /** Turns manual mode on or off (a recorded input: the scheduler policy "manual"). */
    public void setManual(boolean on) {
        if (syncing || session == null || on == session.manual()) {
            syncControls();
            return;
        }
        player.pause();
        if (on) {
            policyBeforeManual = session.policy();
            input("manual mode — you choose every execution", List.of(), () -> session.policy(new Manual()));
            sideTabs.getSelectionModel().select(choicesTab);
            // the choices need the room more than the inspector does now
            if (rightSplit.getDividerPositions()[0] > 0.3) rightSplit.setDividerPositions(0.3);
            say("Manual mode: click a choice (or a node, or a message in the graph); → ends the round.");
        } else {
            SchedulerPolicy back = policyBeforeManual;
            if (back == null || back instanceof Manual) {
                SchedulerPolicy base = session.scenario().policy();
                back = policyNamed(base.name());
                if (back == null) back = base instanceof Manual ? new Synchronous(NodeChoice.EFFECTIVE) : base;
            }
            SchedulerPolicy p = back;
            input("manual mode off — scheduler " + p.name(), List.of(), () -> session.policy(p));
        }
        syncControls();
    }

    public void toggleManual() {
        setManual(!session.manual());
    }

    public boolean manual() {
        return session.manual();
    }

    /** Manual mode: executes a choice (a recorded input). */
    public void execute(Choice c) {
        guarded("Execute", () -> {
            if (!session.manual()) {
                say("Turn manual mode on (M) to choose executions by hand.");
                return;
            }
            session.execute(c);
            afterStep(true);
            saveAutosave();
        });
    }

    /** A click on a message in the graph: in manual mode, receives it if exactly one choice does. */
    private void tokenClicked(long id) {
        dev.lockstep.core.Envelope env = null;
        for (int v = 0; v < sim().nodeCount() && env == null; v++) {
            int i = sim().channels().indexOf(v, id);
            if (i >= 0) env = sim().channels().get(v, i);
        }
        if (env == null) return;
        String what = env.message().label() + " from " + name(env.from()) + " to " + name(env.to());
        if (!session.manual()) {
            say(what + " (sent in round " + env.sentRound() + "). In manual mode a click receives it.");
            return;
        }
        List<Choice> receiving = choices.receiving(id);
        if (receiving.size() == 1) {
            execute(receiving.get(0));
            return;
        }
        select(env.to());
        choices.filterTo(env.to());
        sideTabs.getSelectionModel().select(choicesTab);
        Point2D at = graphView.tokenScreenPosition(id);
        if (receiving.size() > 1 && at != null) {
            if (nodeMenu != null) nodeMenu.hide();
            List<MenuItem> items = new ArrayList<>();
            for (Choice c : receiving) {
                MenuItem m = new MenuItem(ChoicesPanel.describe(sim(), c));
                m.setMnemonicParsing(false);
                m.setOnAction(ev -> execute(c));
                items.add(m);
            }
            nodeMenu = new ContextMenu(items.toArray(new MenuItem[0]));
            nodeMenu.setId("choices-menu");
            nodeMenu.show(graphHolder, at.getX() + 10, at.getY() + 6);
        }
        say(receiving.isEmpty() ? what + " cannot be received now (sent this round, " + name(env.to()) + " already acted, or an older message waits)."
                : what + " can be received by " + receiving.size() + " actions: choose one in the list.");
    }

    /** Manual mode, edge tool: asks which ports the new edge takes (open ports, lowest by default). */
    private void askPortsAndLink(int u, int v) {
        long ou = sim().graph().openPorts(u);
        long ov = sim().graph().openPorts(v);
        if (ou == 0 || ov == 0) {
            link(u, v); // refused, with the reason shown
            return;
        }
        ComboBox<Integer> pu = portChooser(ou);
        ComboBox<Integer> pv = portChooser(ov);
        pu.setId("port-u");
        pv.setId("port-v");
        javafx.scene.control.Dialog<javafx.scene.control.ButtonType> d = new javafx.scene.control.Dialog<>();
        d.initOwner(stage);
        d.setTitle("Lockstep: link " + name(u) + "–" + name(v));
        d.setHeaderText("Which ports does the edge " + name(u) + "–" + name(v) + " take?");
        javafx.scene.layout.GridPane g = new javafx.scene.layout.GridPane();
        g.setHgap(8);
        g.setVgap(6);
        g.addRow(0, new Label("port at " + name(u)), pu);
        g.addRow(1, new Label("port at " + name(v)), pv);
        d.getDialogPane().setContent(g);
        javafx.scene.control.ButtonType linkButton = new javafx.scene.control.ButtonType("Link",
                javafx.scene.control.ButtonBar.ButtonData.OK_DONE);
        d.getDialogPane().getButtonTypes().setAll(linkButton, javafx.scene.control.ButtonType.CANCEL);
        d.resultProperty().addListener((o, a, b) -> {
            if (b == linkButton) linkOnPorts(u, v, pu.getValue(), pv.getValue());
        });
        d.show();
    }

    private static ComboBox<Integer> portChooser(long open) {
        ComboBox<Integer> c = new ComboBox<>();
        for (long s = open; s != 0; s &= s - 1) c.getItems().add(Long.numberOfTrailingZeros(s));
        c.setValue(c.getItems().get(0));
        return c;
    }

    /** Links u and v on the given ports (a recorded input). */
    public void linkOnPorts(int u, int v, int pu, int pv) {
        input("link " + name(u) + "–" + name(v) + " on ports " + pu + " and " + pv, List.of(u, v), () -> session.link(u, v, pu, pv));
    }

    private void violated(List<Violation> fresh) {
        player.pause();
        Set<Integer> nodes = new LinkedHashSet<>();
        for (Violation v : fresh) nodes.addAll(v.nodes());
        sideTabs.getSelectionModel().select(checksTab);
        checks.select(fresh.get(0));
        highlight(new ArrayList<>(nodes));
        Violation v = fresh.get(0);
        say("Round " + v.round() + ": " + v.check() + " violated" + (fresh.size() > 1 ? " (and " + (fresh.size() - 1) + " more)" : "")
                + " — paused. See the Checks tab.");
    }

    // ================================================================== inputs (recorded by the session)

    private void input(String note, List<Integer> nodes, Runnable apply) {
        guarded(note, () -> {
            boolean later = session.midRound() && session.simulation().executionsThisRound() > 0;
            watcher.quietMoves(true);
            try {
                apply.run();
            } finally {
                watcher.quietMoves(false);
            }
            watcher.note(session.round(), nodes, "You: " + note
                    + (later ? " (this round's executions have started: it applies when round " + (session.round() + 1) + " begins)" : ""));
            afterStep(false);
            saveAutosave();
        });
    }

    /** Lock or Unlock at node u (the application's call, made by the person). */
    public void call(int u, Call c) {
        input((c == Call.LOCK ? "Lock" : "Unlock") + " at " + name(u), List.of(u), () -> session.call(u, c));
    }

    public void link(int u, int v) {
        input("link " + name(u) + "–" + name(v), List.of(u, v), () -> session.link(u, v));
    }

    public void cut(int u, int v) {
        input("cut " + name(u) + "–" + name(v), List.of(u, v), () -> session.cut(u, v));
    }

    /** Moves a node; intermediate positions of a drag only matter on a unit disk (edges follow). */
    public void move(int u, double x, double y, boolean finished) {
        if (!finished) {
            if (session.unitDisk() <= 0) return;
            double step = Math.max(0.02, session.unitDisk() * 0.04);
            if (lastDrag != null && lastDrag[0] == u && Math.hypot(lastDrag[1] - x, lastDrag[2] - y) < step) return;
            lastDrag = new double[] {u, x, y};
            guarded("Move", () -> {
                watcher.quietMoves(true);
                try {
                    session.move(u, x, y);
                } finally {
                    watcher.quietMoves(false);
                }
                afterStep(false);
                saveAutosave(); // a recorded input like any other: a journal line, not a full save
            });
            return;
        }
        lastDrag = null;
        input(String.format(Locale.ROOT, "moved %s to (%.2f, %.2f)", name(u), x, y), List.of(u), () -> session.move(u, x, y));
    }

    private void choosePolicy(String name) {
        if (syncing || name == null || name.equals(session.policy().name())) return;
        if (name.equals("manual")) {
            setManual(true);
            return;
        }
        SchedulerPolicy p = policyNamed(name);
        if (p == null) {
            syncControls();
            return;
        }
        input("scheduler " + name, List.of(), () -> session.policy(p));
        syncControls();
    }

    /** A policy of the given kind, keeping the scenario's activation, duration and in-node choice. */
    private SchedulerPolicy policyNamed(String name) {
        SchedulerPolicy base = session.scenario().policy();
        if (base instanceof Scripted s && s.then() != null) base = s.then();
        SchedulerPolicy now = session.policy();
        NodeChoice choice = choiceOf(now) != null ? choiceOf(now) : choiceOf(base) != null ? choiceOf(base) : NodeChoice.EFFECTIVE;
        double activation = base instanceof SemiSynchronous s ? s.activation() : base instanceof Asynchronous a ? a.activation() : 0.5;
        int duration = base instanceof Asynchronous a ? a.maxDuration() : 3;
        return switch (name) {
            case "synchronous" -> new Synchronous(choice);
            case "semi-synchronous" -> new SemiSynchronous(activation, choice);
            case "sequential" -> new Sequential(choice);
            case "asynchronous" -> new Asynchronous(activation, duration, choice);
            default -> null;
        };
    }

    private static NodeChoice choiceOf(SchedulerPolicy p) {
        if (p instanceof Synchronous s) return s.nodeChoice();
        if (p instanceof SemiSynchronous s) return s.nodeChoice();
        if (p instanceof Sequential s) return s.nodeChoice();
        if (p instanceof Asynchronous a) return a.nodeChoice();
        return null;
    }

    private void setWorkload(boolean on) {
        if (syncing || on == session.workload()) return;
        input("workload " + (on ? "on" : "off"), List.of(), () -> session.workload(on));
    }

    // ================================================================== scenario edits (new session)

    /** Changes Δ: edits the scenario and starts over (asks first if the session has inputs). */
    public void changeDelta(int d) {
        if (syncing || d == session.scenario().delta()) return;
        editScenario("Δ = " + d, Map.of("delta", Integer.toString(d)), session.seed());
    }

    /** Changes LME's K: edits the scenario and starts over (asks first if the session has inputs). */
    public void changeK(int value) {
        if (syncing || value == currentK()) return;
        JsonWriter w = new JsonWriter().beginObject();
        boolean done = false;
        if (session.scenario().json().get("params") instanceof JsonValue.Obj params) {
            for (var e : params.members().entrySet()) {
                if (e.getKey().equals("K")) {
                    w.field("K", value);
                    done = true;
                } else {
                    w.key(e.getKey()).value(e.getValue());
                }
            }
        }
        if (!done) w.field("K", value);
        editScenario("K = " + value, Map.of("params", w.endObject().toString()), session.seed());
    }

    /** Starts over with another seed (asks first if the session has inputs). */
    public void changeSeed(long value) {
        if (value == session.seed()) return;
        confirmDiscard("Use seed " + value, () -> {
            show(Session.start(session.scenario(), value), sessionFile);
            say("Seed " + value + ": a new run from round 0.");
        });
    }

    private void editScenario(String what, Map<String, String> changes, long seedToUse) {
        Scenario edited;
        try {
            edited = ScenarioWriter.edited(session.scenario(), changes);
        } catch (ScenarioException e) {
            Dialogs.problems(stage, "Cannot set " + what, e.problems(), "The current session is unchanged.");
            syncControls();
            return;
        } catch (RuntimeException e) {
            failed("Editing the scenario", e);
            syncControls();
            return;
        }
        confirmDiscard("Set " + what, () -> {
            show(Session.start(edited, seedToUse), null);
            say("Scenario edited: " + what + ". A new run from round 0.");
        });
    }

    private void confirmDiscard(String what, Runnable go) {
        int n = session.inputs().size() + session.waiting().size();
        if (n == 0) {
            guarded(what, go);
            return;
        }
        player.pause();
        Dialogs.confirm(stage, what + " and start over?",
                "This starts a new run from round 0 and discards this session's " + n + " input" + (n == 1 ? "" : "s")
                        + " (save the session first to keep them).", what,
                () -> guarded(what, go), this::syncControls);
    }

    /**
     * Adds a node at model position (x, y) to the current graph. The node set is fixed during a run,
     * so this starts a new run from round 0 with the graph as it is now (asks first if the session
     * has progress).
     */
    public void addNode(double x, double y) {
        Scenario edited;
        try {
            edited = SessionFiles.withNodeAdded(session, x, y);
        } catch (ScenarioException e) {
            Dialogs.problems(stage, "Cannot add a node", e.problems(), "The current session is unchanged.");
            return;
        }
        String added = edited.nodes().get(edited.nodes().size() - 1);
        confirmRestart("Add node " + added, () -> {
            show(Session.start(edited, session.seed()), null);
            say("Added node " + added + ": a new run from round 0 with the current graph.");
        });
    }

    /** Deletes node u and its edges from the current graph: a new run from round 0 (asks first if needed). */
    public void deleteNode(int u) {
        String gone = name(u);
        Scenario edited;
        try {
            edited = SessionFiles.withNodeRemoved(session, u);
        } catch (ScenarioException e) {
            Dialogs.problems(stage, "Cannot delete " + gone, e.problems(), "The current session is unchanged.");
            return;
        }
        confirmRestart("Delete node " + gone, () -> {
            show(Session.start(edited, session.seed()), null);
            say("Deleted node " + gone + ": a new run from round 0 with the current graph.");
        });
    }

    private void confirmRestart(String what, Runnable go) {
        if (session.round() == 0 && session.inputs().isEmpty() && session.waiting().isEmpty()) {
            guarded(what, go);
            return;
        }
        player.pause();
        Dialogs.confirm(stage, what + " and start over?",
                "The node set is fixed during a run, so this starts a new run from round 0 with the graph as it is"
                        + " now (save the session first to keep this one).", what,
                () -> guarded(what, go), this::syncControls);
    }

    private int currentK() {
        if (session.scenario().json().get("params") instanceof JsonValue.Obj p && p.get("K") instanceof JsonValue.Num n) {
            return (int) n.doubleValue();
        }
        return Lme.DEFAULT_K;
    }

    // ================================================================== files

    /**
     * Opens a scenario or session file; on a problem, shows every problem and keeps the session. A
     * session at a late round is replayed in the background (true: opening has begun).
     */
    public boolean open(Path file) {
        player.pause();
        if (SessionFiles.sessionRound(file) > BACKGROUND_ROUNDS) {
            // a long replay: off the JavaFX thread, with progress and Cancel
            SessionLoading.start(stage, file, "Opening " + file.getFileName(), s -> {
                show(s, file);
                lastDirectory = parentOf(file);
                say("Opened " + file.getFileName() + " (session at round " + s.round() + ").");
            }, problems -> Dialogs.problems(stage, "Cannot open " + file.getFileName(), problems,
                    "The current session is unchanged."), () -> say("Opening " + file.getFileName()
                    + " cancelled; the current session is unchanged."));
            return true;
        }
        try {
            Session s = SessionFiles.open(file);
            boolean isSession = isSessionFile(file);
            show(s, isSession ? file : null);
            lastDirectory = parentOf(file);
            say("Opened " + file.getFileName() + (isSession ? " (session at round " + s.round() + ")" : "") + ".");
            return true;
        } catch (ScenarioException e) {
            Dialogs.problems(stage, "Cannot open " + file.getFileName(), e.problems(),
                    "The current session is unchanged.");
            return false;
        } catch (RuntimeException e) {
            failed("Opening " + file, e);
            return false;
        }
    }

    private static boolean isSessionFile(Path file) {
        try {
            return Files.readString(file).contains("\"" + Session.FORMAT + "\"");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    public void openDefault() {
        player.pause();
        confirmReplace("Open the default scenario", () -> show(Session.start(SessionFiles.defaultScenario()), null));
    }

    /**
     * Replacing the session on screen discards its inputs: ask first, as Reset and the scenario's
     * settings do (the autosave follows the new session, so nothing else would keep them).
     */
    private void confirmReplace(String what, Runnable go) {
        int n = session.inputs().size() + session.waiting().size();
        if (n == 0) {
            guarded(what, go);
            return;
        }
        Dialogs.confirm(stage, what + "?",
                "This replaces the session on screen and discards its " + n + " input" + (n == 1 ? "" : "s")
                        + " (save the session first to keep them).", what,
                () -> guarded(what, go), this::syncControls);
    }

    public void saveSessionTo(Path file) throws IOException {
        session.save(file);
        sessionFile = file;
        lastDirectory = parentOf(file);
        stage.setTitle(TITLE + " — " + session.scenario().name() + "  [" + file.getFileName() + "]");
        say("Saved the session (round " + session.round() + ", " + session.inputs().size() + " inputs) to " + file + ".");
    }

    public void saveScenarioTo(Path file) throws IOException, ScenarioException {
        String text = SessionFiles.scenarioText(session);
        ScenarioLoader.parse(text, file.toString()); // never write a file Lockstep would refuse
        ScenarioWriter.writeAtomically(file, text);
        lastDirectory = parentOf(file);
        say("Saved the scenario (current graph and settings) to " + file + ".");
    }

    public void exportTraceTo(Path file) throws IOException {
        int rounds = SessionFiles.exportTrace(session, file);
        lastDirectory = parentOf(file);
        say("Wrote the trace of rounds 0–" + (rounds - 1) + " to " + file + " (check it with: lockstep replay).");
    }

    private static Path parentOf(Path file) {
        Path p = file.toAbsolutePath().getParent();
        return p != null && Files.isDirectory(p) ? p : null;
    }

    private FileChooser chooser(String title) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        Path dir = lastDirectory;
        if (dir == null && Files.isDirectory(Path.of("sample-runs"))) dir = Path.of("sample-runs").toAbsolutePath();
        if (dir != null) fc.setInitialDirectory(dir.toFile());
        fc.getExtensionFilters().setAll(new FileChooser.ExtensionFilter("Lockstep files (*.json)", "*.json"),
                new FileChooser.ExtensionFilter("All files", "*"));
        return fc;
    }

    private void openDialog() {
        player.pause();
        var f = chooser("Open a scenario or session").showOpenDialog(stage);
        if (f != null) confirmReplace("Open " + f.getName(), () -> open(f.toPath()));
    }

    private void saveSession(boolean as) {
        player.pause();
        Path target = sessionFile;
        if (as || target == null) {
            FileChooser fc = chooser("Save the session");
            fc.setInitialFileName(slug(session.scenario().name()) + ".session.json");
            var f = fc.showSaveDialog(stage);
            if (f == null) return;
            target = f.toPath();
        }
        Path t = target;
        writing("Saving the session", () -> saveSessionTo(t));
    }

    private void saveScenarioDialog() {
        player.pause();
        FileChooser fc = chooser("Save the scenario as");
        fc.setInitialFileName(slug(session.scenario().name()) + ".json");
        var f = fc.showSaveDialog(stage);
        if (f != null) writing("Saving the scenario", () -> saveScenarioTo(f.toPath()));
    }

    private void exportTraceDialog() {
        player.pause();
        FileChooser fc = chooser("Export the trace");
        fc.getExtensionFilters().setAll(new FileChooser.ExtensionFilter("Lockstep traces (*.jsonl)", "*.jsonl"),
                new FileChooser.ExtensionFilter("All files", "*"));
        fc.setInitialFileName(slug(session.scenario().name()) + ".trace.jsonl");
        var f = fc.showSaveDialog(stage);
        if (f != null) writing("Exporting the trace", () -> exportTraceTo(f.toPath()));
    }

    private interface FileWork {
        void run() throws IOException, ScenarioException;
    }

    private void writing(String what, FileWork work) {
        try {
            work.run();
        } catch (IOException e) {
            Dialogs.error(stage, what + " failed", String.valueOf(e.getMessage()));
        } catch (ScenarioException e) {
            Dialogs.problems(stage, what + " failed", e.problems(), "Nothing was written.");
        } catch (RuntimeException e) {
            failed(what, e);
        }
    }

    static String slug(String name) {
        String s = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return s.isEmpty() ? "lockstep" : s;
    }

    // ================================================================== autosave

    /**
     * While held, nothing is written or deleted: the autosave found at start belongs to the
     * previous run until the person has answered whether to restore it.
     */
    public void holdAutosave(boolean hold) {
        autosaveHeld = hold;
    }

    private void saveAutosave() {
        if (session == null || autosaveHeld) return;
        String problem = autosave.save(session);
        if (problem != null) say(problem);
    }

    /** On a clean exit: the autosave is not needed any more. */
    public void closedCleanly() {
        player.pause();
        if (!autosaveHeld) autosave.delete();
    }

    /**
     * If an autosave was left by a run that did not exit cleanly, offers to restore it — unless it
     * holds nothing a restore would give back (round 0, no input, the start's own scenario), which
     * is dropped without a word.
     */
    public void offerRestore() {
        if (!autosave.exists()) {
            holdAutosave(false);
            return;
        }
        if (autosave.holdsNothing(SessionFiles.defaultScenario())) {
            autosave.delete();
            holdAutosave(false);
            saveAutosave();
            return;
        }
        restoring = SessionLoading.start(stage, autosave.file(), "Restoring the last session", this::offerRestored,
                this::unrestorable, () -> {
                    // the autosave stays held, untouched: the next start offers it again
                    restoring = null;
                    say("Restore cancelled: the autosave stays at " + autosave.file()
                            + " and is offered again at the next start (until then this window is not autosaved).");
                });
    }

    /** The load of the autosave under way (null when none): its progress dialog, for tests. */
    SessionLoading restoring() {
        return restoring;
    }

    private void offerRestored(Session s) {
        restoring = null;
        int n = s.inputs().size() + s.waiting().size();
        Dialogs.confirm(stage, "Restore the last session?",
                "Lockstep did not exit cleanly last time. The autosave holds \"" + s.scenario().name() + "\" at round "
                        + s.round() + " with " + n + " input" + (n == 1 ? "" : "s") + ".", "Restore",
                () -> {
                    holdAutosave(false);
                    show(s, null);
                    say("Restored the autosaved session at round " + s.round() + ".");
                }, () -> {
                    holdAutosave(false);
                    saveAutosave();
                });
    }

    private void unrestorable(List<String> problems) {
        restoring = null;
        String aside;
        try {
            aside = "It was moved to " + autosave.setAside() + ".";
        } catch (IOException io) {
            aside = "It stays at " + autosave.file() + ".";
        }
        Dialogs.problems(stage, "The autosaved session cannot be restored", problems, aside);
        holdAutosave(false);
        saveAutosave();
    }

    // ================================================================== selection, highlight, lecture

    /** Selects node u for the inspector and the graph (-1: none). */
    public void select(int u) {
        selected = session != null && u >= 0 && u < session.simulation().nodeCount() ? u : -1;
        graphView.setSelected(selected);
        inspector.show(selected);
        if (session != null && session.manual()) choices.filterTo(selected);
        refreshPseudocode();
    }

    public int selected() {
        return selected;
    }

    public void highlight(List<Integer> nodes) {
        highlighted.clear();
        highlighted.addAll(nodes);
        graphView.setHighlighted(List.copyOf(highlighted));
    }

    public Set<Integer> highlighted() {
        return Set.copyOf(highlighted);
    }

    public void setLecture(boolean on) {
        lecture = on;
        if (on && !root.getStyleClass().contains("lecture")) root.getStyleClass().add("lecture");
        if (!on) root.getStyleClass().remove("lecture");
        graphView.setLectureMode(on);
        spaceTime.setLecture(on);
        // the settings must fit in one row at large fonts: the scenario's name stays in the title
        scenarioLabel.setVisible(!on);
        scenarioLabel.setManaged(!on);
        syncing = true;
        lectureItem.setSelected(on);
        lectureButton.setSelected(on);
        syncing = false;
    }

    public boolean lecture() {
        return lecture;
    }

    private void setTool(Tool t) {
        tool = t;
        graphView.setTool(t);
    }

    // ================================================================== refresh

    private void refresh() {
        Simulation sim = session.simulation();
        Stats st = sim.stats();
        roundLabel.setText("Round " + sim.round());
        boolean inProgress = session.midRound() && sim.executionsThisRound() > 0;
        roundProgress.setVisible(inProgress);
        roundProgress.setManaged(inProgress);
        stats.setText(String.format(Locale.ROOT,
                "round %d   ·   %d actions   ·   %d messages sent, %d lost, %d in transit   ·   %d lock%s acquired   ·   mean wait %.1f rounds   ·   %d violation%s",
                sim.round(), st.actions(), st.messagesSent(), st.messagesLost(), sim.totalInTransit(), st.locksAcquired(),
                st.locksAcquired() == 1 ? "" : "s", st.meanWaitRounds(), sim.violationCount(), sim.violationCount() == 1 ? "" : "s"));
        inspector.refresh();
        checks.refresh();
        refreshPseudocode();
        checksTab.setText(sim.violationCount() == 0 ? "Checks" : "Checks (" + sim.violationCount() + ")");
        refreshDebugger();
    }

    /** The timeline, the diagram, the choices, the banner in the past, the manual controls. */
    private void refreshDebugger() {
        int now = moment.count(session);
        marks.update(session);
        timeline.show(session, marks.roundStarts(session), marks.topology(), marks.violations());
        spaceTime.update(session, now);
        breakpoints.setHistory(session.history());
        boolean manual = session.manual();
        choices.refresh(manual);
        choicesTab.setText(manual ? "Choices (" + sim().choices().size() + ")" : "Choices");
        boolean past = session.inPast();
        pastBanner.setVisible(past);
        if (past) {
            pastBanner.setText("Viewing the past: round " + sim().round() + " of " + session.furthest().round()
                    + " on " + currentBranchName() + ". Stepping replays this branch; any input here starts a new branch.");
        }
        play.setDisable(manual);
        stepAction.setDisable(manual);
        step.setTooltip(new Tooltip(manual ? "End the round: nothing else executes in it (→)" : "Step one round (→)"));
    }

    private String currentBranchName() {
        for (Session.Branch b : session.branches()) if (b.current()) return b.name();
        return "this branch";
    }

    private void refreshPseudocode() {
        if (watcher == null) return;
        Watcher.Last last = selected >= 0 && watcher.lastOf(selected) != null ? watcher.lastOf(selected) : watcher.last();
        if (last == null) {
            pseudocode.highlight(null, null);
        } else {
            pseudocode.highlight(last.lines(), last.label(),
                    name(last.node()) + " ran " + last.label() + " in round " + last.round());
        }
    }

    private void syncControls() {
        syncing = true;
        try {
            Scenario sc = session.scenario();
            seed.setText(Long.toString(session.seed()));
            seed.getStyleClass().remove("invalid");
            List<String> names = new ArrayList<>(List.of("synchronous", "semi-synchronous", "sequential", "asynchronous"));
            if (session.policy() instanceof Scripted) names.add("scripted");
            names.add("manual");
            manualButton.setSelected(session.manual());
            manualItem.setSelected(session.manual());
            policy.getItems().setAll(names);
            policy.setValue(session.policy().name());
            delta.getValueFactory().setValue(sc.delta());
            ProtocolFactory f = Protocols.byName(sc.protocol().name());
            boolean hasK = f != null && f.parameters().contains("K");
            k.setDisable(!hasK);
            k.getValueFactory().setValue(hasK ? currentK() : Lme.DEFAULT_K);
            k.setTooltip(new Tooltip(hasK ? "K: priorities 0..K-1 (edits the scenario and starts over)"
                    : sc.protocol().name() + " has no parameter K"));
            boolean hasWorkload = sc.json().has("workload");
            workload.setDisable(!hasWorkload);
            workload.setSelected(hasWorkload && session.workload());
            workload.setTooltip(new Tooltip(hasWorkload ? "The scenario's workload calls Lock and Unlock (a recorded input)"
                    : "This scenario has no workload: call Lock and Unlock from a node's context menu"));
            play.setSelected(player.playing());
            String variant = sc.json().get("params") instanceof JsonValue.Obj p && p.get("variant") instanceof JsonValue.Str v
                    ? ", " + v.value() : "";
            scenarioLabel.setText(sc.name() + "   ·   " + sc.protocol().name() + variant + "   ·   " + sim().nodeCount()
                    + " nodes" + (session.unitDisk() > 0 ? ", unit disk r = " + JsonWriter.number(session.unitDisk()) : ""));
        } finally {
            syncing = false;
        }
    }

    // ================================================================== status messages and errors

    /** Shows a message in the status bar for a few seconds. */
    public void say(String text) {
        message.setText(text);
        messageTimeout.playFromStart();
    }

    public String statusMessage() {
        return message.getText();
    }

    private void guarded(String what, Runnable r) {
        try {
            r.run();
        } catch (ScheduleException e) {
            player.pause();
            safeRefresh();
            Dialogs.error(stage, "The scripted schedule cannot continue",
                    e.source() + ": " + e.getMessage() + "\n\nSwitch the scheduler to another policy to go on.");
        } catch (RuntimeException e) {
            failed(what, e);
        }
    }

    void failed(String what, Throwable e) {
        player.pause();
        errors.add(e);
        System.err.println("lockstep: " + what + " failed: " + e);
        e.printStackTrace();
        safeRefresh();
        Dialogs.exception(stage, what + " failed", e);
    }

    private void safeRefresh() {
        try {
            if (session != null) {
                graphView.update(false);
                refresh();
            }
        } catch (RuntimeException again) {
            again.printStackTrace();
        }
    }

    private String name(int u) {
        return session.simulation().nodeName(u);
    }

    private Simulation sim() {
        return session.simulation();
    }

    // ================================================================== playing

    private double rps() {
        return MIN_RPS * Math.pow(MAX_RPS / MIN_RPS, speed.getValue());
    }

    static double position(double rps) {
        return Math.log(rps / MIN_RPS) / Math.log(MAX_RPS / MIN_RPS);
    }

    private double animationMillis() {
        return Math.min(450, 0.8 * 1000 / rps());
    }

    /** Steps rounds at the chosen speed on the animation pulse; pauses at a violation. */
    private final class Player extends AnimationTimer {
        private boolean playing;
        private long last = -1;
        private double due;

        boolean playing() {
            return playing;
        }

        void play() {
            if (playing) return;
            playing = true;
            last = -1;
            due = 1; // the first round at once
            start();
            play.setSelected(true);
            play.setText("Pause");
            play.setGraphic(icon(PAUSE));
        }

        void pause() {
            if (!playing) return;
            playing = false;
            stop();
            play.setSelected(false);
            play.setText("Play");
            play.setGraphic(icon(PLAY));
            if (session != null) saveAutosave();
        }

        @Override
        public void handle(long now) {
            if (last < 0) last = now;
            due += (now - last) / 1e9 * rps();
            last = now;
            int rounds = (int) Math.min(Math.floor(due), 4);
            if (rounds <= 0) return;
            due = Math.min(due - rounds, 1);
            try {
                for (int i = 0; i < rounds && playing; i++) {
                    if (breakpoints.active()) {
                        if (stepRoundChecked()) return;
                    } else {
                        session.stepRound();
                    }
                    if (watcherHasViolations()) break;
                }
                afterStep(true);
            } catch (ScheduleException e) {
                pause();
                guarded("Play", () -> {
                    throw e;
                });
            } catch (RuntimeException e) {
                failed("Playing", e);
            }
        }
    }

    // ================================================================== gestures on the graph

    /** The graph view's gestures, turned into session inputs (the view never changes the simulation). */
    private final class Gestures implements GraphViewListener {
        @Override
        public void nodeClicked(int node) {
            select(node);
            if (session.manual()) {
                choices.filterTo(node);
                sideTabs.getSelectionModel().select(choicesTab);
                Point2D at = graphView.nodeScreenPosition(node);
                if (at != null) showChoicesMenu(node, at.getX() + 14, at.getY() + 8);
            }
        }

        @Override
        public void backgroundClicked() {
            select(-1);
            if (session.manual()) choices.filterTo(-1);
        }

        @Override
        public void tokenClicked(long messageId) {
            MainWindow.this.tokenClicked(messageId);
        }

        @Override
        public void nodeContextMenu(int node, double screenX, double screenY) {
            showNodeMenu(node, screenX, screenY);
        }

        @Override
        public void backgroundContextMenu(double x, double y, double screenX, double screenY) {
            showBackgroundMenu(x, y, screenX, screenY);
        }

        @Override
        public void nodeDragged(int node, double x, double y, boolean finished) {
            move(node, x, y, finished);
        }

        @Override
        public void linkRequested(int u, int v) {
            if (session.manual()) askPortsAndLink(u, v);
            else link(u, v);
        }

        @Override
        public void cutRequested(int u, int v) {
            cut(u, v);
        }
    }

    /** The listener the graph view reports gestures to. */
    public GraphViewListener gestures() {
        return new Gestures();
    }

    /** The context menu of node u: Lock, Unlock, inspect, narrate only this node. */
    public ContextMenu showNodeMenu(int u, double screenX, double screenY) {
        if (nodeMenu != null) nodeMenu.hide();
        Simulation sim = session.simulation();
        OperationStatus st = sim.status(u);
        boolean callPending = !sim.pendingCalls(u).isEmpty();
        MenuItem head = new MenuItem(name(u) + ": " + st.name().toLowerCase(Locale.ROOT));
        head.setDisable(true);
        head.getStyleClass().add("menu-head");
        MenuItem lock = new MenuItem("Lock");
        lock.setId("menu-lock");
        lock.setDisable(st != OperationStatus.IDLE || callPending);
        lock.setOnAction(e -> call(u, Call.LOCK));
        MenuItem unlock = new MenuItem("Unlock");
        unlock.setId("menu-unlock");
        unlock.setDisable(st != OperationStatus.LOCKED || callPending);
        unlock.setOnAction(e -> call(u, Call.UNLOCK));
        MenuItem inspect = new MenuItem("Inspect");
        inspect.setOnAction(e -> select(u));
        MenuItem only = new MenuItem("Narrate only " + name(u));
        only.setOnAction(e -> narration.filterTo(u));
        MenuItem delete = new MenuItem("Delete node " + name(u) + "…");
        delete.setId("menu-delete-node");
        delete.setOnAction(e -> deleteNode(u));
        nodeMenu = new ContextMenu(head, new SeparatorMenuItem(), lock, unlock, new SeparatorMenuItem(), inspect, only,
                new SeparatorMenuItem(), delete);
        nodeMenu.setId("node-menu");
        nodeMenu.show(graphHolder, screenX, screenY);
        return nodeMenu;
    }

    /**
     * Manual mode, a click on a node: its enabled choices in a menu at the node; picking one
     * executes it (a draw is left to the seeded stream: fixing it is done in the Choices list).
     */
    public ContextMenu showChoicesMenu(int u, double screenX, double screenY) {
        if (nodeMenu != null) nodeMenu.hide();
        Simulation sim = session.simulation();
        List<Choice> cs = sim.choices(u);
        MenuItem head = new MenuItem(cs.isEmpty() ? name(u) + " has no enabled action now"
                : name(u) + " can execute (you are the adversary):");
        head.setDisable(true);
        head.getStyleClass().add("menu-head");
        List<MenuItem> items = new ArrayList<>(List.of(head, new SeparatorMenuItem()));
        for (Choice c : cs) {
            boolean effective;
            try {
                effective = sim.effective(c);
            } catch (RuntimeException ex) {
                effective = true;
            }
            MenuItem m = new MenuItem(ChoicesPanel.describe(sim, c) + (effective ? "" : "   (no effect)"));
            m.setMnemonicParsing(false);
            m.getStyleClass().add("choice-item");
            m.setOnAction(e -> execute(c));
            items.add(m);
        }
        nodeMenu = new ContextMenu(items.toArray(new MenuItem[0]));
        nodeMenu.setId("choices-menu");
        nodeMenu.show(graphHolder, screenX, screenY);
        return nodeMenu;
    }

    /** The context menu of empty space: add a node there. */
    public ContextMenu showBackgroundMenu(double x, double y, double screenX, double screenY) {
        if (nodeMenu != null) nodeMenu.hide();
        MenuItem add = new MenuItem("Add a node here…");
        add.setId("menu-add-node");
        add.setOnAction(e -> addNode(x, y));
        nodeMenu = new ContextMenu(add);
        nodeMenu.setId("background-menu");
        nodeMenu.show(graphHolder, screenX, screenY);
        return nodeMenu;
    }

    // ================================================================== building the window

    private static final String PLAY = "M0,0 L0,14 L12,7 Z";
    private static final String PAUSE = "M0,0 H4 V14 H0 Z M7,0 H11 V14 H7 Z";
    private static final String STEP = "M0,0 L0,14 L9,7 Z M10,0 H13 V14 H10 Z";
    private static final String STEP_ONE = "M0,3 L0,11 L6,7 Z M7,3 H9 V11 H7 Z";
    private static final String RESET = "M3,0 H6 V14 H3 Z M6,7 L14,0 L14,14 Z";

    private static SVGPath icon(String path) {
        SVGPath p = new SVGPath();
        p.setContent(path);
        p.getStyleClass().add("icon");
        return p;
    }

    private MenuBar menuBar() {
        MenuItem open = item("Open scenario or session…", new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN), this::openDialog);
        MenuItem openDefault = item("Open the default scenario", null, this::openDefault);
        MenuItem save = item("Save session", new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN), () -> saveSession(false));
        MenuItem saveAs = item("Save session as…", null, () -> saveSession(true));
        MenuItem saveScenario = item("Save scenario as…",
                new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN), this::saveScenarioDialog);
        MenuItem export = item("Export trace…", new KeyCodeCombination(KeyCode.E, KeyCombination.SHORTCUT_DOWN), this::exportTraceDialog);
        MenuItem exportAnimation = item("Export animation or figure…",
                new KeyCodeCombination(KeyCode.E, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
                () -> dev.lockstep.app.export.ExportDialog.open(stage, () -> session, slug(session.scenario().name())));
        MenuItem quit = item("Quit", new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN), () -> {
            closedCleanly();
            stage.close();
        });
        Menu file = new Menu("File", null, open, openDefault, new SeparatorMenuItem(), save, saveAs, saveScenario, export,
                exportAnimation, new SeparatorMenuItem(), quit);

        // Plain-key shortcuts are handled by the scene's key filter (so they never fire while
        // typing in a field); the menu only shows them.
        Menu run = new Menu("Run", null,
                hinted("Play / Pause", "Space", this::togglePlay),
                hinted("Step one round", "→", this::stepRound),
                hinted("Step one action", "Shift+→", this::stepAction),
                hinted("Reset", "R", this::reset));
        manualItem.setOnAction(e -> {
            if (!syncing) setManual(manualItem.isSelected());
        });
        Menu time = new Menu("Time", null,
                hinted("Back one action", "←", this::stepBackAction),
                hinted("Back one round", "Shift+←", this::stepBackRound),
                hinted("Back to the previous topology change", "Page Up", this::backToTopologyChange),
                hinted("Forward one action", "Shift+→", this::forwardAction),
                hinted("Forward to the next topology change", "Page Down", this::forwardToTopologyChange),
                hinted("Jump to the start", "Home", this::jumpToStart),
                hinted("Jump to the end", "End", this::jumpToEnd),
                hinted("Go to round…", "G", this::goToRoundDialog));
        run.getItems().addAll(new SeparatorMenuItem(), manualItem, hinted("Manual mode on / off", "M", this::toggleManual));
        lectureItem.setAccelerator(new KeyCodeCombination(KeyCode.L, KeyCombination.SHORTCUT_DOWN));
        lectureItem.setOnAction(e -> {
            if (!syncing) setLecture(lectureItem.isSelected());
        });
        MenuItem clear = hinted("Clear highlight", "Esc", () -> highlight(List.of()));
        Menu view = new Menu("View", null, lectureItem, clear);
        MenuItem keys = item("Keyboard shortcuts", null, () -> Dialogs.info(stage, "Lockstep: keyboard", "Keyboard shortcuts", SHORTCUTS));
        MenuItem about = item("About Lockstep", null, () -> Dialogs.info(stage, "About Lockstep", "Lockstep",
                "A deterministic simulator and visualizer of mutual-exclusion protocols on time-varying graphs: LME "
                        + "(Daymude, Richa, Scheideler) and Ricart-Agrawala.\n\nEvery change you make is an adversary input, "
                        + "recorded, so a session replays exactly."));
        Menu help = new Menu("Help", null, keys, about);
        MenuItem showDiagram = item("Space-time diagram", null, () -> bottomTabs.getSelectionModel().select(spaceTimeTab));
        MenuItem showBreakpoints = item("Breakpoints", null, () -> sideTabs.getSelectionModel().select(breakpointsTab));
        view.getItems().addAll(new SeparatorMenuItem(), showDiagram, showBreakpoints);
        MenuBar bar = new MenuBar(file, run, time, view, help);
        bar.setId("menu-bar");
        return bar;
    }

    static final String SHORTCUTS = """
            Space          play / pause
            →              step one round
            Shift+→        step one action execution
            R              reset to round 0
            ←              back one action execution (time travel)
            Shift+←        back one round
            Page Up        back to the previous topology change
            Page Down      forward to the next topology change
            Home / End     jump to the start / the end of the branch
            G              go to a round (type its number)
            M              manual mode: you choose every execution
            Esc            clear the highlight
            Ctrl+O         open a scenario or session
            Ctrl+S         save the session
            Ctrl+Shift+S   save the scenario as
            Ctrl+E         export the trace
            Ctrl+Shift+E   export an animation (GIF, MP4, PNG) or a figure (SVG, TikZ)
            Ctrl+L         lecture mode
            Right click    a node's menu: Lock, Unlock""";

    private static MenuItem item(String text, KeyCombination key, Runnable action) {
        MenuItem m = new MenuItem(text);
        if (key != null) m.setAccelerator(key);
        m.setOnAction(e -> action.run());
        return m;
    }

    /** A menu item that shows a plain-key shortcut (handled by the key filter, not as an accelerator). */
    private static MenuItem hinted(String text, String key, Runnable action) {
        Label name = new Label(text);
        Label hint = new Label(key);
        hint.getStyleClass().add("shortcut-hint");
        Region gap = new Region();
        gap.setMinWidth(24);
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox box = new HBox(name, gap, hint);
        box.setPrefWidth(230);
        javafx.scene.control.CustomMenuItem m = new javafx.scene.control.CustomMenuItem(box, true);
        m.setOnAction(e -> action.run());
        return m;
    }

    private ToolBar toolBar() {
        play.setId("play");
        play.setGraphic(icon(PLAY));
        play.setOnAction(e -> {
            play.setSelected(!play.isSelected()); // the player sets it
            togglePlay();
        });
        tip(play, "Play / pause: run rounds at the chosen speed (Space)");
        step.setId("step");
        step.setGraphic(icon(STEP));
        step.setOnAction(e -> stepRound());
        tip(step, "Step one round (→)");
        stepAction.setId("step-action");
        stepAction.setGraphic(icon(STEP_ONE));
        stepAction.setOnAction(e -> stepAction());
        tip(stepAction, "Step one action execution (Shift+→)");
        reset.setId("reset");
        reset.setGraphic(icon(RESET));
        reset.setOnAction(e -> reset());
        tip(reset, "Back to round 0 with the same seed; discards the inputs (R)");

        speed.setId("speed");
        speed.setPrefWidth(110);
        speed.setFocusTraversable(false);
        speed.valueProperty().addListener((o, a, b) -> {
            speedLabel.setText(String.format(Locale.ROOT, rps() < 10 ? "%.1f r/s" : "%.0f r/s", rps()));
            if (graphView != null) graphView.setAnimationMillis(animationMillis());
        });
        speedLabel.setText(String.format(Locale.ROOT, "%.1f r/s", rps()));
        speedLabel.setMinWidth(Region.USE_PREF_SIZE);
        speedLabel.getStyleClass().add("speed-label");
        tip(speed, "Speed while playing, in rounds per second");

        roundLabel.setId("round");
        roundLabel.getStyleClass().add("round-label");
        roundLabel.setMinWidth(Region.USE_PREF_SIZE);
        roundProgress.setId("round-progress");
        roundProgress.getStyleClass().add("round-progress");
        roundProgress.setVisible(false);
        roundProgress.setManaged(false);

        seed.setId("seed");
        seed.setPrefColumnCount(6);
        seed.setFocusTraversable(false);
        seed.setOnAction(e -> {
            try {
                long v = Long.parseLong(seed.getText().trim());
                seed.getStyleClass().remove("invalid");
                root.requestFocus(); // back to the keyboard shortcuts
                changeSeed(v);
            } catch (NumberFormatException ex) {
                if (!seed.getStyleClass().contains("invalid")) seed.getStyleClass().add("invalid");
                say("The seed must be an integer.");
            }
        });
        seed.focusedProperty().addListener((o, was, is) -> {
            if (!is && session != null) syncControls();
        });
        tip(seed, "Seed of the run's random stream; Enter starts over with it");

        policy.setId("policy");
        policy.setFocusTraversable(false);
        policy.valueProperty().addListener((o, a, b) -> choosePolicy(b));
        tip(policy, "Scheduler policy (a recorded input: applies from the current round)");

        delta.setId("delta");
        delta.setValueFactory(new SpinnerValueFactory.IntegerSpinnerValueFactory(1, 63, 4));
        delta.setFocusTraversable(false);
        whenLetGo(delta, this::changeDelta);
        tip(delta, "Δ: ports per node (edits the scenario and starts over)");
        k.setId("k");
        k.setValueFactory(new SpinnerValueFactory.IntegerSpinnerValueFactory(2, 64, 8));
        k.setFocusTraversable(false);
        whenLetGo(k, this::changeK);

        workload.setId("workload");
        workload.selectedProperty().addListener((o, a, b) -> setWorkload(b));

        for (ToggleButton t : List.of(selectTool, edgeTool, cutTool)) {
            t.setToggleGroup(tools);
            t.getStyleClass().add("tool");
        }
        selectTool.setId("tool-select");
        edgeTool.setId("tool-edge");
        cutTool.setId("tool-cut");
        selectTool.setSelected(true);
        selectTool.setUserData(Tool.SELECT);
        edgeTool.setUserData(Tool.EDGE);
        cutTool.setUserData(Tool.CUT);
        tip(selectTool, "Click selects a node; drag moves it (on a unit disk, edges follow)");
        tip(edgeTool, "Drag from a node to another to link them");
        tip(cutTool, "Click an edge, or stroke across edges, to cut them");
        tools.selectedToggleProperty().addListener((o, a, b) -> {
            if (b == null) {
                a.setSelected(true); // one tool is always chosen
                return;
            }
            setTool((Tool) b.getUserData());
        });

        manualButton.setId("manual");
        manualButton.setOnAction(e -> setManual(manualButton.isSelected()));
        tip(manualButton, "Manual mode: you are the adversary — the run pauses and lists every enabled choice (M)");

        lectureButton.setId("lecture");
        lectureButton.setOnAction(e -> setLecture(lectureButton.isSelected()));
        tip(lectureButton, "Lecture mode: large fonts, thick lines, high contrast (Ctrl+L)");

        for (Control c : List.of(play, step, stepAction, reset, manualButton, workload, selectTool, edgeTool, cutTool, lectureButton)) {
            c.setFocusTraversable(false);
            c.setMinWidth(Region.USE_PREF_SIZE);
        }

        ToolBar bar = new ToolBar(play, step, stepAction, reset, sep(), label("Speed"), speed, speedLabel, sep(), roundBox(),
                spacer(), label("Tool"), selectTool, edgeTool, cutTool, sep(), lectureButton);
        bar.setId("toolbar");
        return bar;
    }

    /**
     * Acts on a spinner's new value once its arrow is let go. The change may ask first, in a
     * modal dialog; shown while the arrow was held, the dialog swallowed the release, the
     * spinner kept repeating and stacked one question per step (the monkey test found 13).
     */
    private void whenLetGo(Spinner<Integer> s, java.util.function.IntConsumer act) {
        PauseTransition poll = new PauseTransition(Duration.millis(50));
        poll.setOnFinished(e -> {
            if (s.isPressed()) poll.playFromStart();
            else if (s.getValue() != null) act.accept(s.getValue());
        });
        s.valueProperty().addListener((o, a, b) -> {
            if (b == null || syncing) return;
            if (s.isPressed()) poll.playFromStart();
            else act.accept(b);
        });
    }

    /** The second row: what is being run, and the settings that start a new run or are inputs. */
    private ToolBar settingsBar() {
        scenarioLabel.setId("scenario-name");
        scenarioLabel.getStyleClass().add("scenario-name");
        scenarioLabel.setMinWidth(0);
        HBox.setHgrow(scenarioLabel, Priority.SOMETIMES);
        // manual mode is a scheduling policy (the person's), so it sits beside the scheduler; the
        // toolbar above must keep its last button in view at lecture sizes
        ToolBar bar = new ToolBar(scenarioLabel, spacer(), label("Seed"), seed, label("Scheduler"), policy, manualButton,
                label("Δ"), delta, label("K"), k, workload);
        bar.setId("settings-bar");
        return bar;
    }

    private static Label label(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("tool-label");
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private static javafx.scene.control.Separator sep() {
        return new javafx.scene.control.Separator(Orientation.VERTICAL);
    }

    private static Region spacer() {
        Region r = new Region();
        HBox.setHgrow(r, Priority.ALWAYS);
        r.setMinWidth(8);
        return r;
    }

    private static void tip(Control c, String text) {
        Tooltip t = new Tooltip(text);
        t.setShowDelay(Duration.millis(400));
        c.setTooltip(t);
    }

    private HBox statusBar() {
        stats.setId("stats");
        message.setId("status-message");
        message.getStyleClass().add("status-message");
        messageTimeout.setOnFinished(e -> message.setText(""));
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox bar = new HBox(12, stats, gap, message);
        bar.setId("status-bar");
        bar.getStyleClass().add("status-bar");
        bar.setAlignment(Pos.CENTER_LEFT);
        stats.setMinWidth(0);
        message.setMinWidth(0);
        return bar;
    }

    // ================================================================== keyboard

    private void keyPressed(KeyEvent e) {
        if (e.isControlDown() || e.isAltDown() || e.isMetaDown() || e.isShortcutDown()) return;
        Node focus = stage.getScene() == null ? null : stage.getScene().getFocusOwner();
        if (focus instanceof TextInputControl) {
            // typing (the seed): Escape gives the keys back to the shortcuts
            if (e.getCode() == KeyCode.ESCAPE) {
                root.requestFocus();
                syncControls();
                e.consume();
            }
            return;
        }
        Runnable action = switch (e.getCode()) {
            case SPACE -> e.isShiftDown() ? null : this::togglePlay;
            case RIGHT -> e.isShiftDown() ? this::stepAction : this::stepRound;
            case LEFT -> e.isShiftDown() ? this::stepBackRound : this::stepBackAction;
            case HOME -> this::jumpToStart;
            case END -> this::jumpToEnd;
            case PAGE_UP -> this::backToTopologyChange;
            case PAGE_DOWN -> this::forwardToTopologyChange;
            case G -> e.isShiftDown() ? null : this::goToRoundDialog;
            case M -> e.isShiftDown() ? null : this::toggleManual;
            case R -> e.isShiftDown() ? null : this::reset;
            case ESCAPE -> () -> highlight(List.of());
            default -> null;
        };
        if (action == null) return;
        e.consume();
        action.run();
    }

    /** For tests and the screenshot hook: the panels. */
    InspectorPanel inspector() {
        return inspector;
    }

    NarrationPanel narration() {
        return narration;
    }

    PseudocodePanel pseudocode() {
        return pseudocode;
    }

    ChecksPanel checks() {
        return checks;
    }

    Legend legend() {
        return legend;
    }

    /** Shows a panel by name (space-time, narration, choices, breakpoints, checks, pseudocode, legend). */
    public boolean showPanel(String name) {
        switch (name) {
            case "space-time" -> bottomTabs.getSelectionModel().select(spaceTimeTab);
            case "narration" -> bottomTabs.getSelectionModel().select(narrationTab);
            case "choices" -> sideTabs.getSelectionModel().select(choicesTab);
            case "breakpoints" -> sideTabs.getSelectionModel().select(breakpointsTab);
            case "checks" -> sideTabs.getSelectionModel().select(checksTab);
            case "pseudocode" -> sideTabs.getSelectionModel().select(pseudocodeTab);
            case "legend" -> sideTabs.getSelectionModel().select(legendTab);
            default -> {
                return false;
            }
        }
        return true;
    }

    /** The share of the left column's height the graph (with the timeline) keeps above the bottom panel. */
    public void setGraphShare(double share) {
        leftSplit.setDividerPositions(Math.max(0.2, Math.min(0.9, share)));
    }

    TimelineBar timeline() {
        return timeline;
    }

    /** The choices menu shown at a node or a message in manual mode, or null. */
    ContextMenu choicesMenu() {
        return nodeMenu != null && "choices-menu".equals(nodeMenu.getId()) ? nodeMenu : null;
    }

    String checksTabText() {
        return checksTab.getText();
    }

    SpaceTimeDiagram spaceTime() {
        return spaceTime;
    }

    ChoicesPanel choices() {
        return choices;
    }

    BreakpointsPanel breakpoints() {
        return breakpoints;
    }

    TabPane sideTabs() {
        return sideTabs;
    }

    TabPane bottomTabs() {
        return bottomTabs;
    }

    Label pastBanner() {
        return pastBanner;
    }

    String roundText() {
        return roundLabel.getText() + (roundProgress.isVisible() ? " (" + roundProgress.getText() + ")" : "");
    }

    private VBox roundBox() {
        VBox box = new VBox(-3, roundLabel, roundProgress);
        box.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        box.setMinWidth(Region.USE_PREF_SIZE);
        return box;
    }

    String statsText() {
        return stats.getText();
    }

}
