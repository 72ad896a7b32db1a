package dev.lockstep.app.window;

import dev.lockstep.app.graph.GraphView;
import dev.lockstep.app.graph.GraphViewListener;
import dev.lockstep.app.graph.Tool;
import dev.lockstep.core.Simulation;
import dev.lockstep.session.Session;
import dev.lockstep.watch.SessionMoment;
import dev.lockstep.watch.TimelineMarks;
import dev.lockstep.watch.Watcher;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javafx.scene.control.ContextMenu;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

/**
 * What the window's parts share: the session on screen and its graph view, what the person has
 * selected and highlighted, and the view's modes. The parts never call the window; they read and
 * change this.
 */
public final class WindowState {
    final Stage stage;
    final BorderPane root = new BorderPane();
    Session session;
    GraphView graphView;
    Watcher watcher;
    /** The session file the session came from or was saved to (null: none yet). */
    Path sessionFile;
    Path lastDirectory;
    int selected = -1;
    final Set<Integer> highlighted = new LinkedHashSet<>();
    /** True while the controls are set from the session: their listeners must not act on it. */
    boolean syncing;
    boolean lecture;
    Tool tool = Tool.SELECT;
    /** The context menu shown on the graph (one at a time), or null. */
    ContextMenu graphMenu;
    final SessionMoment moment = new SessionMoment();
    final TimelineMarks marks = new TimelineMarks();
    final List<Throwable> errors = new ArrayList<>();
    /** Set once the player exists; every action that changes the moment pauses it first. */
    Playback playback;
    /** What a new session's graph view reports its gestures to. */
    GraphViewListener gestures;

    public WindowState(Stage stage) {
        this.stage = stage;
    }

    void setPlayback(Playback p) {
        playback = p;
    }

    public GraphViewListener gestures() {
        return gestures;
    }

    void setGestures(GraphViewListener g) {
        gestures = g;
    }

    public Stage stage() {
        return stage;
    }

    public BorderPane root() {
        return root;
    }

    public Session session() {
        return session;
    }

    public GraphView graphView() {
        return graphView;
    }

    public int selected() {
        return selected;
    }

    public Set<Integer> highlighted() {
        return Set.copyOf(highlighted);
    }

    public boolean lecture() {
        return lecture;
    }

    /** Unexpected exceptions caught so far (each was shown in a dialog). */
    public List<Throwable> errors() {
        return List.copyOf(errors);
    }

    Simulation sim() {
        return session.simulation();
    }

    String name(int u) {
        return session.simulation().nodeName(u);
    }

    void pause() {
        playback.pause();
    }

    void hideGraphMenu() {
        if (graphMenu != null) graphMenu.hide();
    }
}
