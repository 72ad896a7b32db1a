package dev.lockstep.session;

import dev.lockstep.core.Action;
import dev.lockstep.core.Choice;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import java.util.List;

/**
 * Advances a session's run execution by execution, applying the current branch's recorded
 * inputs at the positions they were given, and keeps the branch's frontier, round starts and
 * checkpoints up to date. The same steps serve new territory and re-execution after time travel:
 * only the recording of history differs.
 */
final class Stepper {
    final Simulation sim;
    final InteractiveAdversary adversary;
    final Engine engine;
    private final Timeline timeline;
    private final HistoryRecorder recorder;
    /** The input being applied (null between inputs): a failure while loading a session names it. */
    private Input applying;

    Stepper(Simulation sim, InteractiveAdversary adversary, Engine engine, Timeline timeline, HistoryRecorder recorder) {
        this.sim = sim;
        this.adversary = adversary;
        this.engine = engine;
        this.timeline = timeline;
        this.recorder = recorder;
    }

    /** Where the input being applied is in the branch's list (-1 between inputs): a failed load names it. */
    int applyingIndex() {
        List<Input> inputs = timeline.current().inputs;
        for (int i = 0; applying != null && i < inputs.size(); i++) if (inputs.get(i) == applying) return i;
        return -1;
    }

    /** Executions done in the current round, or -1 if it has not begun. */
    int done() {
        return engine.midRound() ? sim.executionsThisRound() : -1;
    }

    Checkpoint checkpoint() {
        return new Checkpoint(sim.copy(), adversary.policy(), adversary.workload(), timeline.current().applied);
    }

    /** Back to a checkpoint: the run, the policy and workload of then, and the inputs applied by then. */
    void restore(Checkpoint cp) {
        sim.restore(cp.sim());
        engine.reset();
        adversary.policy(cp.policy());
        adversary.workload(cp.workload());
        timeline.current().applied = cp.applied();
    }

    boolean atFrontier() {
        return timeline.current().compareToFurthest(sim.round(), done()) >= 0;
    }

    /** Whether the run is at an earlier position than the branch has reached (time travel). */
    boolean inPast() {
        return !atFrontier();
    }

    private void advanceFrontier() {
        BranchState b = timeline.current();
        int round = sim.round();
        int done = done();
        if (b.compareToFurthest(round, done) > 0) {
            b.furthestRound = round;
            b.furthestDone = done;
            if (done > 0) b.markEvents(sim.executionsBegun());
        }
    }

    private Input nextInput() {
        BranchState b = timeline.current();
        return b.applied < b.inputs.size() ? b.inputs.get(b.applied) : null;
    }

    /** Begins the current round if it has not begun: its start-of-round changes, calls and inputs. */
    void begin() {
        if (engine.midRound()) return;
        recorder.recording = atFrontier();
        if (recorder.recording) timeline.current().history.roundBegins(sim.round());
        engine.beginRound();
        int round = sim.round();
        for (Input in = nextInput(); in != null && in.round() == round && in.step() < 0; in = nextInput()) {
            apply(in);
            timeline.current().applied++;
            engine.replan();
        }
        advanceFrontier();
    }

    /** The next execution of the begun round: the person's next manual choice if due, else the plan's. */
    boolean executeNext() {
        recorder.recording = atFrontier();
        long step = sim.executionsBegun();
        int round = sim.round();
        for (Input in = nextInput(); in != null && in.round() == round && in.step() == step; in = nextInput()) {
            timeline.current().applied++;
            apply(in);
            if (in instanceof Input.Execute) {
                advanceFrontier();
                return true;
            }
            if (in instanceof Input.Policy) engine.dropRest(); // as when it was given, mid-round
        }
        boolean did = engine.executeNext();
        if (did) advanceFrontier();
        return did;
    }

    void endRound() {
        recorder.recording = atFrontier();
        engine.finishRound();
        int r = sim.round();
        BranchState b = timeline.current();
        if (b.roundStart.size() == r) b.roundStart.add(sim.executionsBegun());
        if (timeline.checkpointDue(r)) {
            b.checkpoints.put(r, checkpoint());
            b.history.segment(r);
        }
        advanceFrontier();
    }

