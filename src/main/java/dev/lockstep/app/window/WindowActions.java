package dev.lockstep.app.window;

import dev.lockstep.app.window.panel.TimelineBar;
import dev.lockstep.workspace.Autosave;

/**
 * The window's parts, built around one shared {@link WindowState}: everything the person can do,
 * as the menus, the toolbars, the keys and the panels reach it.
 */
public record WindowActions(WindowState state, Panels panels, Controls controls, StatusBar status, SessionDisplay display,
                            Failures failures,
                            Selection selection, Stepping stepping, TimeTravel travel, Inputs inputs, ManualMode manual,
                            ScenarioEdits edits, SessionLifecycle lifecycle, FileActions files, RestoreOffer restore,
                            GraphMenus graphMenus, Player player, ViewMode view, Autosaving autosaving) {

    /** Builds the parts; {@code diagram} is the space-time diagram shown in the panels. */
    public static WindowActions create(WindowState state, Panels panels, Controls controls, StatusBar status,
                                       DiagramView diagram, Autosave autosave) {
        SessionDisplay display = new SessionDisplay(state, panels, controls, status, diagram);
        Failures failures = new Failures(state, display);
        Selection selection = new Selection(state, panels, display);
        Autosaving autosaving = new Autosaving(autosave, state, status);
        BreakpointStops stops = new BreakpointStops(state, panels, selection, status);
        TimeTravel travel = new TimeTravel(state, panels, display, failures, stops, status);
        Stepping stepping = new Stepping(state, panels, controls, display, failures, selection, stops, travel, autosaving, status);
        Player player = new Player(state, controls, panels, stepping, failures, autosaving, status);
        state.setPlayback(player);
        Inputs inputs = new Inputs(state, failures, stepping, autosaving);
        ManualMode manual = new ManualMode(state, panels, display, failures, inputs, stepping, autosaving, status);
        SessionLifecycle lifecycle = new SessionLifecycle(state, panels, controls, diagram, display, failures, stepping, travel,
                stops, manual, autosaving, status);
        ScenarioEdits edits = new ScenarioEdits(state, lifecycle, display, failures, status);
        FileActions files = new FileActions(state, lifecycle, display, failures, status);
        RestoreOffer restore = new RestoreOffer(state, lifecycle, autosaving, status);
        GraphMenus graphMenus = new GraphMenus(state, panels, selection, inputs, manual, edits, status);
        state.setGestures(new GraphGestures(state, panels, selection, inputs, graphMenus));
        ViewMode view = new ViewMode(state, controls, diagram);
        return new WindowActions(state, panels, controls, status, display, failures, selection, stepping, travel, inputs, manual, edits,
                lifecycle, files, restore, graphMenus, player, view, autosaving);
    }

    /** What the panels' own buttons and clicks do. */
    public void wirePanels() {
        panels.timeline.setActions(new TimelineBar.Actions() {
            @Override public void jumpToStep(long step) { travel.jumpToStep(step); }

            @Override public void backAction() { travel.stepBackAction(); }

            @Override public void backRound() { travel.stepBackRound(); }

            @Override public void backTopology() { travel.backToTopologyChange(); }

            @Override public void forward() { stepping.forwardAction(); }

            @Override public void toEnd() { travel.jumpToEnd(); }

            @Override public void switchBranch(int id) { travel.switchBranch(id); }
        });
        panels.inspector.onChoose(selection::select);
        panels.inspector.onCall(inputs::call);
        panels.checks.onSelect(v -> {
            selection.highlight(v.nodes());
            if (!v.nodes().isEmpty()) selection.select(v.nodes().get(0));
        });
        panels.choices.onExecute(manual::execute);
        panels.choices.onEndRound(stepping::stepRound);
        panels.choices.onProblem(status::say);
    }
}
