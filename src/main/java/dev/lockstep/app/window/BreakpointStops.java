package dev.lockstep.app.window;

import dev.lockstep.app.window.panel.BreakpointsPanel;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import dev.lockstep.watch.NarrationEntry;
import dev.lockstep.watch.SessionMoment;
import java.util.List;
import java.util.Optional;

/**
 * Where the breakpoints were last looked at, and what happens at a hit: the run pauses, the
 * event's nodes are highlighted and its narration line is pointed at.
 */
final class BreakpointStops {
    private final WindowState state;
    private final Panels panels;
    private final Selection selection;
    private final StatusBar status;
    /** Events of the branch's history already looked at by the breakpoints. */
    private int checkedMoment;
    /** Where the breakpoints were last looked at (a quiet step forward is tested as a Tick). */
    private Session.Position checkedPosition;

    BreakpointStops(WindowState state, Panels panels, Selection selection, StatusBar status) {
        this.state = state;
        this.panels = panels;
        this.selection = selection;
        this.status = status;
    }

    /** A new session: nothing looked at yet. */
    void reset() {
        lookedAt(0, null);
    }

    /** After a jump: the events up to the moment shown count as looked at. */
    void lookedAt(int moment, Session.Position at) {
        checkedMoment = moment;
        checkedPosition = at;
    }

    /** Looks at the events since the last look; on a breakpoint's hit, pauses and shows where. */
    boolean check() {
        var hit = hitSinceLastLook();
        if (hit.isEmpty()) return false;
        stop(hit.get());
        return true;
    }

    Optional<BreakpointsPanel.Hit> hitSinceLastLook() {
        Session session = state.session;
        int now = state.moment.count(session);
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
            fresh = List.of(new History.Tick(state.sim().executionsBegun(), session.round(), "round " + session.round()));
        } else {
            return Optional.empty();
        }
        checkedMoment = now;
        return panels.breakpoints.firstHit(fresh, state.sim());
    }

    void stop(BreakpointsPanel.Hit hit) {
        state.pause();
        History.Event e = hit.event();
        List<Integer> nodes = SessionMoment.nodesOf(e);
        selection.highlight(nodes);
        if (!nodes.isEmpty()) selection.select(nodes.get(0));
        NarrationEntry told = SessionMoment.entry(state.sim(), e);
        if (told == null || !panels.narration.selectLastWith(told.text())) panels.narration.selectLast();
        if (!state.session.manual()) panels.showSide(panels.breakpointsTab);
        status.say("Breakpoint \u201c" + hit.entry().text + "\u201d hit in round " + e.round() + ", step " + e.step() + " — paused."
                + (told != null ? " " + told.text() : ""));
    }
}
