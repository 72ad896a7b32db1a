package dev.lockstep.core;

import java.util.List;

/**
 * The local state of one node under some protocol. Implementations must implement
 * {@code equals}/{@code hashCode} over every field that influences future behaviour, so whole
 * configurations can be compared.
 */
public interface NodeState {
    NodeState copy();

    /** The variables in a fixed order (the paper's Table 1 order for LME), for inspection and traces. */
    List<Variable> variables();
}
