package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.LinkChanges;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The time-unit generators in runs: link changes keep the graph connected and its edge count in
 * the band at every round, at the rate asked; the Poisson workload keeps one request per node and
 * the mean time between release and request; both are deterministic and replay exactly.
 *
 * <p>The statistical assertions run one fixed seed, so they are deterministic; each tolerance is
 * at least three standard deviations of the estimate, so it would hold for nearly every seed
 * (the test is not tuned to a lucky one), while a wrong rate (e.g. per node instead of per round,
 * or off by a factor of 1.5) is many deviations away.
 */
class TimeUnitRunProperties {

    static Scenario load(String text) throws ScenarioException {
        return ScenarioLoader.parse(text, "time-units.json");
    }

    static int edgeCount(Simulation sim) {
        int e = 0;
        for (int u = 0; u < sim.nodeCount(); u++) e += Long.bitCount(sim.ports(u) & ~1L);
        return e / 2;
    }

    static boolean connected(Simulation sim) {
        int n = sim.nodeCount();
        boolean[] seen = new boolean[n];
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        queue[tail++] = 0;
        seen[0] = true;
        while (head < tail) {
            int u = queue[head++];
            for (long s = sim.ports(u) & ~1L; s != 0; s &= s - 1) {
                int v = sim.peer(u, Long.numberOfTrailingZeros(s));
                if (!seen[v]) {
                    seen[v] = true;
                    queue[tail++] = v;
                }
            }
        }
        return tail == n;
    }

    /** Counts the link changes (links and cuts after round 0) and the messages they lost. */
    static final class ChangeCounter implements SimulationListener {
        int links;
        int cuts;
        int lostMessages;

        @Override
        public void linked(int round, int u, int pu, int v, int pv) {
            if (round > 0) links++;
        }

        @Override
        public void cut(int round, int u, int pu, int v, int pv, List<Envelope> lost) {
            cuts++;
            lostMessages += lost.size();
        }
    }

    @Property(tries = 40)
    void linkChangesKeepTheGraphConnectedAndTheEdgeCountInTheBand(
            @ForAll @IntRange(min = 3, max = 16) int n, @ForAll @IntRange(min = 0, max = 100_000) int graphSeed,
            @ForAll @IntRange(min = 0, max = 100_000) int seed, @ForAll @IntRange(min = 1, max = 40) int tenthsRate,
            @ForAll @IntRange(min = 0, max = 5) int tolerancePercentFives, @ForAll @IntRange(min = 0, max = 6) int densityTenths,
            @ForAll boolean onlyIdleLinks) throws Exception {
        double tolerance = tolerancePercentFives * 0.05;
        String text = TimeUnitTexts.krl(n, graphSeed, densityTenths / 10.0, seed, 200,
                "\"linkChanges\": {\"rate\": " + tenthsRate / 10.0 + ", \"tolerance\": " + tolerance
                        + ", \"onlyIdleLinks\": " + onlyIdleLinks + "}",
                "\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 4}");
        Scenario s = load(text);
        int initial = s.edges().length / 2;
        LinkChanges lc = s.linkChanges();
        Engine engine = s.engine();
        Simulation sim = engine.simulation();
        ChangeCounter changes = new ChangeCounter();
        sim.addListener(changes);
        for (int r = 0; r < s.rounds(); r++) {
            engine.stepRound();
            int e = edgeCount(sim);
            assertTrue(connected(sim), () -> "disconnected after round " + sim.round() + "\n" + text);
            assertTrue(e >= Math.min(initial, lc.minEdges(initial)) && e <= lc.maxEdges(initial),
                    "edge count " + e + " outside [" + lc.minEdges(initial) + ", " + lc.maxEdges(initial) + "] of " + initial);
        }
        if (onlyIdleLinks) assertEquals(0, changes.lostMessages, "an idle link carries no message to lose");
        if (lc.maxEdges(initial) == initial && lc.minEdges(initial) == initial) {
            assertEquals(0, changes.links + changes.cuts, "a band of one count allows no change");
        }
    }

    @Test
    void linkChangesComeAtTheRateAskedBothWays() throws Exception {
        // the paper's high mobility: one change per 50 time units; 50,000 rounds expect 1,000 changes
        // (Poisson: sd ≈ 32), so ±10 % is more than three deviations
        Scenario s = load(TimeUnitTexts.krl(12, 5, 0.25, 11, 50_000, "\"linkChanges\": {\"rate\": 0.02}"));
        Engine engine = s.engine();
        ChangeCounter changes = new ChangeCounter();
        engine.simulation().addListener(changes);
        engine.runUntil(s.rounds());
        int total = changes.links + changes.cuts;
        double meanGap = (s.rounds() - 1) / (double) total;
        assertEquals(50, meanGap, 5, "mean rounds between link changes");
        assertTrue(changes.links > 300 && changes.cuts > 300, changes.links + " links, " + changes.cuts + " cuts");
        assertTrue(Math.abs(changes.links - changes.cuts) <= 3, "the count stays near the start: links − cuts is the drift");
    }

    /** Gaps from a node's release to its next Lock call, and checks of one request at a time. */
    static final class Requests implements SimulationListener {
        final Simulation sim;
        final int hold;
        final Call[] last;
        final List<Integer> gaps = new ArrayList<>();

