package dev.lockstep.core;

import java.util.List;

/**
 * What one action execution did. {@code state} is the node's live state object right after the
 * execution: listeners must read it before the simulation moves on.
 *
 * @param startRound   round the execution started (equals {@code round} except asynchronously)
 * @param round        round the execution finished
 * @param action       index into the protocol's actions
 * @param disconnected the D snapshot the execution processed
 * @param draws        values of its random draws, in order
 * @param asynchronous whether it was started as an asynchronous execution ({@link Simulation#start})
 *                     rather than executed at once
 */
public record ExecutionRecord(int startRound, int round, int node, int action, String label,
                              Envelope received, long disconnected, int[] draws, List<Sent> sent,
                              NodeState state, boolean asynchronous) {
}
