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
    /** Whether inboxes are sequences per port (FIFO channels) rather than multisets. */
    private final boolean fifo;
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
        fifo = ch.discipline() == ChannelDiscipline.FIFO;
        Comparator<Object[]> order = fifo ? BY_PORT : UNORDERED;
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

    /** Numbers for the values a configuration holds by reference; see {@link #encode}. */
    public interface Codes {
        long of(NodeState s);

        long of(Message m);
    }

    /**
     * This configuration as a sequence of numbers, node states and messages replaced by their
     * {@code codes}: equal configurations give equal sequences and, when the codes tell unequal
     * values apart, unequal ones give unequal sequences — an exact encoding for fingerprints that
     * uses no {@code hashCode()}. Inboxes are encoded as {@link #equals} compares them: with FIFO
     * channels in send order per port, else as a multiset per port (sorted by code). Codes must
     * be non-negative.
     */
    public long[] encode(Codes codes) {
        int n = states.length;
        long[] out = new long[64];
        int k = 0;
        out[k++] = n;
        out[k++] = words.length;
        for (long w : words) out = put(out, k++, w);
        for (double d : positions) out = put(out, k++, Double.doubleToLongBits(d));
        for (int u = 0; u < n; u++) out = put(out, k++, codes.of(states[u]));
        for (Object[][] box : inboxes) {
            out = put(out, k++, box.length);
            long[] ports = new long[box.length];
            long[] msgs = new long[box.length];
            for (int i = 0; i < box.length; i++) {
                ports[i] = (Integer) box[i][0];
                msgs[i] = codes.of((Message) box[i][1]);
                // A multiset per port: order by (port, code), not by the label and hashCode the box is sorted by.
                for (int j = i; !fifo && j > 0 && (ports[j - 1] > ports[j] || ports[j - 1] == ports[j] && msgs[j - 1] > msgs[j]); j--) {
                    long t = msgs[j - 1];
                    msgs[j - 1] = msgs[j];
                    msgs[j] = t;
                    t = ports[j - 1];
                    ports[j - 1] = ports[j];
                    ports[j] = t;
                }
            }
            for (int i = 0; i < box.length; i++) {
                out = put(out, k++, ports[i]);
                out = put(out, k++, msgs[i]);
            }
        }
        for (Call[] cs : calls) {
            out = put(out, k++, cs.length);
            for (Call c : cs) out = put(out, k++, c.ordinal());
        }
        // Codes are non-negative: -1 stands for null, -2 / -3 for executions not kept / kept.
        out = put(out, k++, inFlight == null ? -2 : -3);
        if (inFlight != null) {
            for (StagedExecution f : inFlight) {
                if (f == null) {
                    out = put(out, k++, -1);
                    continue;
                }
                long[] head = {f.node, f.action, f.end - f.start, f.d, codes.of(f.state), f.events,
                        f.sendPorts == null ? -1 : f.sendPorts.length, f.sendMessages == null ? -1 : f.sendMessages.length};
                for (long h : head) out = put(out, k++, h);
                if (f.sendPorts != null) for (int p : f.sendPorts) out = put(out, k++, p);
                if (f.sendMessages != null) for (Message m : f.sendMessages) out = put(out, k++, m == null ? -1 : codes.of(m));
            }
        }
        return Arrays.copyOf(out, k);
    }

    private static long[] put(long[] a, int i, long v) {
        if (i == a.length) a = Arrays.copyOf(a, a.length * 2);
        a[i] = v;
        return a;
    }
}
