package dev.lockstep.app.window;

import dev.lockstep.app.graph.GraphView;
import dev.lockstep.core.Simulation;
import dev.lockstep.session.Session;
import dev.lockstep.watch.Watcher;
import java.nio.file.Path;
import javafx.scene.control.ScrollPane;

/** Puts a session on screen (new, opened, restored, reset or edited), replacing the one shown. */
public final class SessionLifecycle {
    static final String TITLE = "Lockstep";

    private final WindowState state;
    private final Panels panels;
    private final Controls controls;
    private final DiagramView diagram;
    private final SessionDisplay display;
    private final Failures failures;
    private final Stepping stepping;
    private final TimeTravel travel;
    private final BreakpointStops stops;
    private final ManualMode manual;
    private final Autosaving autosaving;
    private final StatusBar status;

    SessionLifecycle(WindowState state, Panels panels, Controls controls, DiagramView diagram, SessionDisplay display,
                     Failures failures, Stepping stepping, TimeTravel travel, BreakpointStops stops, ManualMode manual,
                     Autosaving autosaving, StatusBar status) {
        this.state = state;
        this.panels = panels;
        this.controls = controls;
        this.diagram = diagram;
        this.display = display;
        this.failures = failures;
        this.stepping = stepping;
        this.travel = travel;
        this.stops = stops;
        this.manual = manual;
        this.autosaving = autosaving;
        this.status = status;
    }

    /** Shows a session, replacing the current one ({@code file}: where it came from, or null). */
    public void show(Session s, Path file) {
        state.pause();
        if (state.watcher != null) state.watcher.detach();
        state.hideGraphMenu();
        GraphView old = state.graphView;
        state.session = s;
        state.sessionFile = file;
        Simulation sim = s.simulation();
        state.watcher = new Watcher(sim);
        GraphView view = new GraphView(sim);
        state.graphView = view;
        view.setListener(state.gestures);
        view.setLectureMode(state.lecture);
        view.setTool(state.tool);
        view.setAnimationMillis(controls.animationMillis());
        panels.graphHolder.getChildren().setAll(view.node(), panels.pastBanner);
        // the replaced view's frame timer and GraphStream viewer would otherwise keep running
        if (old != null) old.dispose();
        panels.legend.setProtocol(sim.protocol(), sim.application());
        view.onMarksShown(panels.legend::setMarks);
        ScrollPane full = new ScrollPane(view.legend());
        full.setFitToWidth(true);
        panels.legendTab.setContent(full);
        panels.inspector.setSimulation(sim);
        panels.narration.reset(sim);
        panels.pseudocode.setProtocol(sim.protocol().name(), sim.protocol().presentation().pseudocode());
        panels.checks.setSimulation(sim);
        panels.choices.setSimulation(sim);
        panels.breakpoints.setSession(sim, s.history());
        diagram.setSimulation(sim);
        state.marks.reset();
        s.onTravel(() -> {
            if (state.session == s) travel.afterTravel();
        });
        manual.reset();
        stops.reset();
        state.highlighted.clear();
        state.selected = -1;
        display.syncControls();
        stepping.afterStep(false);
        state.stage.setTitle(TITLE + " — " + s.scenario().name() + (file != null ? "  [" + file.getFileName() + "]" : ""));
        autosaving.save();
    }

    /** Back to round 0 with the same scenario and seed (the inputs are discarded). */
    public void reset() {
        failures.guarded("Reset", () -> {
            show(Session.start(state.session.scenario(), state.session.seed()), state.sessionFile);
            status.say("Reset to round 0 (seed " + state.session.seed() + ").");
        });
    }

    /** Shows that the session was saved to {@code file} (the title names it; Save writes there again). */
    void savedTo(Path file) {
        state.sessionFile = file;
        state.stage.setTitle(TITLE + " — " + state.session.scenario().name() + "  [" + file.getFileName() + "]");
    }
}
