package dev.lockstep.watch;

import dev.lockstep.core.Call;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Narration;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.Violation;
import java.util.ArrayList;
import java.util.List;

/**
 * Listens to the session's simulation and collects what the panels show: a narration sentence per
 * execution (with the node's state before it, kept here as a copy), calls and application steps,
 * topology changes, refusals and violations. The window drains it after every step.
 */
public final class Watcher implements SimulationListener {
    /** The last execution: node, action, round and the pseudocode lines it ran. */
    public record Last(int node, String label, int round, List<dev.lockstep.core.Pseudocode.Span> lines) {}

    private final Simulation sim;
    private final Protocol<NodeState> protocol;
    private final NodeState[] before;
    private final Last[] lastOf;
    private Last last;
    private final List<NarrationEntry> entries = new ArrayList<>();
    private final List<Violation> violations = new ArrayList<>();
    private final List<String[]> refusals = new ArrayList<>();
    private boolean quietMoves;

    public Watcher(Simulation sim) {
        this.sim = sim;
        this.protocol = sim.protocol();
        int n = sim.nodeCount();
        before = new NodeState[n];
        for (int u = 0; u < n; u++) before[u] = sim.state(u).copy();
        lastOf = new Last[n];
        sim.addListener(this);
    }

    public void detach() {
        sim.removeListener(this);
    }

    /**
     * After a jump in time (the simulation was restored and re-executed with the listeners
     * muted): the states before the next executions are the current ones, nothing is waiting to
     * be drained, and the last executions are those of the history up to now.
     */
    public void resync(List<dev.lockstep.session.History.Event> upToNow) {
        for (int u = 0; u < before.length; u++) before[u] = sim.state(u).copy();
        entries.clear();
        violations.clear();
        refusals.clear();
        last = null;
        java.util.Arrays.fill(lastOf, null);
        int missing = lastOf.length;
        for (int i = upToNow.size() - 1; i >= 0 && missing > 0; i--) {
            if (!(upToNow.get(i) instanceof dev.lockstep.session.History.Executed x)) continue;
            Last l = new Last(x.node(), x.action(), x.round(), protocol.presentation().pseudocode().spansOf(x.action()));
            if (last == null) last = l;
            if (lastOf[x.node()] == null) {
                lastOf[x.node()] = l;
                missing--;
            }
        }
    }

    @Override
    public void executed(ExecutionRecord r) {
        int u = r.node();
        String text;
        try {
            text = protocol.presentation().narrate(r, before[u], sim);
        } catch (RuntimeException e) {
            text = Narration.describe(r, sim) + "  [narration failed: " + e + "]";
        }
        List<dev.lockstep.core.Pseudocode.Span> lines;
        try {
            lines = protocol.presentation().executedLines(r, before[u], sim);
        } catch (RuntimeException e) {
            lines = protocol.presentation().pseudocode().spansOf(r.label());
        }
        before[u] = r.state().copy();
        last = new Last(u, r.label(), r.round(), lines);
        lastOf[u] = last;
        entries.add(Sentences.action(r.round(), u, text));
    }

    @Override
    public void called(int round, int u, Call call) {
        entries.add(Sentences.called(sim, round, u, call == Call.LOCK));
    }

    /** An application step (Sec. 6), told in the application's own sentence, e.g. "p04 (B) meets p08 (A): B+A → b+a". */
    @Override
    public void applicationStep(int round, int u, String kind, int partner, String sentence) {
        entries.add(Sentences.application(round, u, partner, sentence));
    }

    @Override
    public void linked(int round, int u, int pu, int v, int pv) {
        entries.add(Sentences.linked(sim, round, u, pu, v, pv));
    }

    @Override
    public void cut(int round, int u, int pu, int v, int pv, List<Envelope> lost) {
        List<String> labels = new ArrayList<>();
        for (Envelope e : lost) labels.add(e.message().label());
        entries.add(Sentences.cut(sim, round, u, v, labels));
    }

    @Override
    public void refused(int round, String change, int u, int v, String reason) {
        refusals.add(new String[] {Integer.toString(u), Integer.toString(v), reason});
        entries.add(Sentences.refused(sim, round, change, u, v, reason));
    }

    @Override
    public void lost(int round, Envelope e) {
        entries.add(Sentences.lost(sim, round, e.from(), e.to(), e.message().label()));
    }

    @Override
    public void crashed(int round, int u) {
        entries.add(Sentences.crashed(sim, round, u));
    }

    @Override
    public void moved(int round, int u, double x, double y) {
        if (quietMoves) return;
        entries.add(Sentences.moved(sim, round, u, x, y));
    }

    /** While dragging, the many intermediate moves are not narrated. */
    public void quietMoves(boolean quiet) {
        quietMoves = quiet;
    }

    @Override
    public void violated(Violation v) {
        violations.add(v);
        entries.add(Sentences.violated(v.round(), v));
    }

    /** Adds a line of the person's own (an input, a note). */
    public void note(int round, List<Integer> nodes, String text) {
        entries.add(new NarrationEntry(round, nodes, text, NarrationEntry.Kind.INPUT));
    }

    public List<NarrationEntry> drainEntries() {
        List<NarrationEntry> out = List.copyOf(entries);
        entries.clear();
        return out;
    }

    public List<Violation> drainViolations() {
        List<Violation> out = List.copyOf(violations);
        violations.clear();
        return out;
    }

    /** Refusals since the last drain: {u, v, reason}. */
    public List<String[]> drainRefusals() {
        List<String[]> out = List.copyOf(refusals);
        refusals.clear();
        return out;
    }

    /** The last execution of any node, or null. */
    public Last last() {
        return last;
    }

    /** The last execution of node u, or null. */
    public Last lastOf(int u) {
        return u >= 0 && u < lastOf.length ? lastOf[u] : null;
    }
}
