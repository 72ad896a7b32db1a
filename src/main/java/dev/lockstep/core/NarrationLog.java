package dev.lockstep.core;

import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * Narrates every execution of a simulation as it commits. An {@link ExecutionRecord} carries only
 * the state after the execution, so this listener keeps a copy of every node's state as it was
 * after the node's previous execution — the state before the next one (nothing but an execution
 * changes a node's state). Attach it before the first execution, or call {@link #resync()} after
 * the simulation's states were replaced (e.g. a session restore).
 */
public final class NarrationLog implements SimulationListener {
    /** One narrated execution: its sentence and the pseudocode lines it ran. */
    public record Entry(ExecutionRecord record, NodeState before, String sentence, List<Pseudocode.Span> lines) {}

    private final Simulation sim;
    private final Consumer<Entry> out;
    private NodeState[] before = new NodeState[0];

    public NarrationLog(Simulation sim, Consumer<Entry> out) {
        this.sim = sim;
        this.out = out;
        resync();
    }

    /** Copies every node's current state as the state before its next execution. */
    public void resync() {
        before = new NodeState[sim.nodeCount()];
        for (int u = 0; u < before.length; u++) before[u] = sim.state(u).copy();
    }

    @Override
    public void executed(ExecutionRecord r) {
        Protocol<NodeState> p = sim.protocol();
        ProtocolPresentation<NodeState> shown = p.presentation();
        int u = r.node();
        if (u >= before.length) before = Arrays.copyOf(before, sim.nodeCount());
        NodeState b = before[u] != null ? before[u] : p.initialStateOf(sim.delta(), u);
        String sentence;
        try {
            sentence = shown.narrate(r, b, sim);
        } catch (RuntimeException e) {
            sentence = Narration.describe(r, sim);
        }
        List<Pseudocode.Span> lines;
        try {
            lines = shown.executedLines(r, b, sim);
        } catch (RuntimeException e) {
            lines = shown.pseudocode().spansOf(r.label());
        }
        before[u] = r.state().copy();
        out.accept(new Entry(r, b, sentence, lines));
    }
}
