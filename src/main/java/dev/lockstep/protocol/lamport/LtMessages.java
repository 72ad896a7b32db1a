package dev.lockstep.protocol.lamport;

import dev.lockstep.core.Message;

/**
 * The three messages of LogicalTimeME (slides "Mutual exclusion - LogicalTimeME (2)"): try and
 * exit are broadcast, a try is acknowledged by an ack. Every message carries the logical time
 * (c, i) of the event that sent it, so the receiver can order it lexicographically.
 */
public final class LtMessages {
    private LtMessages() {}

    /** A request, broadcast by try_i; its logical time is the request's time t_i. */
    public record Try(int clock, int id) implements Message {
        @Override public String label() { return "try(" + clock + "," + id + ")"; }
    }

    /** The answer to one try; its time is later than the try's (Lamport receive rule). */
    public record Ack(int clock, int id) implements Message {
        @Override public String label() { return "ack(" + clock + "," + id + ")"; }
    }

    /** Broadcast by exit_i: the sender's latest request has been granted. */
    public record Exit(int clock, int id) implements Message {
        @Override public String label() { return "exit(" + clock + "," + id + ")"; }
    }
}
