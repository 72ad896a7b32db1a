package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Check;
import dev.lockstep.core.Violation;
import dev.lockstep.core.check.FakeView;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;

/**
 * The check's certificate of acyclicity ({@link DependencyHeights}), kept by a run's check from
 * round to round and repaired from the new edges, against the full pass, on random dependency
 * graphs that change round after round: each vertex has a rank, and a changed node's new edges
 * mostly lead to a vertex of lower rank, so the graph stays acyclic for many rounds while its
 * edges come and go; now and then an edge goes up (a cycle may close, or not), the ranks are drawn
 * again (the kept heights then disagree with most new edges, and a repair lowers long chains), a
 * port is linked again elsewhere (a new edge no mask shows), a cut is not processed yet. Every
 * round, the run's check reports exactly what a fresh full pass reports, which reports a cycle
 * exactly when a plain recursive search finds one; after every round the run's check decided
 * without a full pass and found no cycle, its heights hold: h[x] &gt; h[y] on every edge x → y.
 * Budgets and limits vary: the default, none at all (every repair that lowers a vertex gives up),
 * one lowering a root, and heights that may not fall below −8 (repairs give up and the heights
 * are built again often).
 */
class DependencyHeightsProperties {
    @Property(tries = 300)
    void theRepairedCertificateDecidesAsTheFullPassAndHolds(@ForAll long seed) {
        Random r = new Random(seed);
        int n = r.nextInt(4) == 0 ? 40 + r.nextInt(261) : 2 + r.nextInt(39);
        int delta = r.nextInt(4) == 0 ? 30 + r.nextInt(34) : 2 + r.nextInt(6);
        FakeView v = new FakeView(n, delta);
        for (int u = 0; u < n; u++) v.states[u] = new LmeState(delta, true);
        for (int u = 0; u < n; u++) {
            for (int p = 1; p <= delta; p++) {
                if (v.peer[u][p] >= 0 || r.nextInt(4) == 0) continue;
                int w = r.nextInt(n);
                for (int q = 1; q <= delta; q++) {
                    if (w != u && v.peer[w][q] < 0) {
                        v.link(u, p, w, q);
                        break;
                    }
                }
            }
        }
        String budget = List.of("default", "none", "one a root", "limit 8").get(r.nextInt(4));
        DependencyHeights heights = switch (budget) {
            case "none" -> new DependencyHeights(0, DependencyHeights.LIMIT);
            case "one a root" -> new DependencyHeights(1, DependencyHeights.LIMIT);
            case "limit 8" -> new DependencyHeights(4, 8);
            default -> new DependencyHeights(4, DependencyHeights.LIMIT);
        };
        if (r.nextBoolean()) v.workers = new dev.lockstep.core.Workers(3);
        Check running = AcyclicDependenciesCheck.forRun(1, heights);
        // an edge up in a rank: 1 in `up` (0: never, so most runs stay acyclic throughout)
        int up = List.of(0, 0, 40, 200).get(r.nextInt(4));
        int[] rank = ranks(r, 2 * n);
        boolean wasCycle = false;
        int certified = 0;
        for (int round = 0; round < 40; round++) {
            v.round = round;
            boolean[] touched = new boolean[n];
            if (round > 0 && r.nextInt(3) == 0) AcyclicDependenciesProperties.relink(v, r, touched);
            if (round > 0 && r.nextInt(8) == 0) rank = ranks(r, 2 * n);
            int changes = List.of(1, 2, Math.max(1, n / 4), n).get(r.nextInt(4));
            List<Integer> changed = new ArrayList<>();
            for (int u = 0; u < n; u++) {
                if (round > 0 && r.nextInt(n) >= changes) {
                    if (touched[u]) changed.add(u); // its ports changed, its state not
                    continue;
                }
                changed.add(u);
                draw(v, r, u, rank, up);
            }
            List<Violation> incremental = new ArrayList<>();
            running.endOfRound(v, changed.stream().mapToInt(Integer::intValue).toArray(), incremental);
            List<Violation> full = new ArrayList<>();
            new AcyclicDependenciesCheck().endOfRound(v, full);
            boolean cycle = AcyclicDependenciesProperties.hasCycle(v);
            assertEquals(cycle ? 1 : 0, full.size(), "round " + round);
            assertEquals(full, incremental, "round " + round);
            if (round > 0 && !wasCycle && !cycle) {
                // the run's check was told the changes after a round without a cycle: it kept, repaired or built its heights
                assertTrue(heights.valid(), "round " + round);
                assertHold(v, heights, round);
                certified++;
            }
            wasCycle = cycle;
        }
        Statistics.label("budget").collect(budget);
        Statistics.label("repairs").collect(heights.repaired > 0 ? "some repaired" : "none repaired");
        Statistics.label("give-ups").collect(heights.gaveUp > 0 ? "some gave up" : "none gave up");
        Statistics.label("certified rounds").collect(certified >= 20 ? "20 or more" : "fewer");
        Statistics.label("repairs").coverage(c -> c.check("some repaired").percentage(p -> p > 50));
        Statistics.label("give-ups").coverage(c -> c.check("some gave up").percentage(p -> p > 20));
        Statistics.label("certified rounds").coverage(c -> c.check("20 or more").percentage(p -> p > 50));
    }

