package dev.lockstep.app;

import dev.lockstep.app.graph.GraphView;
import dev.lockstep.app.graph.GraphViewListener;
import dev.lockstep.app.window.DiagramView;
import dev.lockstep.app.window.FileActions;
import dev.lockstep.app.window.Keyboard;
import dev.lockstep.app.window.MemoryWatch;
import dev.lockstep.app.window.Panels;
import dev.lockstep.app.window.TimeTravel;
import dev.lockstep.app.window.Toolbars;
import dev.lockstep.app.window.WindowActions;
import dev.lockstep.app.window.WindowMenus;
import dev.lockstep.app.window.WindowState;
import dev.lockstep.app.window.panel.BreakpointsPanel;
import dev.lockstep.app.window.panel.ChecksPanel;
import dev.lockstep.app.window.panel.ChoicesPanel;
import dev.lockstep.app.window.panel.InspectorPanel;
import dev.lockstep.app.window.panel.LegendPanel;
import dev.lockstep.app.window.panel.NarrationPanel;
import dev.lockstep.app.window.panel.PseudocodePanel;
import dev.lockstep.app.window.panel.SessionLoading;
import dev.lockstep.app.window.panel.Stylesheet;
import dev.lockstep.app.window.panel.TimelineBar;
import dev.lockstep.core.Call;
import dev.lockstep.core.Choice;
import dev.lockstep.core.Simulation;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.session.Session;
import dev.lockstep.workspace.Autosave;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * The main window: the graph view in the centre, the run controls above, the inspector,
 * pseudocode and checks on the right, the narration below the graph, a status bar.
 *
 * <p>It never changes the simulation itself: every person's action is a {@link Session} input
 * (recorded, replayable) or a step of the session; opening, resetting and editing Δ, K or the seed
 * start a new session. The parts that do each of these live in {@code app.window}, around one
 * shared {@link WindowState}; this class assembles them with the space-time diagram and is the
 * window's face to the application and the tests.
 */
public final class MainWindow {
    /** A session file replayed to a later round than this is opened in the background. */
    static final int BACKGROUND_ROUNDS = FileActions.BACKGROUND_ROUNDS;
    /** How far past the branch's end G may run on in one go (it runs on the window's thread). */
    static final int GO_AHEAD_LIMIT = TimeTravel.GO_AHEAD_LIMIT;

    private final WindowState state;
    private final SpaceTimeDiagram spaceTime = new SpaceTimeDiagram();
    private final Panels panels = new Panels(spaceTime);
    private final WindowActions a;
    private final Keyboard keyboard;

    public MainWindow(Stage stage, Path home) {
        state = new WindowState(stage);
        a = WindowActions.create(state, panels, new dev.lockstep.app.window.Controls(), new dev.lockstep.app.window.StatusBar(),
                diagramView(spaceTime), new Autosave(home));
        keyboard = new Keyboard(a);
        BorderPane root = state.root();
        root.setId("lockstep-root");
        root.getStyleClass().add("lockstep");
        Toolbars bars = new Toolbars(a);
        root.setTop(new VBox(WindowMenus.menuBar(a), bars.toolBar(), bars.settingsBar()));
        a.wirePanels();
        spaceTime.onJump(a.travel()::jumpToStep);
        root.setCenter(panels.layout());
        root.setBottom(a.status().node());
    }

    /** The diagram as the window's parts drive it. */
    private static DiagramView diagramView(SpaceTimeDiagram d) {
        return new DiagramView() {
            @Override public void setSimulation(Simulation sim) { d.setSimulation(sim); }

            @Override public void update(Session session, int momentCount) { d.update(session, momentCount); }

            @Override public void setLecture(boolean on) { d.setLecture(on); }
        };
    }

    /** The window's scene content. */
    public Parent root() {
        return state.root();
    }

