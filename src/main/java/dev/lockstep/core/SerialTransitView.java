package dev.lockstep.core;

/**
 * What the checks after an execution see during an {@link InPlaceRound}'s commits, or while a
 * plan's sends wait to be appended ({@link DeferredSends}): the graph and the messages in transit
 * as one thread would show them at that point of the plan. The round's
 * later executions already took their received messages out of their nodes' rows on the
 * workers, so a node whose reception lies ahead of the commit under way ({@link InPlaceRound#ahead})
 * counts that message as still in transit. {@link Channels#total} counts a removal only at its
 * commit, so the total needs no correction for those. The sends of the executions committed so far
 * that wait to be appended ({@link DeferredSends}) count as in transit on their edges, and in the total. Everything else of the configuration (states,
 * statuses, detectors) may be ahead of the plan too, so reading it is refused: only checks that
 * {@link Check#watchesTransitOnly read the graph and the messages in transit only} get this view.
 */
final class SerialTransitView implements SystemView {
    /** Whether node v's message on port q left its row for an execution the commits have not reached yet. */
    interface Ahead {
        boolean ahead(int v, int q);
    }

    private final SystemView base;
    /** Null: nothing left its row ahead of the commits. */
    private final Ahead round;
    /** Null: no sends wait to be appended. */
    private final DeferredSends pending;

    SerialTransitView(SystemView base, Ahead round) {
        this(base, round, null);
    }

    SerialTransitView(SystemView base, Ahead round, DeferredSends pending) {
        this.base = base;
        this.round = round;
        this.pending = pending;
    }

    @Override public int nodeCount() { return base.nodeCount(); }

    @Override public int delta() { return base.delta(); }

    @Override public int round() { return base.round(); }

    @Override public String nodeName(int u) { return base.nodeName(u); }

    @Override public int peer(int u, int port) { return base.peer(u, port); }

    @Override public int peerPort(int u, int port) { return base.peerPort(u, port); }

    @Override public int portTo(int u, int v) { return base.portTo(u, v); }

    @Override public long ports(int u) { return base.ports(u); }

    @Override
    public int inTransit(int u, int port) {
        return (pending == null ? base.inTransit(u, port) : pending.inTransit(base, u, port))
                + (round != null && round.ahead(u, port) ? 1 : 0);
    }

    @Override public long totalInTransit() { return base.totalInTransit() + (pending == null ? 0 : pending.size()); }

    private static IllegalStateException refused(String what) {
        return new IllegalStateException("a check that watches the graph and the messages in transit only read " + what
                + " after an execution (Check.watchesTransitOnly)");
    }

    @Override public NodeState state(int u) { throw refused("a state"); }

    @Override public long unprocessedDisconnections(int u) { throw refused("a detector"); }

    @Override public void messagesInTransit(int u, java.util.function.Consumer<Message> each) { throw refused("messages"); }

    @Override public String region(int u) { throw refused("a region"); }

    @Override public int regionSince(int u) { throw refused("a region"); }

    @Override public int statusSince(int u) { throw refused("a status"); }

    @Override public long tokensLost() { throw refused("the tokens lost"); }

    @Override public int executionsInFlight() { throw refused("the executions in flight"); }

    @Override public OperationStatus status(int u) { throw refused("a status"); }

    @Override public boolean crashed(int u) { throw refused("a crash"); }

    @Override public int requestRound(int u) { throw refused("a request round"); }

    @Override public long persistentPorts(int u) { throw refused("a persistent neighbourhood"); }

    @Override public int[] acquiredThisRound() { throw refused("the acquisitions"); }

    @Override public int[] changedThisRound() { throw refused("the changed nodes"); }

    @Override public boolean anyEffectiveChoice() { throw refused("the enabled choices"); }
}
