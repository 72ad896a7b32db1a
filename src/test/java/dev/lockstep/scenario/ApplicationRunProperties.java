package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.application.Interactive;
import dev.lockstep.application.population.Agents;
import dev.lockstep.application.population.Transitions;
import dev.lockstep.application.population.ConservationCheck;
import dev.lockstep.application.population.IsolationCheck;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.Violation;
import dev.lockstep.core.adversary.Engine;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Population protocols on top of LME (Sec. 6): with the corrected LME's locks no interaction is
 * ever unisolated and exact majority's #A − #B never changes, over random unit-disk graphs,
 * schedules and mobility; without locks a seeded search finds both broken; runs are
 * deterministic, copies carry the agents, and traces replay.
 */
class ApplicationRunProperties {

    static Scenario load(String text) throws ScenarioException {
        return ScenarioLoader.parse(text, "population.json");
    }

    static List<String> checksViolated(Simulation sim) {
        List<String> out = new ArrayList<>();
        for (Violation v : sim.violations()) if (!out.contains(v.check())) out.add(v.check());
        return out;
    }

    @Property(tries = 60)
    void withLocksInteractionsAreIsolatedAndTheDifferenceIsKept(
            @ForAll @IntRange(min = 4, max = 18) int n, @ForAll @IntRange(min = 0, max = 1000) int layout,
            @ForAll @IntRange(min = 1, max = 1000) int seed, @ForAll @IntRange(min = 0, max = 2) int policy,
            @ForAll @DoubleRange(min = 0, max = 0.6) double move, @ForAll @IntRange(min = 0, max = 3) int hold,
            @ForAll boolean exact) throws Exception {
        String app = exact ? PopulationTexts.exact(n, "neighbourhood", 0.4, hold)
                : PopulationTexts.approximate(n, "neighbourhood", 0.4, hold);
        Engine engine = load(PopulationTexts.scenario(n, layout, seed, 200, PopulationTexts.POLICIES[policy], move, app)).engine();
        Simulation sim = engine.simulation();
        Agents agents = (Agents) sim.application();
        int[] before = {agents.conserved()};
        TableWatcher watcher = new TableWatcher(sim);
        sim.addListener(watcher);
        engine.runUntil(200);
        assertEquals(List.of(), watcher.problems);
        assertFalse(watcher.sawStale, "an isolated interaction never reads stale state");
        Agents end = (Agents) sim.application();
        List<String> broken = checksViolated(sim);
        assertFalse(broken.contains(IsolationCheck.NAME), () -> "isolation broken: " + sim.violations());
        assertFalse(broken.contains(ConservationCheck.NAME), () -> "invariant broken: " + sim.violations());
        assertEquals(before[0], end.conserved(), "the conserved quantity");
        int total = 0;
        for (int s = 0; s < end.table().states().size(); s++) total += end.count(s);
        assertEquals(n, total, "every agent in one state");
        for (int u = 0; u < n; u++) {
            int v = end.partnerOf(u);
            // an open interaction is one between nodes the initiator still holds locked
            if (v >= 0) assertTrue(sim.graph().adjacent(u, v), "open interaction across a cut edge");
        }
    }

    /**
     * Checks every interaction's end against the transition table applied to what its begin read,
     * and notes whether any write found its agents changed since (a stale read).
     */
    static final class TableWatcher implements SimulationListener {
        final Simulation sim;
        final Map<Integer, int[]> reads = new TreeMap<>();
        final List<String> problems = new ArrayList<>();
        boolean sawStale;
        int ended;

        TableWatcher(Simulation sim) {
            this.sim = sim;
        }

        @Override
        public void applicationStep(int round, int u, String kind, int partner, String sentence) {
            Agents a = (Agents) sim.application();
            if (kind.equals(Interactive.BEGIN)) reads.put(u, new int[] {a.state(u), a.state(partner)});
            if (kind.equals(Interactive.ABANDON)) reads.remove(u);
            if (!kind.equals(Interactive.END)) return;
            int[] r = reads.remove(u);
            if (r == null) {
                problems.add("round " + round + ": an end without a begin at " + u);
                return;
            }
            ended++;
            Transitions t = a.table();
            if (a.state(u) != t.initiatorAfter(r[0], r[1]) || a.state(partner) != t.responderAfter(r[0], r[1])) {
                problems.add("round " + round + ": " + sentence + " left " + a.label(u) + ", " + a.label(partner));
            }
            sawStale |= sentence.contains("stale");
        }
    }

    @Test
    void withoutLocksWritesFollowTheTableFromStaleReads() throws Exception {
        Engine engine = load(PopulationTexts.scenario(12, 4, 4, 100, PopulationTexts.POLICIES[1], 0.2,
                PopulationTexts.exact(12, "none", 0.4, 2))).engine();
        TableWatcher watcher = new TableWatcher(engine.simulation());
        engine.simulation().addListener(watcher);
        engine.runUntil(100);
        assertEquals(List.of(), watcher.problems);
        assertTrue(watcher.ended > 50 && watcher.sawStale, "stale writes without locks: " + watcher.ended);
    }

