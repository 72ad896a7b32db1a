package dev.lockstep.core;

/**
 * What phase 1 of an {@link InPlaceRound} keeps per chunk position that a {@link PartitionedCommit}
 * reads: the round's own arrays (the same objects, set again when the round makes new ones).
 */
final class ChunkSends {
    /** Sends a position keeps at most (Δ + 1, one a port). */
    int cap;
    /** Per position: its sends; its event bits; the D and connection snapshots read; the port its message came on, or -1. */
    byte[] sends;
    byte[] events;
    long[] dSnap;
    long[] upSnap;
    byte[] receivedPort;
    /** Per send slot ({@code position * cap + j}): the port, the message, the peer there (-1: none) and the peer's port. */
    byte[] sendPort;
    Message[] sendMessage;
    int[] sendTo;
    byte[] sendQ;
    /** Whether a send of the chunk's has no code ({@link MessageCodec}): the pool's message column is needed. */
    volatile boolean uncoded;
    /**
     * Per node: {@link #NOT_RUN}, or what its execution in the chunk under way took: the port its
     * message came on, or {@link #NO_MESSAGE}. A byte, not a position: the commits ask it of every
     * send's peer, and a million nodes' bytes stay in the cache where their ints would not.
     */
    byte[] ranOn = new byte[0];
    static final byte NOT_RUN = -1;
    static final byte NO_MESSAGE = 64;
}
