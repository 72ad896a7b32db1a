package dev.lockstep.core;

import java.util.Objects;

/**
 * A message in transit on a directed edge: sent by {@code from} via its port {@code fromPort},
 * to be received by {@code to} on its port {@code toPort}. Self-messages use port 0 on both ends.
 *
 * <p>A value, like the record it was: equal, hashed and printed by its components in this order.
 * It is a class only so that the ports take two bytes each (a port is below 64): 40 bytes an
 * envelope instead of 48, and a million-node run holds millions of them in transit.
 *
 * @param id        sequence number of the send, unique within a run (for traces and animation)
 * @param sentRound the round of the send; a message is receivable only in a later round
 */
public final class Envelope {
    private final long id;
    private final int from;
    private final int to;
    private final int sentRound;
    private final short fromPort;
    private final short toPort;
    private final Message message;

    public Envelope(long id, int from, int fromPort, int to, int toPort, int sentRound, Message message) {
        if (fromPort != (short) fromPort || toPort != (short) toPort) {
            throw new IllegalArgumentException("port out of range: " + fromPort + ", " + toPort);
        }
        this.id = id;
        this.from = from;
        this.fromPort = (short) fromPort;
        this.to = to;
        this.toPort = (short) toPort;
        this.sentRound = sentRound;
        this.message = message;
    }

    public long id() { return id; }

    public int from() { return from; }

    public int fromPort() { return fromPort; }

    public int to() { return to; }

    public int toPort() { return toPort; }

    public int sentRound() { return sentRound; }

    public Message message() { return message; }

    @Override
    public boolean equals(Object o) {
        return o instanceof Envelope e && id == e.id && from == e.from && fromPort == e.fromPort && to == e.to
                && toPort == e.toPort && sentRound == e.sentRound && Objects.equals(message, e.message);
    }

    /** The record's hash (31 × the hash so far + each component's, in component order), so no hashed order changes. */
    @Override
    public int hashCode() {
        int h = Long.hashCode(id);
        h = h * 31 + from;
        h = h * 31 + fromPort;
        h = h * 31 + to;
        h = h * 31 + toPort;
        h = h * 31 + sentRound;
        return h * 31 + Objects.hashCode(message);
    }

    @Override
    public String toString() {
        return message.label() + "#" + id + "@" + toPort;
    }
}
