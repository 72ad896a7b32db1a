package dev.lockstep.core.check;

import dev.lockstep.core.NodeState;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Workers;
import java.util.Arrays;

/**
 * A configuration written out by hand, for checks seen alone: nodes a, b, c, ... with a status,
 * a request round, messages in transit and a port table. What a test does not set is empty.
 */
public final class FakeView implements SystemView {
    public final OperationStatus[] status;
    public final int[] requestRound;
    public final int[][] peer;
    public final int[][] peerPort;
    public final int[][] inTransit;
    public final long[] persistent;
    public final long[] unprocessed;
    /** Per node and port: the round the port was last linked in ({@link #link} takes {@link #round}). */
    public final int[][] linked;
    public final NodeState[] states;
    public int round;
    public int executionsInFlight;
    public boolean anyEffectiveChoice;
    public int[] acquired = new int[0];
    public boolean[] crashed;
    /** What {@link #workers()} answers: a check may share its work across them. */
    public Workers workers = Workers.SINGLE;

    public FakeView(int n, int delta) {
        unprocessed = new long[n];
        crashed = new boolean[n];
        states = new NodeState[n];
        status = new OperationStatus[n];
        Arrays.fill(status, OperationStatus.IDLE);
        requestRound = new int[n];
        peer = new int[n][delta + 1];
        linked = new int[n][delta + 1];
        peerPort = new int[n][delta + 1];
        inTransit = new int[n][delta + 1];
        persistent = new long[n];
        for (int u = 0; u < n; u++) {
            Arrays.fill(peer[u], -1);
            Arrays.fill(peerPort[u], -1);
            peer[u][0] = u;
            peerPort[u][0] = 0;
        }
    }

    /** Links u's port p with v's port q. */
    public FakeView link(int u, int p, int v, int q) {
        peer[u][p] = v;
        peerPort[u][p] = q;
        peer[v][q] = u;
        peerPort[v][q] = p;
        linked[u][p] = round;
        linked[v][q] = round;
        return this;
    }

    /** Cuts the edge on u's port p, if any. */
    public FakeView cut(int u, int p) {
        int v = peer[u][p];
        if (p == 0 || v < 0) return this;
        int q = peerPort[u][p];
        peer[u][p] = peerPort[u][p] = peer[v][q] = peerPort[v][q] = -1;
        return this;
    }

    public FakeView status(int u, OperationStatus s, int since) {
        status[u] = s;
        requestRound[u] = since;
        return this;
    }

    @Override public int nodeCount() { return status.length; }
    @Override public boolean crashed(int u) { return crashed[u]; }
    @Override public int delta() { return peer[0].length - 1; }
    @Override public int round() { return round; }
    @Override public String nodeName(int u) { return String.valueOf((char) ('a' + u)); }
    @Override public NodeState state(int u) { return states[u]; }
    @Override public int peer(int u, int port) { return peer[u][port]; }
    @Override public int peerPort(int u, int port) { return peerPort[u][port]; }

    @Override
    public int portTo(int u, int v) {
        for (int p = 0; p < peer[u].length; p++) if (peer[u][p] == v) return p;
        return -1;
    }

    @Override
    public long ports(int u) {
        long s = 0;
        for (int p = 0; p < peer[u].length; p++) if (peer[u][p] >= 0) s |= 1L << p;
        return s;
    }

    @Override
    public long linkedSince(int u, int round) {
        long s = 0;
        for (int p = 1; p < peer[u].length; p++) if (peer[u][p] >= 0 && linked[u][p] >= round) s |= 1L << p;
        return s;
    }

    @Override public long unprocessedDisconnections(int u) { return unprocessed[u]; }
    @Override public int inTransit(int u, int port) { return inTransit[u][port]; }

    @Override
    public long totalInTransit() {
        long t = 0;
        for (int[] row : inTransit) for (int k : row) t += k;
        return t;
    }

    @Override public int executionsInFlight() { return executionsInFlight; }
    @Override public OperationStatus status(int u) { return status[u]; }
    @Override public int requestRound(int u) { return requestRound[u]; }
    @Override public long persistentPorts(int u) { return persistent[u]; }
    @Override public int[] acquiredThisRound() { return acquired; }
    @Override public boolean anyEffectiveChoice() { return anyEffectiveChoice; }

    @Override
    public Workers workers() {
        return workers;
    }
}
