package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The graph's pruned presence history answers every {@code persisted} query it still accepts
 * (rounds at or after the horizon) exactly as the unpruned append-only log did, and refuses the others.
 */
class PresenceHistoryProperties {

    /** The presence log as it was before pruning: every link and cut, scanned on each query. */
    static final class UnprunedLog {
        private final List<int[]> events = new ArrayList<>();

        void record(int round, int u, int v, boolean up) {
            events.add(new int[] {round, Math.min(u, v), up ? Math.max(u, v) : ~Math.max(u, v)});
        }

        boolean persisted(int u, int v, int i, int j) {
            int a = Math.min(u, v);
            int b = Math.max(u, v);
            int upSince = -1;
            boolean up = false;
            for (int[] e : events) {
                if (e[1] != a) continue;
                boolean isUp = e[2] >= 0;
                if ((isUp ? e[2] : ~e[2]) != b) continue;
                if (e[0] > j) break;
                up = isUp;
                if (isUp) upSince = e[0];
            }
            return up && upSince <= i;
        }
    }

    /** One round's topology operations: {kind (1 link, 0 cut), u, v}, then a prune or not. */
    record Round(List<int[]> ops, boolean prune, int pruneBack) {}

    @Provide
    Arbitrary<List<Round>> schedules() {
        Arbitrary<int[]> op = Arbitraries.integers().between(0, 2).flatMap(kind ->
                Arbitraries.integers().between(0, 5).list().ofSize(2).map(uv -> new int[] {kind == 0 ? 0 : 1, uv.get(0), uv.get(1)}));
        Arbitrary<Round> round = net.jqwik.api.Combinators.combine(op.list().ofMaxSize(6), Arbitraries.integers().between(0, 3)
                .map(x -> x == 0), Arbitraries.integers().between(0, 6)).as(Round::new);
        return round.list().ofMinSize(1).ofMaxSize(30);
    }

    @Property(tries = 100)
    void prunedHistoryAnswersLikeTheFullLog(@ForAll("schedules") List<Round> schedule, @ForAll @IntRange(min = 1, max = 3) int delta) {
        int n = 6;
        TimeVaryingGraph g = new TimeVaryingGraph(n, delta);
        UnprunedLog reference = new UnprunedLog();
        int horizon = 0;
        for (int round = 0; round < schedule.size(); round++) {
            Round r = schedule.get(round);
            for (int[] op : r.ops()) apply(g, reference, round, op);
            if (r.prune()) {
                // Any horizon up to the round after this one, as a simulation with no pending request sets it.
                int h = Math.max(horizon, round + 1 - r.pruneBack());
                g.forgetHistoryBefore(h);
                horizon = Math.max(horizon, h);
            }
            assertEquals(horizon, g.historyHorizon());
            if (r.prune() || round == schedule.size() - 1) compareAll(g, reference, n, horizon, round + 2);
        }
    }

    /**
     * With a limit of a few connections, the log never holds more, it forgets the oldest first and
     * only behind its horizon, the horizon is never below the one asked for, and every question
     * from the horizon on is answered as the full log answers it: what a request pending all run
     * long meets.
     */
    @Property(tries = 100)
    void aBoundedHistoryAnswersLikeTheFullLogFromItsHorizon(@ForAll("schedules") List<Round> schedule,
                                                           @ForAll @IntRange(min = 2, max = 7) int limit) {
        int n = 6;
        TimeVaryingGraph g = new TimeVaryingGraph(n, 3, limit);
        UnprunedLog reference = new UnprunedLog();
        int asked = 0;
        List<Integer> cutRounds = new ArrayList<>();
        int checkedAt = 0;
        for (int round = 0; round < schedule.size(); round++) {
            Round r = schedule.get(round);
            for (int[] op : r.ops()) {
                if (apply(g, reference, round, op)) cutRounds.add(round);
                assertTrue(g.historySize() <= limit, g.historySize() + " connections kept, limit " + limit);
                // the oldest connections are forgotten first, and only those the horizon passed
                int forgotten = cutRounds.size() - g.historySize();
                assertTrue(forgotten >= 0 && (forgotten == 0 || cutRounds.get(forgotten - 1) <= g.historyHorizon()),
                        forgotten + " forgotten of the connections cut in rounds " + cutRounds + ", horizon " + g.historyHorizon());
            }
            if (r.prune()) {
                asked = Math.max(asked, round + 1 - r.pruneBack());
                g.forgetHistoryBefore(asked);
            }
            assertTrue(g.historyHorizon() >= asked, "the horizon " + g.historyHorizon() + " is below the one asked for, " + asked);
            boolean last = round == schedule.size() - 1;
            if (g.historyHorizon() != checkedAt || last) compareAll(g, reference, n, g.historyHorizon(), round + 2);
            if (last) compareAll(g.copy(), reference, n, g.historyHorizon(), round + 2);
            checkedAt = g.historyHorizon();
        }
    }

    /**
     * One operation of a schedule on the graph and on the reference: a link when the two are apart
     * and both have an open port, a cut when they are adjacent, else nothing. Returns whether it cut.
     */
    private static boolean apply(TimeVaryingGraph g, UnprunedLog reference, int round, int[] op) {
        int u = op[1];
        int v = op[2];
        if (op[0] == 1) {
            if (u == v || g.adjacent(u, v) || !g.hasOpenPort(u) || !g.hasOpenPort(v)) return false;
            g.link(u, Long.numberOfTrailingZeros(g.openPorts(u)), v, Long.numberOfTrailingZeros(g.openPorts(v)), round);
            reference.record(round, u, v, true);
            return false;
        }
        if (!g.cut(u, v, round)) return false;
        reference.record(round, u, v, false);
        return true;
    }

    private static void compareAll(TimeVaryingGraph g, UnprunedLog reference, int n, int horizon, int last) {
        for (int u = 0; u < n; u++) {
            for (int v = u; v < n; v++) {
                for (int i = 0; i <= last; i++) {
                    for (int j = 0; j <= last; j++) {
                        int a = u;
                        int b = v;
                        int from = i;
                        int to = j;
                        if (Math.min(i, j) < horizon) {
                            assertThrows(IllegalStateException.class, () -> g.persisted(a, b, from, to));
                        } else {
                            assertEquals(reference.persisted(u, v, i, j), g.persisted(u, v, i, j),
                                    "persisted(" + u + ", " + v + ", " + i + ", " + j + "), horizon " + horizon);
                            assertEquals(g.persisted(u, v, i, j), g.persisted(v, u, i, j), "symmetric");
                        }
                    }
                }
            }
        }
    }

    @Property(tries = 100)
    void aCopyAnswersLikeItsOriginal(@ForAll("schedules") List<Round> schedule) {
        TimeVaryingGraph g = new TimeVaryingGraph(6, 3);
        UnprunedLog reference = new UnprunedLog();
        int round = 0;
        for (Round r : schedule) {
            for (int[] op : r.ops()) apply(g, reference, round, op);
            if (r.prune()) g.forgetHistoryBefore(Math.max(g.historyHorizon(), round - r.pruneBack()));
            round++;
        }
        TimeVaryingGraph copy = g.copy();
        compareAll(copy, reference, 6, g.historyHorizon(), round + 1);
    }
}