    /** Runs the rest of the current round (all of it if it has not begun). */
    void stepRound() {
        begin();
        while (executeNext()) {
            // the plan's (or the recorded manual) executions, one after another
        }
        endRound();
    }

    /** The next execution, ending and beginning rounds as needed; false if none in {@code maxRounds} rounds. */
    boolean stepAction(int maxRounds) {
        for (int i = 0; i < maxRounds; i++) {
            begin();
            if (executeNext()) return true;
            endRound();
        }
        return false;
    }

    /** Re-executes forward to position (round, done) (listeners muted while on known history). */
    void runTo(int round, int done) {
        boolean quiet = timeline.current().compareToFurthest(round, done) <= 0;
        sim.mute(quiet);
        try {
            while (sim.round() < round) stepRound();
            if (done >= 0) {
                begin();
                while (sim.executionsThisRound() < done && executeNext()) {
                    // up to the target execution
                }
            }
        } finally {
            sim.mute(false);
        }
    }

    /**
     * A new input at the frontier: applied now if its kind allows it here (beginning the round if
     * needed), else kept for the start of the next round. Returns true if applied now.
     */
    boolean place(Input input) {
        BranchState b = timeline.current();
        boolean started = engine.midRound() && sim.executionsThisRound() > 0;
        if (started && !input.midRound()) {
            b.inputs.add(input.at(sim.round() + 1, -1)); // after anything already waiting
            return false;
        }
        begin();
        recorder.recording = true;
        Input placed = started || input instanceof Input.Execute ? input.at(sim.round(), sim.executionsBegun())
                : input.at(sim.round(), -1);
        b.inputs.add(b.applied, placed);
        b.applied++;
        apply(placed);
        if (placed.step() < 0) {
            engine.replan();
        } else if (placed instanceof Input.Policy) {
            engine.dropRest(); // the rest of this round as the new policy (or the person) decides
        }
        advanceFrontier();
        return true;
    }

    private void apply(Input in) {
        applying = in;
        applyNow(in);
        applying = null;
    }

    private void applyNow(Input in) {
        if (in instanceof Input.Move m) {
            adversary.base().move(sim, m.node(), m.x(), m.y());
        } else if (in instanceof Input.Link l) {
            if (l.pu() >= 0 && l.pv() >= 0) sim.link(l.u(), l.pu(), l.v(), l.pv());
            else sim.link(l.u(), l.v());
        } else if (in instanceof Input.Cut c) {
            sim.cut(c.u(), c.v());
        } else if (in instanceof Input.Crash c) {
            sim.crash(c.node());
        } else if (in instanceof Input.Lose l) {
            sim.lose(l.to(), l.message());
        } else if (in instanceof Input.CallInput c) {
            sim.call(c.node(), c.call());
        } else if (in instanceof Input.Policy p) {
            adversary.policy(p.policy());
        } else if (in instanceof Input.WorkloadSwitch w) {
            adversary.workload(w.on());
        } else if (in instanceof Input.Execute e) {
            Choice c = choice(e);
            String why = sim.drawsProblem(c); // checked here: the simulation's own check comes mid-execution
            if (why != null) throw new IllegalArgumentException(why);
            sim.act(c);
        }
    }

    private Choice choice(Input.Execute e) {
        List<Action<NodeState>> actions = sim.actions();
        int a = -1;
        for (int i = 0; i < actions.size(); i++) if (actions.get(i).label().equals(e.action())) a = i;
        if (a < 0) throw new IllegalArgumentException("no action " + e.action());
        Envelope m = null;
        if (e.message() >= 0) {
            int i = sim.channels().indexOf(e.node(), e.message());
            if (i < 0) throw new IllegalArgumentException("message #" + e.message() + " is not in transit to " + sim.nodeName(e.node()));
            m = sim.channels().get(e.node(), i);
        }
        return new Choice(e.node(), a, m, e.draws() == null ? null : e.draws().clone());
    }
}