        Requests(Simulation sim, int hold) {
            this.sim = sim;
            this.hold = hold;
            this.last = new Call[sim.nodeCount()];
        }

        @Override
        public void called(int round, int u, Call call) {
            if (call == Call.LOCK) {
                assertEquals(OperationStatus.IDLE, sim.status(u), "a Lock call at a node with a request outstanding");
                assertTrue(last[u] == null || last[u] == Call.UNLOCK, "two Lock calls without an Unlock between");
                if (last[u] != null) gaps.add(round - sim.statusSince(u));
            } else {
                assertEquals(OperationStatus.LOCKED, sim.status(u));
                assertEquals(hold, round - sim.statusSince(u), "Unlock after hold rounds in the critical section");
            }
            last[u] = call;
        }
    }

    @Test
    void poissonRequestsComeOneAtATimeWithTheMeanGapAsked() throws Exception {
        Scenario s = load(TimeUnitTexts.krl(12, 3, 0.3, 5, 20_000,
                "\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 10, \"hold\": 1}"));
        Engine engine = s.engine();
        Requests requests = new Requests(engine.simulation(), 1);
        engine.simulation().addListener(requests);
        engine.runUntil(s.rounds());
        List<Integer> gaps = requests.gaps;
        assertTrue(gaps.size() > 5000, "enough requests served: " + gaps.size());
        double mean = gaps.stream().mapToInt(Integer::intValue).average().orElseThrow();
        // geometric with mean 10: sd ≈ 9.5, so the mean of > 5,000 gaps has sd < 0.14; ±0.5 is > 3.5 deviations
        assertEquals(10, mean, 0.5, "mean rounds from release to the next request");
        // memoryless: P(gap > 10) = 0.9^10 ≈ 0.349 (a constant gap of 10 would give 0, a uniform 1..19 0.47)
        double longer = gaps.stream().filter(g -> g > 10).count() / (double) gaps.size();
        assertEquals(Math.pow(0.9, 10), longer, 0.025, "the tail of the gaps");
        assertTrue(gaps.stream().allMatch(g -> g >= 1), "a release and the next request are in different rounds");
    }

    @Test
    void onlyIdleLinksLosesNoMessageWhereTheDefaultLosesSome() throws Exception {
        String workload = "\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 5}";
        int[] lost = new int[2];
        for (int i = 0; i < 2; i++) {
            Scenario s = load(TimeUnitTexts.krl(16, 4, 0.2, 9, 3000,
                    "\"linkChanges\": {\"rate\": 0.5, \"onlyIdleLinks\": " + (i == 1) + "}", workload));
            Engine engine = s.engine();
            ChangeCounter changes = new ChangeCounter();
            engine.simulation().addListener(changes);
            engine.runUntil(s.rounds());
            assertTrue(changes.cuts > 500, "a busy run: " + changes.cuts + " removals");
            lost[i] = changes.lostMessages;
        }
        assertTrue(lost[0] > 0, "removals of busy links lose their messages");
        assertEquals(0, lost[1]);
    }

    @Test
    void aRateOfZeroIsTheRunWithoutLinkChanges() throws Exception {
        String workload = "\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 6}";
        Scenario none = load(TimeUnitTexts.krl(9, 2, 0.3, 8, 300, workload));
        Scenario zero = load(TimeUnitTexts.krl(9, 2, 0.3, 8, 300, "\"linkChanges\": {\"rate\": 0}", workload));
        assertEquals(DeterminismTest.body(DeterminismTest.trace(none, 8)), DeterminismTest.body(DeterminismTest.trace(zero, 8)));
        Scenario some = load(TimeUnitTexts.krl(9, 2, 0.3, 8, 300, "\"linkChanges\": {\"rate\": 0.05}", workload));
        assertNotEquals(DeterminismTest.body(DeterminismTest.trace(none, 8)), DeterminismTest.body(DeterminismTest.trace(some, 8)));
    }

    @Property(tries = 8)
    void bothGeneratorsAreDeterministicAndReplay(@ForAll @IntRange(min = 4, max = 14) int n,
                                                 @ForAll @IntRange(min = 0, max = 100_000) int graphSeed,
                                                 @ForAll @IntRange(min = 0, max = 100_000) int seed) throws Exception {
        String text = TimeUnitTexts.krl(n, graphSeed, 0.3, seed, 300,
                "\"linkChanges\": {\"rate\": 0.2, \"tolerance\": 0.2}",
                "\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 5, \"hold\": 1, \"until\": 250}");
        Scenario s = load(text);
        String a = DeterminismTest.trace(s, s.seed());
        assertEquals(a, DeterminismTest.trace(load(text), s.seed()), "same file, same seed: same trace");
        Scenario saved = load(ScenarioWriter.toText(s.json()));
        assertEquals(s.linkChanges(), saved.linkChanges());
        assertEquals(s.workload(), saved.workload());
        assertEquals(a, DeterminismTest.trace(saved, s.seed()), "load, save, load: same trace");
        DeterminismTest.assertReplays(a);
        assertNotEquals(DeterminismTest.body(a), DeterminismTest.body(DeterminismTest.trace(s, s.seed() + 1)));
    }
}
