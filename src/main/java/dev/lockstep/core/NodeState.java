package dev.lockstep.core;

import java.util.List;

/**
 * The local state of one node under some protocol. Implementations must implement
 * {@code equals}/{@code hashCode} over every field that influences future behaviour, so whole
 * configurations can be compared.
 */
public interface NodeState {
    NodeState copy();

    /**
     * A copy of this state, written over {@code target} (and returning it) when the protocol
     * allows, else {@link #copy()}: {@code target} is a state an earlier call returned, or null.
     * The core's dry runs (is this choice effective?) work on such a reused scratch state, so
     * listing a node's choices allocates no copy. The default always copies.
     */
    default NodeState copyInto(NodeState target) {
        return copy();
    }

    /** The variables in a fixed order (the paper's Table 1 order for LME), for inspection and traces. */
    List<Variable> variables();
}
