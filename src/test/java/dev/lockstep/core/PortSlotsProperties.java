package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The graph's port table keeps rows as long as each node's degree in a shared pool (rows move and
 * the pool compacts as degrees change); every public answer must be what a plain Δ + 1 slots per
 * node table gives (and the detectors' pending ports, kept in ints while Δ ≤ 31, what longs give),
 * after any sequence of links and cuts, in copies taken along the way and in the
 * graphs they were copied from, whenever the rows are put back in order ({@link TimeVaryingGraph#settle}).
 */
class PortSlotsProperties {

    /** The table as it was before: Δ + 1 fixed slots a node, nothing moves. */
    static final class Reference {
        final int n;
        final int delta;
        final int[][] peer;
        final int[][] peerPort;
        final int[][] since;
        final int[][] links;
        final long[] pendingD;
        final long[] pendingU;
        int edges;

        Reference(int n, int delta) {
            this.n = n;
            this.delta = delta;
            peer = new int[n][delta + 1];
            peerPort = new int[n][delta + 1];
            since = new int[n][delta + 1];
            links = new int[n][delta + 1];
            pendingD = new long[n];
            pendingU = new long[n];
            for (int u = 0; u < n; u++) {
                java.util.Arrays.fill(peer[u], -1);
                java.util.Arrays.fill(peerPort[u], -1);
                peer[u][0] = u;
                peerPort[u][0] = 0;
            }
        }

        Reference copy() {
            Reference r = new Reference(n, delta);
            for (int u = 0; u < n; u++) {
                r.peer[u] = peer[u].clone();
                r.peerPort[u] = peerPort[u].clone();
                r.since[u] = since[u].clone();
                r.links[u] = links[u].clone();
            }
            System.arraycopy(pendingD, 0, r.pendingD, 0, n);
            System.arraycopy(pendingU, 0, r.pendingU, 0, n);
            r.edges = edges;
            return r;
        }

        long open(int u) {
            long s = 0;
            for (int p = 1; p <= delta; p++) if (peer[u][p] < 0) s |= 1L << p;
            return s;
        }

        int portTo(int u, int v) {
            for (int p = 1; p <= delta; p++) if (peer[u][p] == v) return p;
            return -1;
        }

        void link(int u, int pu, int v, int pv, int round) {
            set(u, pu, v, pv, round);
            set(v, pv, u, pu, round);
            pendingU[u] |= 1L << pu;
            pendingU[v] |= 1L << pv;
            edges++;
        }

        private void set(int u, int p, int v, int q, int round) {
            peer[u][p] = v;
            peerPort[u][p] = q;
            since[u][p] = round;
            links[u][p] = links[u][p] == 255 ? 1 : links[u][p] + 1;
        }

        void cut(int u, int v) {
            int pu = portTo(u, v);
            int pv = peerPort[u][pu];
            peer[u][pu] = peer[v][pv] = -1;
            peerPort[u][pu] = peerPort[v][pv] = -1;
            pendingD[u] |= 1L << pu;
            pendingD[v] |= 1L << pv;
            pendingU[u] &= ~(1L << pu);
            pendingU[v] &= ~(1L << pv);
            edges--;
        }
    }

    static void assertSame(Reference r, TimeVaryingGraph g, String when) {
        assertEquals(r.edges, g.edgeCount(), when);
        for (int u = 0; u < r.n; u++) {
            long ports = 1L;
            for (int p = 0; p <= r.delta; p++) {
                String at = when + ", node " + u + " port " + p;
                assertEquals(r.peer[u][p], g.peer(u, p), at);
                assertEquals(r.peerPort[u][p], g.peerPort(u, p), at);
                boolean linked = p > 0 && r.peer[u][p] >= 0;
                long id = linked ? (long) r.since[u][p] << 8 | r.links[u][p] : 0;
                assertEquals(id, g.connectionId(u, p), at);
                if (linked) {
                    assertEquals(r.since[u][p], g.since(u, p), at);
                    ports |= 1L << p;
                }
            }
            assertEquals(ports, g.ports(u), when + ", node " + u);
            assertEquals(r.pendingD[u], g.pendingDisconnections(u), when + ", D of node " + u);
            assertEquals(r.pendingU[u], g.pendingConnections(u), when + ", U of node " + u);
            assertEquals(Long.bitCount(ports) - 1, g.degree(u), when + ", node " + u);
            int[] row = new int[r.delta + 1];
            int k = 0;
            for (int p = 1; p <= r.delta; p++) if (r.peer[u][p] >= 0) row[k++] = r.peer[u][p];
            int[] got = new int[r.delta + 1];
            assertEquals(k, g.neighbours(u, got), when + ", neighbours of node " + u);
            assertArrayEquals(Arrays.copyOf(row, k), Arrays.copyOf(got, k), when + ", neighbours of node " + u + " in port order");
            assertEquals(r.open(u), g.openPorts(u), when + ", node " + u);
            for (int v = 0; v < r.n; v++) {
                int expected = u == v ? 0 : r.portTo(u, v);
                assertEquals(expected, g.portTo(u, v), when + ", " + u + "→" + v);
                assertEquals(u != v && expected >= 0, g.adjacent(u, v), when + ", " + u + "–" + v);
            }
        }
    }

    /** One step: 0–5 link, 6–8 cut, 9 continue on a copy (checking the original stays as it was). */
    record Op(int kind, int a, int b, int c, int d) {}

    /** {@code firstRound}: where the run's rounds begin (near 65,534 the rounds' storage widens mid-run). */
    record Run(int n, int delta, int firstRound, List<Op> ops) {}

    @Provide
    Arbitrary<Run> runs() {
        Arbitrary<Integer> any = Arbitraries.integers().between(0, 1 << 20);
        Arbitrary<Op> op = Combinators.combine(Arbitraries.integers().between(0, 9), any, any, any, any).as(Op::new);
        return Combinators.combine(
                Arbitraries.integers().between(2, 14),
                Arbitraries.of(1, 2, 3, 4, 6, 16, 31, 63),
                Arbitraries.of(0, 0, RoundArray.NARROW_MAX - 30),
                op.list().ofMaxSize(400)).as(Run::new);
    }

    static int nth(long set, int k) {
        long s = set;
        for (int i = 0; i < k % Long.bitCount(set); i++) s &= s - 1;
        return Long.numberOfTrailingZeros(s);
    }

    static void play(Run run) {
        TimeVaryingGraph g = new TimeVaryingGraph(run.n(), run.delta());
        Reference r = new Reference(run.n(), run.delta());
        int n = run.n();
        int step = 0;
        List<Runnable> originals = new java.util.ArrayList<>();
        for (Op op : run.ops()) {
            int round = run.firstRound() + step++ / 7; // several changes share a round: re-links within one round too
            int u = op.a() % n;
            int v = op.b() % n;
            if (op.kind() <= 5) {
                if (u == v || r.portTo(u, v) >= 0 || r.open(u) == 0 || r.open(v) == 0) continue;
                int pu = nth(r.open(u), op.c());
                int pv = nth(r.open(v), op.d());
                g.link(u, pu, v, pv, round);
                r.link(u, pu, v, pv, round);
            } else if (op.kind() <= 8) {
                // cut an existing edge of u (v picks which), or a non-edge (refused by both)
                long nbrs = g.ports(u) & ~1L;
                if (nbrs != 0 && op.c() % 4 != 0) v = r.peer[u][nth(nbrs, v)];
                boolean adjacent = u != v && r.portTo(u, v) >= 0;
                assertEquals(adjacent, g.cut(u, v, round), "cut " + u + "–" + v);
                if (adjacent) r.cut(u, v);
            } else {
                TimeVaryingGraph original = g;
                Reference before = r.copy();
                g = g.copy();
                assertSame(before, g, "copy at step " + step);
                // the original is left alone by changes to the copy, checked at the end of the run
                final TimeVaryingGraph o = original;
                originals.add(() -> assertSame(before, o, "original copied at a step"));
            }
            if (op.d() % 5 == 0) g.settle(); // a round's end, now and then
            if (op.c() % 3 == 0) { // node u acts: its detectors are snapshotted and emptied
                assertEquals(r.pendingD[u], g.takeDisconnections(u), "take D");
                assertEquals(r.pendingU[u], g.takeConnections(u), "take U");
                r.pendingD[u] = r.pendingU[u] = 0;
            }
            assertSame(r, g, "step " + step);
        }
        originals.forEach(Runnable::run);
    }

    @Property(tries = 300, seed = "13")
    void aRowPerDegreeAnswersAsFixedSlotsDo(@ForAll("runs") Run run) {
        play(run);
    }

    /**
     * A compaction leaves each row {@link PortSlots#SLACK} spare slots (up to Δ): the links a
     * node gains next, as a moving node's neighbours do, then fit without moving its row.
     */
    @Test
    void aCompactionLeavesEachRowRoomForTwoMoreLinks() {
        int n = 400;
        int delta = 8;
        TimeVaryingGraph g = new TimeVaryingGraph(n, delta);
        for (int u = 0; u < n; u++) { // rows grow one link at a time: they move, and leave rooms behind
            for (int d = 1; d <= u % 5 + 1; d++) {
                int v = (u + 7 * d) % n;
                if (g.adjacent(u, v) || g.openPorts(u) == 0 || g.openPorts(v) == 0) continue;
                g.link(u, Long.numberOfTrailingZeros(g.openPorts(u)), v, Long.numberOfTrailingZeros(g.openPorts(v)), 1);
            }
        }
        g.settle();
        for (int u = 0, at = 0; u < n; u++) {
            assertEquals(at, g.portRowStart(u), "node " + u + "'s row, laid out in node order");
            assertEquals(Math.min(delta, g.degree(u) + PortSlots.SLACK), g.portRoom(u), "node " + u + " of degree " + g.degree(u));
            at += g.portRoom(u);
        }
        boolean[] linked = new boolean[n];
        for (int u = 0; u < n; u += 3) { // as many more links as Δ and the slack allow: no row moves
            if (linked[u]) continue; // a link to it since the compaction took some of its slack
            int before = g.portRowStart(u);
            int more = Math.min(PortSlots.SLACK, delta - g.degree(u));
            for (int k = 0, v = (u + 101) % n; k < more && v != u; v = (v + 13) % n) {
                if (g.adjacent(u, v) || g.openPorts(v) == 0) continue;
                g.link(u, Long.numberOfTrailingZeros(g.openPorts(u)), v, Long.numberOfTrailingZeros(g.openPorts(v)), 2);
                linked[v] = true;
                k++;
                assertEquals(before, g.portRowStart(u), "node " + u + "'s row moved at its link " + k + " after the compaction");
            }
        }
    }

    /** Enough nodes and churn for rows to move and the pool to compact many times over. */
    @Test
    void manyNodesWithChurnAnswerAsFixedSlotsDo() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(13);
        int n = 300;
        int delta = 16;
        TimeVaryingGraph g = new TimeVaryingGraph(n, delta);
        Reference r = new Reference(n, delta);
        for (int i = 0; i < 20_000; i++) {
            int u = rnd.nextInt(n);
            int v = rnd.nextInt(n);
            int round = i / 50;
            if (rnd.nextInt(3) > 0) {
                if (u == v || r.portTo(u, v) >= 0 || r.open(u) == 0 || r.open(v) == 0) continue;
                int pu = nth(r.open(u), rnd.nextInt(64));
                int pv = nth(r.open(v), rnd.nextInt(64));
                g.link(u, pu, v, pv, round);
                r.link(u, pu, v, pv, round);
            } else if (r.portTo(u, v) >= 0) {
                g.cut(u, v, round);
                r.cut(u, v);
            }
            if (i % 97 == 0) g.settle();
            if (i % 2_000 == 0) {
                assertSame(r, g, "change " + i);
                g = g.copy();
            }
        }
        assertSame(r, g, "the end");
    }
}
