package dev.lockstep.core;

/**
 * A message in transit on a directed edge: sent by {@code from} via its port {@code fromPort},
 * to be received by {@code to} on its port {@code toPort}. Self-messages use port 0 on both ends.
 *
 * @param id        sequence number of the send, unique within a run (for traces and animation)
 * @param sentRound the round of the send; a message is receivable only in a later round
 */
public record Envelope(long id, int from, int fromPort, int to, int toPort, int sentRound, Message message) {
    @Override
    public String toString() {
        return message.label() + "#" + id + "@" + toPort;
    }
}