    private static int[] ranks(Random r, int vertices) {
        int[] rank = new int[vertices];
        for (int x = 0; x < vertices; x++) rank[x] = r.nextInt();
        return rank;
    }

    /**
     * u's new state: competing or not, each port's bit in W (port 0 excluded) and P (port 0
     * included) set by half when its edge leads down in rank, else by one in {@code up} (never when
     * 0); a bit now and then on an open port (no edge), a cut not processed now and then.
     */
    private static void draw(FakeView v, Random r, int u, int[] rank, int up) {
        LmeState s = (LmeState) v.states[u];
        s.state(r.nextInt(3) == 0 ? LmeState.State.WIN : LmeState.State.COMPETE);
        long w = 0;
        long p = 0;
        for (int port = 0; port <= v.delta(); port++) {
            int peer = v.peer(u, port);
            if (peer < 0) {
                if (r.nextInt(20) == 0) w |= 1L << port;
                if (r.nextInt(20) == 0) p |= 1L << port;
                continue;
            }
            if (port > 0 && wanted(r, rank[2 * u], rank[2 * peer + 1], up)) w |= 1L << port;
            if (wanted(r, rank[2 * u + 1], rank[2 * peer], up)) p |= 1L << port;
        }
        s.W(w);
        s.P(p);
        v.unprocessed[u] = r.nextInt(10) == 0 ? 1L << (1 + r.nextInt(v.delta())) : 0;
    }

    private static boolean wanted(Random r, int from, int to, int up) {
        return from > to ? r.nextBoolean() : up > 0 && r.nextInt(up) == 0;
    }

    /** h[x] &gt; h[y] on every edge x → y of the graph as documented (as the plain search reads it). */
    private static void assertHold(FakeView v, DependencyHeights heights, int round) {
        for (int x = 0; x < 2 * v.nodeCount(); x++) {
            int u = x >> 1;
            LmeState s = (LmeState) v.states[u];
            long ports = ((x & 1) == 1 ? s.P() : s.state() == LmeState.State.COMPETE ? s.W() : 0) & ~v.unprocessed[u];
            for (int p = 0; p < 64; p++) {
                if ((ports >>> p & 1) == 0 || v.peer(u, p) < 0) continue;
                int y = 2 * v.peer(u, p) + ((x & 1) == 1 ? 0 : 1);
                assertTrue(heights.height(x) > heights.height(y),
                        "round " + round + ": edge " + x + " → " + y + " with heights " + heights.height(x) + ", " + heights.height(y));
            }
        }
    }
}
