package dev.lockstep.protocol.ricartagrawala;

import dev.lockstep.core.Message;

/**
 * Slide "Mutual Exclusion - RicartAgrawalaME": "Only two messages: try and ok, each carries the
 * clock value". The try message also carries the sender's id, since the request's logical time is
 * the pair (c, i) and ties between equal clocks are broken by the index.
 */
public final class RaMessages {
    private RaMessages() {}

    /** The request's logical time (clock, id), broadcast by try_i. */
    public record Try(int clock, int id) implements Message {
        @Override public String label() { return "try(" + clock + "," + id + ")"; }
    }

    /** Permission for one try; carries the sender's clock (Lamport time discipline). */
    public record Ok(int clock) implements Message {
        @Override public String label() { return "ok(" + clock + ")"; }
    }
}
