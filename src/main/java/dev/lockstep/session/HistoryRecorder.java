package dev.lockstep.session;

import dev.lockstep.core.Call;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.Variable;
import dev.lockstep.core.Violation;
import java.util.ArrayList;
import java.util.List;

/**
 * Records the current branch's history, but only for new territory: re-executions after time
 * travel are not recorded twice. Keeps each node's state before its next execution, so an
 * execution is narrated from where it began.
 */
final class HistoryRecorder implements SimulationListener {
    private final Simulation sim;
    private final Timeline timeline;
    private final NodeState[] before;
    /** Each node's state as last recorded (null: none yet), which the next one shares unchanged variables with. */
    private final List<Variable>[] recorded;
    /** Recurring variables and message labels, one object each (a run's first 65,536 distinct ones). */
    private final Interned<Variable> variables = new Interned<>(1 << 16);
    private final Interned<String> labels = new Interned<>(1 << 16);
    /** Whether the operation under way is new territory (its events go into the history). */
    boolean recording = true;

    HistoryRecorder(Simulation sim, Timeline timeline) {
        this.sim = sim;
        this.timeline = timeline;
        this.before = new NodeState[sim.nodeCount()];
        @SuppressWarnings("unchecked")
        List<Variable>[] lists = new List[sim.nodeCount()];
        this.recorded = lists;
        resync();
    }

    /** After travel: an execution under way is narrated, when it takes effect, from before it began. */
    void resync() {
        for (int u = 0; u < before.length; u++) before[u] = sim.stateBefore(u).copy();
    }

    private void add(History.Event e) {
        if (recording) timeline.current().history.add(e);
    }

    private long step() {
        return sim.executionsBegun();
    }

    @Override public void linked(int round, int u, int pu, int v, int pv) {
        timeline.current().topologyRounds.add(round);
        add(new History.Linked(step(), round, u, pu, v, pv));
    }

    @Override public void cut(int round, int u, int pu, int v, int pv, List<Envelope> lost) {
        timeline.current().topologyRounds.add(round);
        List<History.Msg> msgs = new ArrayList<>();
        for (Envelope e : lost) msgs.add(History.msg(e, labels));
        add(new History.Cut(step(), round, u, pu, v, pv, List.copyOf(msgs)));
    }

    @Override public void moved(int round, int u, double x, double y) {
        timeline.current().topologyRounds.add(round);
        add(new History.Moved(step(), round, u, x, y));
    }

    @Override public void lost(int round, Envelope e) {
        timeline.current().topologyRounds.add(round);
        add(new History.Lost(step(), round, History.msg(e, labels)));
    }

    @Override public void crashed(int round, int u) {
        timeline.current().topologyRounds.add(round);
        add(new History.Crashed(step(), round, u));
    }

    @Override public void called(int round, int u, Call call) {
        add(new History.Called(step(), round, u, call.json()));
    }

    @Override public void applicationStep(int round, int u, String kind, int partner, String sentence) {
        add(new History.AppStep(step(), round, u, kind, partner, sentence));
    }

    @Override public void refused(int round, String change, int u, int v, String reason) {
        add(new History.Refused(step(), round, change, u, v, reason));
    }

    @Override public void executed(ExecutionRecord r) {
        int u = r.node();
        // stamped when it takes effect (an asynchronous one began earlier: see its startRound)
        if (recording) {
            History.Executed x = History.executed(sim, r, step(), before[u], recorded[u], variables, labels);
            recorded[u] = x.state();
            timeline.current().history.add(x);
        }
        before[u] = r.state().copy();
    }

    @Override public void violated(Violation v) {
        add(new History.Violated(step(), v.round(), v));
    }
}
