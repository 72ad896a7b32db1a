package dev.lockstep.app.window;

import dev.lockstep.app.window.panel.NarrationPanel;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import dev.lockstep.watch.SessionMoment;
import java.util.List;
import javafx.scene.control.TextInputDialog;

/** Moving along the session's branches: back and forward by action, round or topology change, jumps, branch switches. */
public final class TimeTravel {
    /** How far past the branch's end G may run on in one go (it runs on the window's thread). */
    public static final int GO_AHEAD_LIMIT = 5_000;

    private final WindowState state;
    private final Panels panels;
    private final SessionDisplay display;
    private final Failures failures;
    private final BreakpointStops stops;
    private final StatusBar status;

    TimeTravel(WindowState state, Panels panels, SessionDisplay display, Failures failures, BreakpointStops stops, StatusBar status) {
        this.state = state;
        this.panels = panels;
        this.display = display;
        this.failures = failures;
        this.stops = stops;
        this.status = status;
    }

    /**
     * After a jump, a branch switch or a fork: everything shows that moment — the graph (no
     * animation), the inspector, the narration up to then (from the branch's history), the checks
     * (the simulation's violations are restored with it), the timeline and the diagram.
     */
    void afterTravel() {
        Session session = state.session;
        List<History.Event> now = state.moment.events(session);
        state.watcher.resync(now);
        state.graphView.setAnimationMillis(0);
        state.graphView.update(false);
        panels.narration.setAll(SessionMoment.narration(state.sim(), now, NarrationPanel.CAPACITY));
        stops.lookedAt(now.size(), session.position());
        display.refresh();
        display.syncControls();
    }

    /** Jumps to the moment right after the {@code step}-th execution of this branch (0: the start). */
    public void jumpToStep(long step) {
        state.pause();
        Session session = state.session;
        failures.guarded("Jump", () -> session.jumpToStep(Math.max(0, Math.min(step, session.furthestStep()))));
    }

    /** One action execution back. */
    public void stepBackAction() {
        state.pause();
        // right after the previous execution: at the start of a round the session's own step back
        // would only undo the round's start, and ← must always undo one execution
        failures.guarded("Back one action", () -> state.session.jumpToStep(Math.max(0, state.sim().executionsBegun() - 1)));
    }

    /** Back to the start of this round (of the previous one if at a start). */
    public void stepBackRound() {
        state.pause();
        failures.guarded("Back one round", state.session::stepBackRound);
    }

    /** Back to the previous topology change, right after it. */
    public void backToTopologyChange() {
        state.pause();
        failures.guarded("Back to the previous topology change", () -> {
            if (!state.session.backToTopologyChange()) status.say("No topology change before this moment.");
        });
    }

    /** Forward to the next topology change of this branch's known future, right after it. */
    public void forwardToTopologyChange() {
        state.pause();
        failures.guarded("Forward to the next topology change", () -> {
            Session session = state.session;
            Session.Position p = session.position();
            for (int r : session.topologyRounds()) {
                if (r > p.round() && r <= session.furthest().round()) {
                    session.jumpTo(new Session.Position(r, 0));
                    return;
                }
            }
            status.say("No topology change after this moment on this branch.");
        });
    }

    /** Goes to the start of round r (its start-of-round changes done): back in time, or forward, running on. */
    public void goToRound(int r) {
        state.pause();
        int end = state.session.furthest().round();
        if (r > end + GO_AHEAD_LIMIT) {
            // running on happens on the window's thread: a huge number would freeze the window
            status.say("Go to round " + r + ": at most " + GO_AHEAD_LIMIT + " rounds beyond the end of this branch (round " + end
                    + ") at a time; use Play, or `run --until \"round >= " + r + "\"` on the command line.");
            return;
        }
        failures.guarded("Go to round " + r, () -> state.session.jumpTo(new Session.Position(Math.max(0, r), 0)));
    }

    /** Asks for a round number (G) and goes there. */
    public void goToRoundDialog() {
        TextInputDialog d = new TextInputDialog(Integer.toString(state.session.round()));
        d.initOwner(state.stage);
        d.setTitle("Lockstep: go to round");
        d.setHeaderText("Go to round (0 to " + state.session.furthest().round() + " on this branch; beyond runs on)");
        d.getEditor().setId("go-to-round");
        d.showAndWait().ifPresent(text -> {
            try {
                goToRound(Integer.parseInt(text.trim()));
            } catch (NumberFormatException ex) {
                status.say("Not a round number: \u201c" + text.trim() + "\u201d.");
            }
        });
    }

    /** Forward one action in the past, along the branch's known future. */
    void forwardInPast() {
        state.pause();
        failures.guarded("Forward", () -> {
            Session session = state.session;
            long st = state.sim().executionsBegun();
            if (st < session.furthestStep()) session.jumpToStep(st + 1);
            else session.jumpTo(session.furthest());
        });
    }

    /** To the end of this branch. */
    public void jumpToEnd() {
        state.pause();
        failures.guarded("Jump to the end", () -> state.session.jumpTo(state.session.furthest()));
    }

    /** To round 0, before anything happened. */
    public void jumpToStart() {
        state.pause();
        failures.guarded("Jump to the start", () -> state.session.jumpTo(Session.Position.START));
    }

    /** Returns to another branch, at its end. */
    public void switchBranch(int id) {
        state.pause();
        failures.guarded("Switch branch", () -> {
            state.session.switchTo(id);
            for (Session.Branch b : state.session.branches()) {
                if (b.current()) status.say("On " + b.name() + ", round " + b.furthest().round() + ".");
            }
        });
    }
}
