package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lockstep.core.Check;
import dev.lockstep.core.Violation;
import dev.lockstep.core.Workers;
import dev.lockstep.core.check.FakeView;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;

/**
 * The check's cycle searches (peeling the whole graph, searching from the changed nodes, the full
 * search that reports) against a plain recursive search written here, on random dependency graphs:
 * random links of up to 40 nodes (Δ from 2 to 7, or 30 to 63), random P and W, competing or not, some cuts not yet processed,
 * over a sequence of rounds each changing a few or many nodes, and in a third of them an edge linked
 * again from the same port to another node (a new dependency edge that no port mask shows). A run's instance and a fresh full
 * pass report a cycle exactly when the plain search finds one, and the same cycle; half the runs
 * peel on three threads in ranges of one word (64 vertices), and a quarter have up to 400 nodes,
 * so the sweeps' ranges split the graph. The suite fixes jqwik's seeds (PropertySeeds).
 */
class AcyclicDependenciesProperties {
    private static final Workers THREE = new Workers(3);

    @Property(tries = 300)
    void theSearchesFindACycleExactlyWhenThereIsOne(@ForAll long seed) {
        Random r = new Random(seed);
        int n = r.nextInt(4) == 0 ? 40 + r.nextInt(361) : 2 + r.nextInt(39);
        boolean shared = r.nextBoolean();
        // Δ up to 31 keeps the masks in ints, above in longs: both, and the boundary
        int delta = r.nextInt(4) == 0 ? 30 + r.nextInt(34) : 2 + r.nextInt(6);
        FakeView v = new FakeView(n, delta);
        for (int u = 0; u < n; u++) v.states[u] = new LmeState(delta, true);
        for (int u = 0; u < n; u++) {
            for (int p = 1; p <= delta; p++) {
                if (v.peer[u][p] >= 0 || r.nextInt(3) == 0) continue;
                int w = r.nextInt(n);
                for (int q = 1; q <= delta; q++) {
                    if (w != u && v.peer[w][q] < 0) {
                        v.link(u, p, w, q);
                        break;
                    }
                }
            }
        }
        if (shared) v.workers = THREE;
        Check running = shared ? AcyclicDependenciesCheck.forRun(1) : new AcyclicDependenciesCheck().forRun();
        boolean wasCycle = false;
        for (int round = 0; round < 30; round++) {
            v.round = round;
            List<Integer> changed = new ArrayList<>();
            boolean[] touched = new boolean[n];
            if (round > 0 && r.nextInt(3) == 0) relink(v, r, touched);
            int changes = r.nextBoolean() ? 1 + r.nextInt(2) : n;
            for (int u = 0; u < n; u++) {
                if (round > 0 && r.nextInt(n) >= changes) {
                    if (touched[u]) changed.add(u); // its ports changed, its state not
                    continue;
                }
                changed.add(u);
                LmeState s = (LmeState) v.states[u];
                s.state(r.nextInt(3) == 0 ? LmeState.State.COMPETE : LmeState.State.WIN);
                s.W(r.nextInt(4) == 0 ? r.nextLong() & mask(delta) & ~1L : 0);
                s.P(r.nextInt(4) == 0 ? r.nextLong() & mask(delta) : 0);
                v.unprocessed[u] = r.nextInt(8) == 0 ? 1L << (1 + r.nextInt(delta)) : 0;
            }
            List<Violation> incremental = new ArrayList<>();
            running.endOfRound(v, changed.stream().mapToInt(Integer::intValue).toArray(), incremental);
            List<Violation> full = new ArrayList<>();
            new AcyclicDependenciesCheck().endOfRound(v, full);
            boolean cycle = hasCycle(v);
            assertEquals(cycle ? 1 : 0, full.size(), "round " + round);
            assertEquals(full, incremental, "round " + round);
            Statistics.collect(cycle ? "cycle" : "none", wasCycle ? "after a cycle" : "after none", shared ? "three threads" : "one");
            wasCycle = cycle;
        }
    }

    /**
     * Cuts an edge u–w and links u's port to another node x on a port x has open, the nodes' states
     * kept: u's masks stay the same ports and now lead to x, a new edge no mask shows.
     */
    static void relink(FakeView v, Random r, boolean[] touched) {
        int n = v.nodeCount();
        int u = r.nextInt(n);
        int p = 1 + r.nextInt(v.delta());
        int w = v.peer(u, p);
        if (w < 0) return;
        int x = r.nextInt(n);
        if (x == u || x == w || v.portTo(u, x) >= 0) return;
        for (int q = 1; q <= v.delta(); q++) {
            if (v.peer[x][q] < 0) {
                v.cut(u, p).link(u, p, x, q);
                touched[u] = touched[w] = touched[x] = true;
                return;
            }
        }
    }

    private static long mask(int delta) {
        return delta >= 63 ? -1L : (1L << (delta + 1)) - 1;
    }

    /** Out-edges as in the check's documentation, by a plain recursive search over every vertex. */
    static boolean hasCycle(FakeView v) {
        int[] colour = new int[2 * v.nodeCount()];
        for (int x = 0; x < colour.length; x++) if (colour[x] == 0 && reachesCycle(v, x, colour)) return true;
        return false;
    }

    private static boolean reachesCycle(FakeView v, int x, int[] colour) {
        colour[x] = 1;
        int u = x >> 1;
        LmeState s = (LmeState) v.states[u];
        long ports = ((x & 1) == 1 ? s.P() : s.state() == LmeState.State.COMPETE ? s.W() : 0) & ~v.unprocessed[u];
        for (int p = 0; p < 64; p++) {
            if ((ports >>> p & 1) == 0) continue;
            int w = v.peer(u, p);
            if (w < 0) continue;
            int y = 2 * w + ((x & 1) == 1 ? 0 : 1);
            if (colour[y] == 1) return true;
            if (colour[y] == 0 && reachesCycle(v, y, colour)) return true;
        }
        colour[x] = 2;
        return false;
    }
}
