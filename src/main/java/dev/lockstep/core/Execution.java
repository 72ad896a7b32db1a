package dev.lockstep.core;

import java.util.List;

/**
 * What an action's operation may see and do during one execution: receive (the message chosen by
 * the adversary, if any), read its disconnection detector snapshot, compute, and send at most one
 * message per port. Nothing else of the system is visible: nodes are anonymous unless the protocol
 * requires ids.
 */
public interface Execution {
    /** The message received by this execution, or null. */
    Envelope received();

    /**
     * The message received by this execution, or null: {@code received().message()} without the
     * envelope, for an operation that reads only the message (no envelope made to be read once).
     */
    default Message receivedMessage() {
        Envelope e = received();
        return e == null ? null : e.message();
    }

    /** Port of the received message (0 for self-messages); -1 when nothing was received. */
    default int receivedPort() {
        Envelope e = received();
        return e == null ? -1 : e.toPort();
    }

    /** Snapshot of the disconnection detector D taken when this execution started (D is then reset). */
    long disconnected();

    /** Ports connected since the node's previous execution (for LinkUp-style protocols such as KRL). */
    long connected();

    /** The closed neighbourhood N[u] as ports, port 0 included, as of the start of this execution. */
    long ports();

    int delta();

    /**
     * The ports a Lock call executed now is to lock, port 0 included: {@link #ports()} unless the
     * application scoped u's Lock to a chosen partner (Sec. 6's second implementation), then port 0
     * and u's port towards the partner, or port 0 alone if the partner is no longer adjacent.
     * Only protocols whose {@code Protocol.lockScopes()} is true read it; the request's
     * neighbourhood (what {@code persistent-lock-set} expects) is the same set.
     */
    default long lockScope() {
        return ports();
    }

    /** Sends {@code m} via {@code port}; a second send to the same port in one execution is an error. */
    void send(int port, Message m);

    /** A draw from the simulation's random stream (or the adversary's scripted value), uniform in [0, bound). */
    int random(int bound);

    /** The application's Lock (try) request is issued now; the round of this call is the request round. */
    void lockRequested();

    /** The request succeeded: the node now holds its lock set. */
    void lockAcquired();

    /** The application's Unlock (exit) started. */
    void unlockRequested();

    /** Unlocking finished; the node is idle again. */
    void unlockCompleted();

    /** Unique id of this node; only for protocols whose {@link Requirements#ids()} is true. */
    int id();

    /** Number of nodes in the system; only with {@link Requirements#ids()}. */
    int nodeCount();

    /** Unique id of the neighbour on {@code port}; only with {@link Requirements#ids()}. */
    int peerId(int port);

    /** Region of this node; only with {@link Requirements#regions()}. */
    String region();

    /**
     * Every region of the scenario in its order — its areas' names, else the regions its node sets
     * name — including those nobody is in; only with {@link Requirements#regions()}.
     */
    List<String> regions();
}
