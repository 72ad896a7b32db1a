package dev.lockstep.app.window;

import dev.lockstep.core.Choice;
import dev.lockstep.core.adversary.Manual;
import dev.lockstep.core.adversary.NodeChoice;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.Synchronous;
import java.util.List;

/**
 * The scheduler: a policy chosen by name, or manual mode, where the person is the adversary and
 * executes the enabled choices one by one (both recorded inputs).
 */
public final class ManualMode {
    private final WindowState state;
    private final Panels panels;
    private final SessionDisplay display;
    private final Failures failures;
    private final Inputs inputs;
    private final Stepping stepping;
    private final Autosaving autosaving;
    private final StatusBar status;
    /** The policy before manual mode was turned on (to go back to it). */
    private SchedulerPolicy policyBeforeManual;

    ManualMode(WindowState state, Panels panels, SessionDisplay display, Failures failures, Inputs inputs, Stepping stepping,
               Autosaving autosaving, StatusBar status) {
        this.state = state;
        this.panels = panels;
        this.display = display;
        this.failures = failures;
        this.inputs = inputs;
        this.stepping = stepping;
        this.autosaving = autosaving;
        this.status = status;
    }

    /** A new session: manual mode has no policy to go back to. */
    void reset() {
        policyBeforeManual = null;
    }

    /** Turns manual mode on or off (a recorded input: the scheduler policy "manual"). */
    public void setManual(boolean on) {
        if (state.syncing || state.session == null || on == state.session.manual()) {
            display.syncControls();
            return;
        }
        state.pause();
        if (on) {
            policyBeforeManual = state.session.policy();
            inputs.input("manual mode — you choose every execution", List.of(), () -> state.session.policy(new Manual()));
            panels.showSide(panels.choicesTab);
            // the choices need the room more than the inspector does now
            if (panels.rightSplit.getDividerPositions()[0] > 0.3) panels.rightSplit.setDividerPositions(0.3);
            status.say("Manual mode: click a choice (or a node, or a message in the graph); → ends the round.");
        } else {
            SchedulerPolicy back = policyBeforeManual;
            if (back == null || back instanceof Manual) {
                SchedulerPolicy base = state.session.scenario().policy();
                back = SchedulerChoice.named(base.name(), state.session);
                if (back == null) back = base instanceof Manual ? new Synchronous(NodeChoice.EFFECTIVE) : base;
            }
            SchedulerPolicy p = back;
            inputs.input("manual mode off — scheduler " + p.name(), List.of(), () -> state.session.policy(p));
        }
        display.syncControls();
    }

    public void toggleManual() {
        setManual(!state.session.manual());
    }

    /** Manual mode: executes a choice (a recorded input). */
    public void execute(Choice c) {
        failures.guarded("Execute", () -> {
            if (!state.session.manual()) {
                status.say("Turn manual mode on (M) to choose executions by hand.");
                return;
            }
            state.session.execute(c);
            stepping.afterStep(true);
            autosaving.save();
        });
    }

    /** The scheduler chooser's pick: a policy by name, or manual mode. */
    void choosePolicy(String name) {
        if (state.syncing || name == null || name.equals(state.session.policy().name())) return;
        if (name.equals("manual")) {
            setManual(true);
            return;
        }
        SchedulerPolicy p = SchedulerChoice.named(name, state.session);
        if (p == null) {
            display.syncControls();
            return;
        }
        inputs.input("scheduler " + name, List.of(), () -> state.session.policy(p));
        display.syncControls();
    }
}