    @Test
    void onTopOfAGlobalMutualExclusionToo() throws Exception {
        // Ricart-Agrawala's lock set is every node: the partner is still a neighbour, and isolated
        String text = PopulationTexts.scenario(8, 2, 3, 400, PopulationTexts.POLICIES[1], 0,
                PopulationTexts.exact(8, "neighbourhood", 0.3, 2))
                .replace("\"protocol\": \"lme\",\n  \"params\": {\"K\": 8, \"variant\": \"corrected\"},",
                        "\"protocol\": \"ricart-agrawala\", \"channels\": \"fifo\",")
                .replace("\"unitDisk\": 1.5", "\"unitDisk\": 100");
        Engine engine = load(text).engine();
        TableWatcher watcher = new TableWatcher(engine.simulation());
        engine.simulation().addListener(watcher);
        engine.runUntil(400);
        assertEquals(List.of(), engine.simulation().violations());
        assertEquals(List.of(), watcher.problems);
        assertTrue(watcher.ended > 10 && !watcher.sawStale, "interactions: " + watcher.ended);
    }

    @Test
    void withLocksAgentsDoInteract() throws Exception {
        // the property above is not vacuous: on a dense static graph interactions happen and converge
        Engine engine = load(PopulationTexts.scenario(10, 3, 5, 1500, PopulationTexts.POLICIES[1], 0,
                PopulationTexts.exact(10, "neighbourhood", 0.5, 1))).engine();
        engine.runUntil(1500);
        Agents a = (Agents) engine.simulation().application();
        assertTrue(a.interactions() > 20, "interactions: " + a.interactions());
        assertEquals(List.of(), engine.simulation().violations());
    }

    @Test
    void withoutLocksASeededSearchFindsBothViolations() throws Exception {
        int isolation = -1, invariant = -1;
        for (int seed = 1; seed <= 40 && (isolation < 0 || invariant < 0); seed++) {
            Engine engine = load(PopulationTexts.scenario(12, seed, seed, 60, PopulationTexts.POLICIES[seed % 3], 0.3,
                    PopulationTexts.exact(12, "none", 0.3, 2))).engine();
            engine.runUntil(60);
            List<String> broken = checksViolated(engine.simulation());
            if (isolation < 0 && broken.contains(IsolationCheck.NAME)) isolation = seed;
            if (invariant < 0 && broken.contains(ConservationCheck.NAME)) invariant = seed;
        }
        assertTrue(isolation > 0, "no run without locks broke isolation");
        assertTrue(invariant > 0, "no run without locks broke #A − #B");
    }

    @Test
    void withoutLocksTheInvariantBreaksOnlyAfterAClash() throws Exception {
        // the invariant check fires because of stale reads, never in a run with no clash
        for (int seed = 1; seed <= 20; seed++) {
            Engine engine = load(PopulationTexts.scenario(8, seed, seed, 40, PopulationTexts.POLICIES[0], 0.2,
                    PopulationTexts.exact(8, "none", 0.15, 1))).engine();
            engine.runUntil(40);
            List<String> broken = checksViolated(engine.simulation());
            if (broken.contains(ConservationCheck.NAME)) assertTrue(broken.contains(IsolationCheck.NAME), "seed " + seed);
        }
    }

    static String trace(String text, int rounds) throws Exception {
        Scenario s = load(text);
        Engine engine = s.engine();
        StringWriter out = new StringWriter();
        TraceWriter w = new TraceWriter(out, s, engine.simulation(), rounds);
        engine.simulation().addListener(w);
        engine.runUntil(rounds);
        w.finish();
        return out.toString();
    }

    @Property(tries = 12)
    void runsAreDeterministicAndReplayExactly(@ForAll @IntRange(min = 1, max = 500) int seed,
                                             @ForAll @IntRange(min = 0, max = 2) int policy, @ForAll boolean locks) throws Exception {
        String text = PopulationTexts.scenario(10, seed, seed, 80, PopulationTexts.POLICIES[policy], 0.3,
                PopulationTexts.exact(10, locks ? "neighbourhood" : "none", 0.4, 2));
        String first = trace(text, 80);
        assertEquals(first, trace(text, 80), "same seed, same trace");
        assertTrue(first.contains("\"type\":\"app\""), "the trace records the application's steps");
        TraceReplay.Result r = TraceReplay.replay(first, "population.trace");
        assertTrue(r.identical(), () -> "line " + r.differingLine() + ": expected " + r.expected() + "\n got " + r.actual());
        String other = PopulationTexts.scenario(10, seed, seed + 1, 80, PopulationTexts.POLICIES[policy], 0.3,
                PopulationTexts.exact(10, locks ? "neighbourhood" : "none", 0.4, 2));
        assertNotEquals(first.substring(first.indexOf('\n')), trace(other, 80).substring(first.indexOf('\n')));
    }

    private static String labels(Simulation sim) {
        StringBuilder sb = new StringBuilder();
        for (int u = 0; u < sim.nodeCount(); u++) sb.append(sim.application().label(u)).append(' ');
        return sb.toString();
    }

    @Test
    void copiesAndRestoresCarryTheAgents() throws Exception {
        Scenario s = load(PopulationTexts.scenario(12, 7, 7, 300, PopulationTexts.POLICIES[1], 0.3,
                PopulationTexts.exact(12, "none", 0.4, 2)));
        CopyRestore.carries(s, ApplicationRunProperties::labels, "agents");
    }
}
