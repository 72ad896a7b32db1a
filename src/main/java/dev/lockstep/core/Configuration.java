package dev.lockstep.core;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Comparator;

/**
 * A configuration (global state) of a simulation, for equality and hashing: node states, the
 * port-labelled graph and node positions, disconnection/connection detectors, messages in
 * transit, pending application calls, operation status and persistent neighbourhoods, and
 * executions under way.
 *
 * <p>Deliberately left out: the time (round), message sequence numbers and send rounds,
 * connection ids, statistics and the random stream. Two configurations reached at different times
 * by different histories are therefore equal when nothing the protocol can observe differs —
 * which is what the state-space explorer needs. Messages in transit are compared as a multiset
 * per port with unordered channels, and as a sequence per port with FIFO channels.
 */
public final class Configuration {
    private static final Comparator<Object[]> UNORDERED = Comparator
            .<Object[]>comparingInt(e -> (Integer) e[0])
            .thenComparing(e -> ((Message) e[1]).label())
            .thenComparingInt(e -> e[1].hashCode());
    private static final Comparator<Object[]> BY_PORT = Comparator.comparingInt(e -> (Integer) e[0]);

    private final NodeState[] states;
    private final long[] words;
    private final double[] positions;
    private final Object[][][] inboxes;
    private final Call[][] calls;
    private final StagedExecution[] inFlight;
    private final int hash;

    Configuration(SimulationState world, int delta) {
        int n = world.states.length;
        TimeVaryingGraph g = world.graph;
        states = new NodeState[n];
        NodeState[] live = world.states;
        for (int u = 0; u < n; u++) states[u] = live[u].copy();
        words = new long[n * (delta + 5)];
        int w = 0;
        PortSets persistent = world.persistentPorts;
        for (int u = 0; u < n; u++) {
            for (int p = 1; p <= delta; p++) {
                words[w++] = ((long) g.peer(u, p) << 32) | (g.peerPort(u, p) & 0xFFFFFFFFL);
            }
            words[w++] = g.pendingDisconnections(u);
            words[w++] = g.pendingConnections(u);
            words[w++] = world.status(u).ordinal();
            words[w++] = persistent.get(u);
            words[w++] = 0;
        }
        positions = new double[2 * n];
        for (int u = 0; u < n; u++) {
            positions[2 * u] = g.x(u);
            positions[2 * u + 1] = g.y(u);
        }
        Channels ch = world.channels;
        inboxes = new Object[n][][];
        Comparator<Object[]> order = ch.discipline() == ChannelDiscipline.FIFO ? BY_PORT : UNORDERED;
        for (int u = 0; u < n; u++) {
            int s = ch.size(u);
            Object[][] box = new Object[s][];
            int i = 0;
            for (int k = ch.first(u); k >= 0; k = ch.next(k)) box[i++] = new Object[] {ch.toPort(k), ch.message(k)};
            Arrays.sort(box, order); // stable: FIFO keeps send order within a port
            inboxes[u] = box;
        }
        ArrayDeque<Call>[] q = world.calls;
        calls = new Call[n][];
        for (int u = 0; u < n; u++) calls[u] = q[u] == null ? new Call[0] : q[u].toArray(new Call[0]);
        inFlight = world.inFlightSnapshot();
        hash = computeHash();
    }

    private int computeHash() {
        int h = Arrays.hashCode(states);
        h = h * 31 + Arrays.hashCode(words);
        h = h * 31 + Arrays.hashCode(positions);
        for (Object[][] box : inboxes) {
            for (Object[] e : box) h = h * 31 + ((Integer) e[0] * 17 + e[1].hashCode());
            h = h * 31 + box.length;
        }
        h = h * 31 + Arrays.deepHashCode(calls);
        if (inFlight != null) for (StagedExecution f : inFlight) h = h * 31 + StagedExecution.hash(f);
        return h;
    }

    public NodeState state(int u) {
        return states[u];
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof Configuration c) || c.hash != hash) return false;
        if (!Arrays.equals(words, c.words) || !Arrays.equals(positions, c.positions)
                || !Arrays.equals(states, c.states) || !Arrays.deepEquals(calls, c.calls)) {
            return false;
        }
        for (int u = 0; u < inboxes.length; u++) {
            Object[][] a = inboxes[u];
            Object[][] b = c.inboxes[u];
            if (a.length != b.length) return false;
            for (int i = 0; i < a.length; i++) {
                if (!a[i][0].equals(b[i][0]) || !a[i][1].equals(b[i][1])) return false;
            }
        }
        if ((inFlight == null) != (c.inFlight == null)) return false;
        if (inFlight != null) {
            for (int u = 0; u < inFlight.length; u++) {
                if (!StagedExecution.same(inFlight[u], c.inFlight[u])) return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
