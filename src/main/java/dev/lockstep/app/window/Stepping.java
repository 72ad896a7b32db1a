package dev.lockstep.app.window;

import dev.lockstep.core.adversary.ScheduleException;
import dev.lockstep.core.Violation;
import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Running the session forward (a round, an action, n rounds) and showing what each step did: the
 * graph's animation, the narration, refusals, violations and breakpoints' hits.
 */
public final class Stepping {
    /** Rounds a single "step action" may skip looking for something to execute. */
    static final int STEP_ACTION_ROUNDS = 100;

    private final WindowState state;
    private final Panels panels;
    private final Controls controls;
    private final SessionDisplay display;
    private final Failures failures;
    private final Selection selection;
    private final BreakpointStops stops;
    private final TimeTravel travel;
    private final Autosaving autosaving;
    private final StatusBar status;

    Stepping(WindowState state, Panels panels, Controls controls, SessionDisplay display, Failures failures, Selection selection,
             BreakpointStops stops, TimeTravel travel, Autosaving autosaving, StatusBar status) {
        this.state = state;
        this.panels = panels;
        this.controls = controls;
        this.display = display;
        this.failures = failures;
        this.selection = selection;
        this.stops = stops;
        this.travel = travel;
        this.autosaving = autosaving;
        this.status = status;
    }

    /** Runs the rest of the current round. */
    public void stepRound() {
        failures.guarded("Step", () -> {
            // like Play, a step stops at an enabled breakpoint's hit (pressing → again continues)
            if (panels.breakpoints.active() && stepRoundChecked()) return;
            if (!panels.breakpoints.active()) state.session.stepRound();
            afterStep(true);
        });
    }

    /** Executes one action (beginning and ending rounds as needed). */
    public void stepAction() {
        Session session = state.session;
        if (session.manual()) {
            status.say("Manual mode: click a choice to execute it (the Choices tab), or end the round (→).");
            return;
        }
        if (session.inPast()) {
            forwardAction();
            return;
        }
        failures.guarded("Step one action", () -> {
            int from = session.round();
            boolean any = session.stepAction(STEP_ACTION_ROUNDS);
            afterStep(true);
            if (!any) status.say("No action was enabled in rounds " + from + "–" + (session.round() - 1) + ".");
        });
    }

    /** Forward one action: in the past along the branch's known future, at its end a new step. */
    public void forwardAction() {
        if (!state.session.inPast()) {
            stepAction();
            return;
        }
        travel.forwardInPast();
    }

    /** Runs {@code n} rounds without animation (stops early at a violation). */
    public void runRounds(int n) {
        failures.guarded("Run", () -> {
            for (int i = 0; i < n; i++) {
                state.session.stepRound();
                if (!hasNewViolations()) continue;
                break;
            }
            afterStep(false);
        });
    }

    /** Whether the simulation found violations the checks panel does not list yet. */
    boolean hasNewViolations() {
        return state.session.simulation().violationCount() > panels.checks.violations().size();
    }

    /** Shows what the last step did; pauses at a violation or a breakpoint's hit. */
    void afterStep(boolean animate) {
        // the next round's start-of-round changes (topology, the workload's calls) show at once
        try {
            state.session.beginRound();
        } catch (ScheduleException e) {
            state.pause();
            failures.scheduleStuck(e);
        }
        state.graphView.setAnimationMillis(animate ? controls.animationMillis() : 0);
        state.graphView.update(animate);
        panels.narration.add(state.watcher.drainEntries());
        for (String[] r : state.watcher.drainRefusals()) {
            int u = Integer.parseInt(r[0]);
            int v = Integer.parseInt(r[1]);
            String reason = r[2];
            int at = reason.startsWith(state.session.simulation().nodeName(v) + " ") ? v : u;
            state.graphView.showRefusal(at, reason);
            status.say("Refused: " + reason);
        }
        List<Violation> fresh = state.watcher.drainViolations();
        display.refresh();
        if (!fresh.isEmpty()) violated(fresh);
        stops.check();
        autosaving.saveIfDue(); // the round reached, every few seconds
    }

    private void violated(List<Violation> fresh) {
        state.pause();
        Set<Integer> nodes = new LinkedHashSet<>();
        for (Violation v : fresh) nodes.addAll(v.nodes());
        panels.showSide(panels.checksTab);
        panels.checks.select(fresh.get(0));
        selection.highlight(new ArrayList<>(nodes));
        Violation v = fresh.get(0);
        status.say("Round " + v.round() + ": " + v.check() + " violated" + (fresh.size() > 1 ? " (and " + (fresh.size() - 1) + " more)" : "")
                + " — paused. See the Checks tab.");
    }

    /** Runs the rest of the round one execution at a time, stopping at a breakpoint's hit. */
    boolean stepRoundChecked() {
        Session session = state.session;
        int r = session.round();
        while (session.round() == r) {
            session.stepAction(1);
            var hit = stops.hitSinceLastLook();
            if (hit.isPresent()) {
                afterStep(true);
                stops.stop(hit.get());
                return true;
            }
        }
        return false;
    }
}