    /** Puts the window's scene on the stage, with the stylesheet and the keyboard shortcuts. */
    public Scene install(double width, double height) {
        Stage stage = state.stage();
        // never larger than the screen (a projector may be 1280×800 or less)
        var screen = Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(state.root(), Math.min(width, screen.getWidth()), Math.min(height, screen.getHeight()));
        scene.getStylesheets().add(Stylesheet.url());
        scene.addEventFilter(KeyEvent.KEY_PRESSED, keyboard::keyPressed);
        stage.setScene(scene);
        stage.sizeToScene();
        Platform.runLater(this::keepOnScreen);
        stage.setMinWidth(Math.min(900, screen.getWidth()));
        stage.setMinHeight(Math.min(600, screen.getHeight()));
        return scene;
    }

    /** Moves the window so all of it is on the screen (after a resize, a window may stick out). */
    private void keepOnScreen() {
        Stage stage = state.stage();
        var screen = Screen.getPrimary().getVisualBounds();
        if (stage.getX() + stage.getWidth() > screen.getMaxX()) stage.setX(Math.max(screen.getMinX(), screen.getMaxX() - stage.getWidth()));
        if (stage.getY() + stage.getHeight() > screen.getMaxY()) stage.setY(Math.max(screen.getMinY(), screen.getMaxY() - stage.getHeight()));
        if (stage.getX() < screen.getMinX()) stage.setX(screen.getMinX());
        if (stage.getY() < screen.getMinY()) stage.setY(screen.getMinY());
    }

    // ================================================================== the session and its runs

    /** Shows a session (new, opened, restored or reset), replacing the current one. */
    public void show(Session s, Path file) { a.lifecycle().show(s, file); }

    public Session session() { return state.session(); }

    public GraphView graphView() { return state.graphView(); }

    Stage stage() { return state.stage(); }

    Autosave autosave() { return a.autosaving().autosave(); }

    /** Unexpected exceptions caught so far (each was shown in a dialog). */
    public List<Throwable> errors() { return state.errors(); }

    public void stepRound() { a.stepping().stepRound(); }

    public void stepAction() { a.stepping().stepAction(); }

    /** Runs {@code n} rounds without animation (stops early at a violation). */
    public void runRounds(int n) { a.stepping().runRounds(n); }

    public void reset() { a.lifecycle().reset(); }

    public void togglePlay() { a.player().toggle(); }

    public boolean playing() { return a.player().playing(); }

    /** Playing watches memory through {@code watch} (tests). */
    public void watchMemory(MemoryWatch watch) { a.player().watchMemory(watch); }

    // ================================================================== time travel

    public void jumpToStep(long step) { a.travel().jumpToStep(step); }

    public void stepBackAction() { a.travel().stepBackAction(); }

    public void stepBackRound() { a.travel().stepBackRound(); }

    public void backToTopologyChange() { a.travel().backToTopologyChange(); }

    public void forwardToTopologyChange() { a.travel().forwardToTopologyChange(); }

    public void goToRound(int r) { a.travel().goToRound(r); }

    public void goToRoundDialog() { a.travel().goToRoundDialog(); }

    public void forwardAction() { a.stepping().forwardAction(); }

    public void jumpToEnd() { a.travel().jumpToEnd(); }

    public void jumpToStart() { a.travel().jumpToStart(); }

    public void switchBranch(int id) { a.travel().switchBranch(id); }

    // ================================================================== inputs and manual mode

    public void setManual(boolean on) { a.manual().setManual(on); }

    public void toggleManual() { a.manual().toggleManual(); }

    public boolean manual() { return state.session().manual(); }

    public void execute(Choice c) { a.manual().execute(c); }

    public void linkOnPorts(int u, int v, int pu, int pv) { a.inputs().linkOnPorts(u, v, pu, pv); }

    public void call(int u, Call c) { a.inputs().call(u, c); }

    public void link(int u, int v) { a.inputs().link(u, v); }

    public void cut(int u, int v) { a.inputs().cut(u, v); }

    public void move(int u, double x, double y, boolean finished) { a.inputs().move(u, x, y, finished); }

    // ================================================================== scenario edits

    public void changeDelta(int d) { a.edits().changeDelta(d); }

    public void changeK(int value) { a.edits().changeK(value); }

    public void changeSeed(long value) { a.edits().changeSeed(value); }

    public void changeProtocol(String name) { a.edits().changeProtocol(name); }

    public void addNode(double x, double y) { a.edits().addNode(x, y); }

    public void deleteNode(int u) { a.edits().deleteNode(u); }

