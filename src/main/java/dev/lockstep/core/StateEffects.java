package dev.lockstep.core;

import java.util.List;

/**
 * Which of a node's enabled state actions would change something if executed now, decided from
 * the state without running them: listing only effective choices otherwise runs every enabled
 * state action's operation on a copy of the state (a dry run), and the one chosen then runs again
 * for real. Optional ({@link Protocol#stateEffects()}): the operations stay the definition, and
 * the core uses this only while the protocol's state actions are, by identity, the ones it
 * describes (an action rebuilt by {@link Action#withGuard} or {@link Action#withOperation} turns
 * it off), and only when listing trusts its own listings (the reference mode runs every dry run).
 *
 * @param <S> the protocol's node state
 */
public interface StateEffects<S extends NodeState> {
    /** The state actions it describes, in the protocol's order: bit i of {@link #changing} is the i-th. */
    List<Action<S>> actions();

    /**
     * Of the state actions in {@code enabled} (each one's guard holds in {@code state}), those whose
     * execution now, with the node's unprocessed disconnections {@code disconnected} and any
     * random draws, would send a message or leave a state not equal to {@code state}: exactly the
     * ones a dry run finds effective.
     */
    long changing(S state, long enabled, long disconnected);
}
