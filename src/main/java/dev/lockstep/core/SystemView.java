package dev.lockstep.core;

/**
 * Read-only view of a whole configuration, for checks, lock-set definitions and the GUI. Node
 * names are for people; protocols never see them.
 */
public interface SystemView {
    int nodeCount();

    int delta();

    /** The current round (time). */
    int round();

    String nodeName(int u);

    /**
     * u's region now (KLME's neighbourhood): the first area containing it when the scenario names
     * areas (it changes as u moves, "" outside every area), else the scenario's region for u; ""
     * when the scenario has no regions.
     */
    default String region(int u) {
        return "";
    }

    /** Round in which u's region last changed (0 if never): see {@link #region}. */
    default int regionSince(int u) {
        return 0;
    }

    /** Round in which u's operation status last changed (e.g. when it acquired its locks). */
    default int statusSince(int u) {
        return 0;
    }

    NodeState state(int u);

    /** The application's state (Sec. 6), or null when the run has no application. */
    default ApplicationState application() {
        return null;
    }

    /** Node on u's port p, or -1. */
    int peer(int u, int port);

    int peerPort(int u, int port);

    /** u's port to v, or -1. */
    int portTo(int u, int v);

    /** N[u] as ports, port 0 included. */
    long ports(int u);

    /**
     * Ports whose disconnection u has not processed yet: the detector's content plus, while an
     * asynchronous execution is under way, the snapshot that execution took. A {@code lock}
     * pointer into such a port is stale.
     */
    long unprocessedDisconnections(int u);

    /**
     * Ports of u (port 0 excluded) whose connection was formed in {@code round} or later: a check
     * that kept per-port facts since then learns which ports may now lead to another node. When not
     * known, every port of u.
     */
    default long linkedSince(int u, int round) {
        return ports(u) & ~1L;
    }

    /** Messages in transit to u on its port p. */
    int inTransit(int u, int port);

    long totalInTransit();

    /** The messages in transit to u, in channel order (for checks that count what messages carry). */
    default void messagesInTransit(int u, java.util.function.Consumer<Message> each) {}

    /**
     * Tokens ({@link ProtocolPresentation#tokens}) in messages the adversary destroyed so far: lost
     * on a cut edge or sent into a severed port. Token-conservation checks allow for exactly these.
     */
    default long tokensLost() {
        return 0;
    }

    /** Executions started but not yet finished (asynchronous policy). */
    int executionsInFlight();

    OperationStatus status(int u);

    /** Whether the adversary crashed u (it never acts again). */
    default boolean crashed(int u) {
        return false;
    }

    /** Round in which u's current (or last) Lock request was issued. */
    int requestRound(int u);

    /**
     * Ports of u whose edges have persisted since u's current request was issued (port 0
     * excluded), within the Lock's scope ({@code Execution.lockScope}): the request's persistent
     * neighbourhood so far.
     */
    long persistentPorts(int u);

    /** Nodes whose request succeeded in the current round. */
    int[] acquiredThisRound();

    /**
     * The nodes touched since the last end of round, in increasing order, or null when not known
     * (every node may have changed); see {@link Check#endOfRound(SystemView, int[], List)}.
     */
    default int[] changedThisRound() {
        return null;
    }

    /** Whether some node has an enabled action whose execution would change the configuration. */
    boolean anyEffectiveChoice();

    /** The threads a check may share its end-of-round pass across (one unless the run asked for more). */
    default Workers workers() {
        return Workers.SINGLE;
    }
}