    // ================================================================== files and autosave

    public boolean open(Path file) { return a.files().open(file); }

    /** Opens a file, then {@code after} (true: it is on screen); a large one loads in the background meanwhile. */
    public boolean open(Path file, java.util.function.Consumer<Boolean> after) { return a.files().open(file, after); }

    /** The opening of a large file under way (null when none): its progress dialog, for tests and the bench. */
    public SessionLoading opening() { return a.files().opening(); }

    /** Opens a scenario file with its own seed, as the Experiments window's Open run does (a large one in the background). */
    public void openRun(Path file, long seed) { a.files().openRun(file, seed); }

    public void openDefault() { a.files().openDefault(); }

    public void saveSessionTo(Path file) throws IOException { a.files().saveSessionTo(file); }

    public void saveScenarioTo(Path file) throws IOException, ScenarioException { a.files().saveScenarioTo(file); }

    public void exportTraceTo(Path file) throws IOException { a.files().exportTraceTo(file); }

    /** While held, the autosave is neither written nor deleted (it may be the previous run's). */
    public void holdAutosave(boolean hold) { a.autosaving().hold(hold); }

    /** On a clean exit: the autosave is not needed any more. */
    public void closedCleanly() { a.autosaving().closedCleanly(); }

    public void offerRestore() { a.restore().offer(); }

    /** The load of the autosave under way (null when none): its progress dialog, for tests. */
    SessionLoading restoring() { return a.restore().restoring(); }

    // ================================================================== selection, highlight, lecture, messages

    public void select(int u) { a.selection().select(u); }

    public int selected() { return state.selected(); }

    public void highlight(List<Integer> nodes) { a.selection().highlight(nodes); }

    public Set<Integer> highlighted() { return state.highlighted(); }

    public void setLecture(boolean on) { a.view().setLecture(on); }

    public boolean lecture() { return state.lecture(); }

    /** Shows a message in the status bar for a few seconds. */
    public void say(String text) { a.status().say(text); }

    public String statusMessage() { return a.status().message(); }

    void failed(String what, Throwable e) { a.failures().failed(what, e); }

    // ================================================================== the graph's gestures and menus

    /** The listener the graph view reports gestures to. */
    public GraphViewListener gestures() { return state.gestures(); }

    public ContextMenu showNodeMenu(int u, double screenX, double screenY) { return a.graphMenus().showNodeMenu(u, screenX, screenY); }

    public ContextMenu showChoicesMenu(int u, double screenX, double screenY) {
        return a.graphMenus().showChoicesMenu(u, screenX, screenY);
    }

    public ContextMenu showBackgroundMenu(double x, double y, double screenX, double screenY) {
        return a.graphMenus().showBackgroundMenu(x, y, screenX, screenY);
    }

    /** The choices menu shown at a node or a message in manual mode, or null. */
    ContextMenu choicesMenu() { return a.graphMenus().choicesMenu(); }

    // ================================================================== panels (for tests and the screenshot hook)

    /** Shows a panel by name (space-time, narration, choices, breakpoints, checks, pseudocode, legend). */
    public boolean showPanel(String name) { return panels.show(name); }

    /** The share of the left column's height the graph (with the timeline) keeps above the bottom panel. */
    public void setGraphShare(double share) { panels.setGraphShare(share); }

    InspectorPanel inspector() { return panels.inspector(); }

    NarrationPanel narration() { return panels.narration(); }

    PseudocodePanel pseudocode() { return panels.pseudocode(); }

    ChecksPanel checks() { return panels.checks(); }

    LegendPanel legend() { return panels.legend(); }

    TimelineBar timeline() { return panels.timeline(); }

    String checksTabText() { return panels.checksTabText(); }

    SpaceTimeDiagram spaceTime() { return spaceTime; }

    ChoicesPanel choices() { return panels.choices(); }

    BreakpointsPanel breakpoints() { return panels.breakpoints(); }

    TabPane sideTabs() { return panels.sideTabs(); }

    TabPane bottomTabs() { return panels.bottomTabs(); }

    Label pastBanner() { return panels.pastBanner(); }

    String roundText() { return a.controls().roundText(); }

    String statsText() { return a.status().statsText(); }
}
