package dev.lockstep.core;

/**
 * A protocol message. Implementations are value types (records): two messages with the same
 * content are interchangeable, which the state-space explorer relies on.
 */
public interface Message {
    /** Display form as in the paper, e.g. {@code request-lock(3)} or {@code win(true)}. */
    String label();
}
