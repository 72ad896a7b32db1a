package dev.lockstep.core;

import java.util.List;
import java.util.function.IntConsumer;

/**
 * A protocol plugin: node state, actions and the properties to check. The core knows nothing else
 * about any protocol, so LME, the classical protocols, KLME and KRL all plug in here.
 *
 * @param <S> node state type
 */
public interface Protocol<S extends NodeState> {
    /** Scenario name, e.g. {@code lme}. */
    String name();

    Requirements requirements();

    /** Table 1's initial values for a node with {@code delta} ports. */
    S initialState(int delta);

    /** All actions, in the order they are listed in the paper. Indices into this list identify actions. */
    List<Action<S>> actions();

    /**
     * Reports the members of {@code holder}'s lock set (node indices) in the given configuration.
     * LME: the paper's {@code L(u) = {v ∈ N(u) : lock(v) = ℓ_v(u)}} plus u if {@code lock(u) = 0};
     * global protocols: every node while the holder is in its critical section.
     */
    void lockSet(int holder, SystemView view, IntConsumer member);

    /** The live checks for this protocol (each reports its own violations). */
    List<Check> checks(CheckSettings settings);

    /**
     * Sends allowed per port in one action execution. The model (Sec. 2.1) allows one; a protocol
     * whose pseudocode needs more says so here and explains why.
     */
    default int sendsPerPort() {
        return 1;
    }

    /** The value shown as a node's fill colour (LME: the initiator's {@code state}). */
    default String fill(S state) {
        return "";
    }

    /** Every fill value, in legend order (the GUI assigns colours in this order). */
    default List<String> fillValues() {
        return List.of();
    }

    /** The value shown as a node's ring colour (LME: the participant's {@code phase}); "" for none. */
    default String ring(S state) {
        return "";
    }

    /** Every ring value, in legend order. */
    default List<String> ringValues() {
        return List.of();
    }

    /** The protocol's pseudocode, with the lines each action executes (none by default). */
    default Pseudocode pseudocode() {
        return Pseudocode.NONE;
    }

    /**
     * The lines of {@link #pseudocode()} one execution actually ran, i.e. with the branches it took,
     * for the pseudocode panel's highlight. Protocols decide the branches from the record and the
     * state before; by default every line of the action's {@link Pseudocode#spansOf spans}.
     *
     * @param before the node's state before the execution
     */
    default List<Pseudocode.Span> executedLines(ExecutionRecord record, S before, SystemView view) {
        return pseudocode().spansOf(record.label());
    }

    /**
     * One readable sentence about an execution, for the GUI's narration log.
     *
     * @param before the node's state before the execution
     */
    default String narrate(ExecutionRecord record, S before, SystemView view) {
        return Narration.describe(record, view);
    }

    @SuppressWarnings("unchecked")
    default S cast(NodeState s) {
        return (S) s;
    }
}
