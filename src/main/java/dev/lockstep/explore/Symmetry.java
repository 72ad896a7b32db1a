package dev.lockstep.explore;

import dev.lockstep.core.Call;
import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.Channels;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.Message;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.TimeVaryingGraph;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Symmetry reduction ({@link Reductions#symmetry}): a state and its image under an automorphism of
 * the port-labelled graph are one state, for protocols whose nodes are {@link
 * dev.lockstep.core.Protocol#anonymous() anonymous}.
 *
 * <h2>Which permutations</h2>
 * A permutation π of the nodes is used when it preserves the current graph with its ports
 * (u's port p leads to v's port q iff π(u)'s port p leads to π(v)'s port q; open ports stay open)
 * and maps the explorer's potential edges onto themselves (they decide which links may come).
 * Then everything the future of a state depends on is carried along: node states, ports,
 * disconnection and connection detectors, persistent ports and messages are all port-local, and
 * the lowest-port assignment of a later link picks the same ports at π(u) as at u. They are found
 * by backtracking from the lowest unmapped node: once u ↦ v, every port of u forces the image of
 * its peer, so a connected component's automorphism is fixed by one node's image. The list is
 * cached per topology (cuts and links change it).
 *
 * <h2>Canonical form</h2>
 * Each state is encoded as an int array (the topology counter, then per node: its state, its
 * status, each port's peer (renamed) and peer port, detectors, persistent ports, Lock and stray
 * counters, pending calls, and its inbox as a sorted multiset of (port, message) with unordered
 * channels, as per-port sequences with FIFO ones). Node states and messages are numbered by
 * equality the first time they are seen (a table shared by the whole exploration), so the
 * encoding is exact: two states have the same encoding iff their configurations and counters
 * are equal. The key of a state is the least encoding over the automorphisms; two states get the
 * same key iff one is an automorphic image of the other. The state kept in the tree is the one
 * actually reached, so paths replay without any renaming.
 *
 * <h2>What is left out</h2>
 * Positions: the explorer moves no node (no mobility model runs; links come from the potential
 * edges, which π must preserve), anonymous protocols and the checks do not read positions, so
 * they are constants of an exploration and left out of the key. Time, message ids and the random
 * stream are left out as the {@link dev.lockstep.core.Configuration} leaves them out.
 * Executions under way are refused (the explorer never has any: each step executes at once).
 */
final class Symmetry {
    private final int n;
    private final int delta;
    private final boolean fifo;
    private final long[] potential;
    private final Map<NodeState, Integer> stateIds = new ConcurrentHashMap<>();
    private final Map<Message, Integer> messageIds = new ConcurrentHashMap<>();
    private final AtomicInteger nextState = new AtomicInteger();
    private final AtomicInteger nextMessage = new AtomicInteger();
    private final Map<Topology, int[][]> automorphisms = new ConcurrentHashMap<>();

    private Symmetry(Simulation start, ExplorerSettings settings) {
        n = start.nodeCount();
        delta = start.delta();
        fifo = start.channels().discipline() == ChannelDiscipline.FIFO;
        Set<Long> pairs = new HashSet<>();
        for (int[] e : settings.potentialEdges()) pairs.add(pair(e[0], e[1]));
        potential = pairs.stream().mapToLong(Long::longValue).sorted().toArray();
    }

    /**
     * The symmetry of an exploration, or null when {@code settings} do not ask for it or the
     * protocol is not anonymous ({@link #refusal} says why).
     */
    static Symmetry of(Simulation start, ExplorerSettings settings) {
        return refusal(start, settings) == null ? new Symmetry(start, settings) : null;
    }

    /** Why symmetry is off for this exploration (null: it is on). */
    static String refusal(Simulation start, ExplorerSettings settings) {
        if (!settings.reductions().symmetry()) return "not asked for";
        if (!start.protocol().anonymous()) return start.protocol().name() + " is not anonymous";
        return null;
    }

    /** The canonical key of a state: equal for two states iff one is an automorphic image of the other. */
    CanonicalKey key(Simulation sim, byte[] counters) {
        Canonical c = canonical(sim, counters);
        return new CanonicalKey(c.encoding, c.pi);
    }

    /** The least encoding and the automorphism giving it. */
    Canonical canonical(Simulation sim, byte[] counters) {
        if (sim.executionsInFlight() != 0) throw new IllegalStateException("symmetry: executions under way");
        int[][] blocks = new int[n][];
        for (int u = 0; u < n; u++) blocks[u] = block(sim, counters, u);
        int[][] autos = automorphisms(sim.graph());
        int[] best = null;
        int[] bestPi = null;
        for (int[] pi : autos) {
            int[] e = encode(blocks, pi, counters[n]);
            if (best == null || Arrays.compare(e, best) < 0) {
                best = e;
                bestPi = pi;
            }
        }
        return new Canonical(best, bestPi);
    }

    /** The least encoding of a state and the permutation (old node ↦ new node) that gives it. */
    record Canonical(int[] encoding, int[] pi) {}

    /** Node u's part of the encoding, its peers still named as they are (slots 2 + 2(p − 1)). */
    private int[] block(Simulation sim, byte[] counters, int u) {
        TimeVaryingGraph g = sim.graph();
        List<Call> calls = sim.pendingCalls(u);
        Channels ch = sim.channels();
        int inbox = ch.size(u);
        int[] b = new int[2 + 2 * delta + 6 + 2 + 1 + calls.size() + 1 + 2 * inbox];
        int w = 0;
        b[w++] = stateId(sim.state(u));
        b[w++] = sim.status(u).ordinal();
        for (int p = 1; p <= delta; p++) {
            b[w++] = g.peer(u, p);
            b[w++] = g.peerPort(u, p);
        }
        w = putLong(b, w, g.pendingDisconnections(u));
        w = putLong(b, w, g.pendingConnections(u));
        w = putLong(b, w, sim.persistentPorts(u));
        b[w++] = counters[u];
        b[w++] = counters.length > n + 1 ? counters[n + 1 + u] : 0;
        b[w++] = calls.size();
        for (Call c : calls) b[w++] = c.ordinal();
        b[w++] = inbox;
        long[] msgs = new long[inbox];
        for (int i = 0; i < inbox; i++) {
            Envelope e = ch.get(u, i);
            msgs[i] = ((long) e.toPort() << 32) | messageId(e.message());
        }
        if (fifo) {
            // A sequence per port: a stable sort by port keeps each port's send order.
            Long[] boxed = Arrays.stream(msgs).boxed().toArray(Long[]::new);
            Arrays.sort(boxed, (x, y) -> Integer.compare((int) (x >>> 32), (int) (y >>> 32)));
            for (int i = 0; i < inbox; i++) msgs[i] = boxed[i];
        } else {
            Arrays.sort(msgs); // a multiset per port
        }
        for (long m : msgs) {
            b[w++] = (int) (m >>> 32);
            b[w++] = (int) m;
        }
        return b;
    }

    private static int putLong(int[] b, int w, long v) {
        b[w] = (int) (v >>> 32);
        b[w + 1] = (int) v;
        return w + 2;
    }

    private int[] encode(int[][] blocks, int[] pi, int topologyChanges) {
        int[] inverse = new int[n];
        int length = 1;
        for (int u = 0; u < n; u++) {
            inverse[pi[u]] = u;
            length += blocks[u].length;
        }
        int[] e = new int[length];
        e[0] = topologyChanges;
        int w = 1;
        for (int i = 0; i < n; i++) {
            int[] b = blocks[inverse[i]];
            System.arraycopy(b, 0, e, w, b.length);
            for (int p = 0; p < delta; p++) {
                int peer = b[2 + 2 * p];
                if (peer >= 0) e[w + 2 + 2 * p] = pi[peer];
            }
            w += b.length;
        }
        return e;
    }

    private int stateId(NodeState s) {
        Integer id = stateIds.get(s);
        if (id != null) return id;
        return stateIds.computeIfAbsent(s.copy(), k -> nextState.getAndIncrement());
    }

    private int messageId(Message m) {
        return messageIds.computeIfAbsent(m, k -> nextMessage.getAndIncrement());
    }

    /** Every automorphism of the current port-labelled graph that preserves the potential edges; the identity first. */
    int[][] automorphisms(TimeVaryingGraph g) {
        int[] peers = new int[n * delta * 2];
        for (int u = 0; u < n; u++) {
            for (int p = 1; p <= delta; p++) {
                peers[2 * (u * delta + p - 1)] = g.peer(u, p);
                peers[2 * (u * delta + p - 1) + 1] = g.peerPort(u, p);
            }
        }
        return automorphisms.computeIfAbsent(new Topology(peers), this::search);
    }

    private int[][] search(Topology t) {
        List<int[]> out = new ArrayList<>();
        int[] pi = new int[n];
        Arrays.fill(pi, -1);
        backtrack(t.peers, pi, new boolean[n], out);
        out.sort(Arrays::compare); // the identity is the least
        return out.toArray(new int[0][]);
    }

    private void backtrack(int[] peers, int[] pi, boolean[] used, List<int[]> out) {
        int u = 0;
        while (u < n && pi[u] >= 0) u++;
        if (u == n) {
            if (preservesPotentialEdges(pi)) out.add(pi.clone());
            return;
        }
        for (int v = 0; v < n; v++) {
            if (used[v]) continue;
            List<Integer> assigned = new ArrayList<>();
            if (extend(peers, pi, used, u, v, assigned)) backtrack(peers, pi, used, out);
            for (int x : assigned) {
                used[pi[x]] = false;
                pi[x] = -1;
            }
        }
    }

    /** Maps u ↦ v and everything that forces through ports; false on a contradiction (undo {@code assigned} either way). */
    private boolean extend(int[] peers, int[] pi, boolean[] used, int u, int v, List<Integer> assigned) {
        pi[u] = v;
        used[v] = true;
        assigned.add(u);
        for (int i = 0; i < assigned.size(); i++) {
            int x = assigned.get(i);
            int y = pi[x];
            for (int p = 0; p < delta; p++) {
                int xp = peers[2 * (x * delta + p)];
                int yp = peers[2 * (y * delta + p)];
                if ((xp < 0) != (yp < 0)) return false;
                if (xp < 0) continue;
                if (peers[2 * (x * delta + p) + 1] != peers[2 * (y * delta + p) + 1]) return false;
                if (pi[xp] < 0) {
                    if (used[yp]) return false;
                    pi[xp] = yp;
                    used[yp] = true;
                    assigned.add(xp);
                } else if (pi[xp] != yp) {
                    return false;
                }
            }
        }
        return true;
    }

    private boolean preservesPotentialEdges(int[] pi) {
        for (long e : potential) {
            if (Arrays.binarySearch(potential, pair(pi[(int) (e >>> 32)], pi[(int) e])) < 0) return false;
        }
        return true;
    }

    private static long pair(int u, int v) {
        return ((long) Math.min(u, v) << 32) | Math.max(u, v);
    }

    /** A graph's ports, as the cache's key. */
    private record Topology(int[] peers) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Topology t && Arrays.equals(t.peers, peers);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(peers);
        }
    }

    /**
     * A state's key under symmetry: its least encoding (what equality compares), and the
     * automorphism that took the state reached to it (not compared: see {@link SleepSets}).
     */
    static final class CanonicalKey {
        private final int[] encoding;
        private final int[] pi;
        private final int hash;

        CanonicalKey(int[] encoding, int[] pi) {
            this.encoding = encoding;
            this.pi = pi;
            this.hash = Arrays.hashCode(encoding);
        }

        /** The automorphism (old node ↦ new node) taking the state reached to this key. */
        int[] pi() {
            return pi;
        }

        /**
         * A 64-bit fingerprint of the key, for a fingerprint set ({@link Fingerprints#of(int[])}).
         * Within one exploration it is a function of the state's orbit (node states and messages
         * are numbered by first sight).
         */
        long fingerprint() {
            return Fingerprints.of(encoding);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CanonicalKey k && k.hash == hash && Arrays.equals(k.encoding, encoding);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
