package dev.lockstep.app.window;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.Stats;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.protocol.ProtocolFactory;
import dev.lockstep.protocol.Protocols;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.session.Session;
import dev.lockstep.watch.Watcher;
import java.util.Locale;
import javafx.scene.control.Tooltip;

/**
 * Shows the session's state everywhere but in the graph: the round and statistics, the panels,
 * the timeline and the diagram, the banner in the past, and the controls' values.
 */
public final class SessionDisplay {
    private final WindowState state;
    private final Panels panels;
    private final Controls controls;
    private final StatusBar status;
    private final DiagramView diagram;

    SessionDisplay(WindowState state, Panels panels, Controls controls, StatusBar status, DiagramView diagram) {
        this.state = state;
        this.panels = panels;
        this.controls = controls;
        this.status = status;
        this.diagram = diagram;
    }

    void refresh() {
        Session session = state.session;
        Simulation sim = session.simulation();
        Stats st = sim.stats();
        controls.roundLabel.setText("Round " + sim.round());
        boolean inProgress = session.midRound() && sim.executionsThisRound() > 0;
        controls.roundProgress.setVisible(inProgress);
        controls.roundProgress.setManaged(inProgress);
        status.stats.setText(String.format(Locale.ROOT,
                "round %d   ·   %d actions   ·   %d messages sent, %d lost, %d in transit   ·   %d lock%s acquired   ·   mean wait %.1f rounds   ·   %d violation%s",
                sim.round(), st.actions(), st.messagesSent(), st.messagesLost(), sim.totalInTransit(), st.locksAcquired(),
                st.locksAcquired() == 1 ? "" : "s", st.meanWaitRounds(), sim.violationCount(), sim.violationCount() == 1 ? "" : "s"));
        panels.inspector.refresh();
        panels.checks.refresh();
        refreshPseudocode();
        panels.checksTab.setText(sim.violationCount() == 0 ? "Checks" : "Checks (" + sim.violationCount() + ")");
        refreshDebugger();
    }

    /** The timeline, the diagram, the choices, the banner in the past, the manual controls. */
    private void refreshDebugger() {
        Session session = state.session;
        int now = state.moment.count(session);
        state.marks.update(session);
        panels.timeline.show(session, state.marks.roundStarts(session), state.marks.topology(), state.marks.violations());
        diagram.update(session, now);
        panels.breakpoints.setHistory(session.history());
        boolean manual = session.manual();
        panels.choices.refresh(manual);
        panels.choicesTab.setText(manual ? "Choices (" + state.sim().choices().size() + ")" : "Choices");
        boolean past = session.inPast();
        panels.pastBanner.setVisible(past);
        if (past) {
            panels.pastBanner.setText("Viewing the past: round " + state.sim().round() + " of " + session.furthest().round()
                    + " on " + currentBranchName() + ". Stepping replays this branch; any input here starts a new branch.");
        }
        controls.play.setDisable(manual);
        controls.stepAction.setDisable(manual);
        controls.step.setTooltip(new Tooltip(manual ? "End the round: nothing else executes in it (→)" : "Step one round (→)"));
    }

    private String currentBranchName() {
        for (Session.Branch b : state.session.branches()) if (b.current()) return b.name();
        return "this branch";
    }

    /** The pseudocode lines the selected node (or else the last node to act) ran last. */
    void refreshPseudocode() {
        Watcher watcher = state.watcher;
        if (watcher == null) return;
        int selected = state.selected;
        Watcher.Last last = selected >= 0 && watcher.lastOf(selected) != null ? watcher.lastOf(selected) : watcher.last();
        if (last == null) {
            panels.pseudocode.highlight(null, null);
        } else {
            panels.pseudocode.highlight(last.lines(), last.label(),
                    state.name(last.node()) + " ran " + last.label() + " in round " + last.round());
        }
    }

    /** Sets the controls from the session (their listeners see {@link WindowState#syncing} and do nothing). */
    void syncControls() {
        Session session = state.session;
        state.syncing = true;
        try {
            Scenario sc = session.scenario();
            controls.seed.setText(Long.toString(session.seed()));
            controls.seed.getStyleClass().remove("invalid");
            controls.manualButton.setSelected(session.manual());
            controls.manualItem.setSelected(session.manual());
            controls.policy.getItems().setAll(SchedulerChoice.names(session));
            controls.policy.setValue(session.policy().name());
            controls.protocol.getItems().setAll(Protocols.names());
            controls.protocol.setValue(sc.protocol().name());
            controls.delta.getValueFactory().setValue(sc.delta());
            ProtocolFactory.Tunable t = tunable(session);
            controls.k.setDisable(t == null);
            controls.kLabel.setText(t == null ? "K" : t.name());
            if (t != null) {
                var factory = (javafx.scene.control.SpinnerValueFactory.IntegerSpinnerValueFactory) controls.k.getValueFactory();
                factory.setMin(Math.max(t.min(), 1));
                factory.setMax(Math.min(t.max(), 64));
                factory.setValue(currentK(session));
            }
            controls.k.setTooltip(new Tooltip(t != null ? t.name() + ": " + t.meaning() + " (edits the scenario and starts over)"
                    : sc.protocol().name() + " has no such parameter"));
            // an application (Sec. 6) is the scenario's workload: it calls Lock and Unlock itself
            boolean application = sc.application() != null;
            boolean hasWorkload = sc.json().has("workload") || application;
            controls.workload.setDisable(!hasWorkload);
            controls.workload.setSelected(hasWorkload && session.workload());
            controls.workload.setTooltip(new Tooltip(application
                    ? "The scenario's application (" + sc.application().name() + ") interacts and calls Lock and Unlock (a recorded input)"
                    : hasWorkload ? "The scenario's workload calls Lock and Unlock (a recorded input)"
                    : "This scenario has no workload: call Lock and Unlock from a node's context menu"));
            controls.play.setSelected(state.playback.playing());
            controls.offerLayouts(LayoutOffer.whyNot(session.unitDisk(), state.sim().config().areas()));
            String variant = sc.json().get("params") instanceof JsonValue.Obj p && p.get("variant") instanceof JsonValue.Str v
                    ? ", " + v.value() : "";
            controls.scenarioLabel.setText(sc.name() + "   ·   " + sc.protocol().name() + variant + "   ·   " + state.sim().nodeCount()
                    + " nodes" + (session.unitDisk() > 0 ? ", unit disk r = " + JsonWriter.number(session.unitDisk()) : ""));
            controls.scenarioLabel.setTooltip(new Tooltip(controls.scenarioLabel.getText()));
        } finally {
            state.syncing = false;
        }
    }

    /** The session's protocol's whole-number parameter (LME's K, KRL's k), or null. */
    static ProtocolFactory.Tunable tunable(Session session) {
        ProtocolFactory f = Protocols.byName(session.scenario().protocol().name());
        return f == null ? null : f.tunable();
    }

    /** That parameter's value in the session's scenario (its default if the scenario does not set it); 0 without one. */
    static int currentK(Session session) {
        ProtocolFactory.Tunable t = tunable(session);
        if (t == null) return 0;
        if (session.scenario().json().get("params") instanceof JsonValue.Obj p && p.get(t.name()) instanceof JsonValue.Num n) {
            return (int) n.doubleValue();
        }
        return t.defaultValue();
    }
}
