package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.application.population.Agents;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The "application" and "mobility" fields: what they make, and the messages for bad ones. */
class ApplicationScenarioTest {

    private static String with(String application) {
        return PopulationTexts.scenario(6, 1, 1, 10, PopulationTexts.POLICIES[0], 0, application);
    }

    private static String problem(String text) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(text, "app.json"));
        return e.getMessage();
    }

    @Test
    void badApplicationFieldsAreNamed() {
        assertTrue(problem(with("{\"kind\": \"majority\", \"initial\": {\"A\": 3, \"B\": 3}}"))
                .matches("(?s).*app\\.json:\\d+:\\d+: \\$\\.application\\.kind: unknown application \"majority\"; expected one of: exact-majority, approximate-majority.*"));
        assertTrue(problem(with("{\"kind\": \"exact-majority\", \"initial\": {\"A\": 3, \"C\": 3}}"))
                .contains("$.application.initial.C: unknown state \"C\" of exact-majority; expected one of: A, B, a, b"));
        assertTrue(problem(with("{\"kind\": \"exact-majority\", \"initial\": {\"A\": 3, \"B\": 2}}"))
                .contains("$.application.initial: the initial states count 5 agents, but the scenario has 6 nodes"));
        String pairOnLamport = with("{\"kind\": \"exact-majority\", \"initial\": {\"A\": 3, \"B\": 3}, \"locks\": \"pair\"}")
                .replace("\"protocol\": \"lme\",\n  \"params\": {\"K\": 8, \"variant\": \"corrected\"},", "\"protocol\": \"lamport\",");
        assertTrue(problem(pairOnLamport).contains("$.application.locks: \"pair\" (lock only u and its chosen partner) needs a Lock"
                + " on a subset of ports, which lamport does not offer (lme does)"));
        assertTrue(problem(with("{\"kind\": \"exact-majority\", \"initial\": {\"A\": 3, \"B\": 3}, \"locks\": \"all\"}"))
                .contains("$.application.locks: unknown locks \"all\""));
        assertTrue(problem(with("{\"kind\": \"exact-majority\", \"initial\": {\"A\": 3, \"B\": 3}, \"interact\": 2}"))
                .contains("$.application.interact: expected interact (the probability that a free node starts an interaction in a round) to be a probability"));
        assertTrue(problem(with("{\"kind\": \"exact-majority\", \"initial\": {\"A\": 3, \"B\": 3}, \"hold\": -1}"))
                .contains("$.application.hold: expected hold (rounds an interaction lasts) between 0 and"));
        assertTrue(problem(with("{\"kind\": \"exact-majority\"}")).contains("$.application: missing \"initial\""));
        assertTrue(problem(with("{\"kind\": \"exact-majority\", \"initial\": {\"A\": 3, \"B\": 3}, \"speed\": 1}"))
                .contains("$.application.speed"));
        String both = with("{\"kind\": \"exact-majority\", \"initial\": {\"A\": 3, \"B\": 3}}")
                .replace("\"application\":", "\"workload\": {\"lock\": 0.1},\n  \"application\":");
        assertTrue(problem(both).contains("give either \"workload\" or \"application\", not both"));
    }

    @Test
    void badMobilityIsNamed() {
        String walk = with("{\"kind\": \"exact-majority\", \"initial\": {\"A\": 3, \"B\": 3}}")
                .replace("\"application\":", "\"mobility\": {\"kind\": \"waypoint\", \"move\": 1.5},\n  \"application\":");
        String p = problem(walk);
        assertTrue(p.contains("$.mobility.kind: unknown mobility \"waypoint\"; expected \"random-walk\""), p);
        assertTrue(p.contains("$.mobility.move: expected move (the probability that a node moves in a round) to be a probability"), p);
        assertTrue(p.contains("$.mobility: missing \"step\""), p);
        String explicit = "{\"format\": \"lockstep-scenario/1\", \"protocol\": \"lme\", \"delta\": 2, \"nodes\": [\"a\", \"b\"],"
                + " \"edges\": [[\"a\", \"b\"]], \"mobility\": {\"move\": 0.5, \"step\": 0.2}}";
        assertTrue(problem(explicit).contains("$.mobility: mobility needs \"unitDisk\""));
    }

    @Test
    void initialStatesAreDealtWithTheSeed() throws Exception {
        Scenario s = ScenarioLoader.parse(with("{\"kind\": \"exact-majority\", \"initial\": {\"A\": 2, \"B\": 3, \"b\": 1}}"), "app.json");
        Agents a = (Agents) s.engine(1).simulation().application();
        assertEquals(List.of(2, 3, 0, 1), List.of(a.count(0), a.count(1), a.count(2), a.count(3)));
        assertEquals(0 - 1, a.conservedAtStart());
        StringBuilder seen = new StringBuilder();
        for (long seed = 1; seed <= 8; seed++) {
            Simulation sim = s.engine(seed).simulation();
            for (int u = 0; u < 6; u++) seen.append(sim.application().label(u));
            seen.append('|');
        }
        assertTrue(seen.toString().split("\\|").length == 8 && seen.chars().distinct().count() > 3);
        assertTrue(java.util.Arrays.stream(seen.toString().split("\\|")).distinct().count() > 1, "seeds deal differently");
    }

    @Test
    void overlappingInteractionsReadStaleStateAndTheChecksSayIt() throws Exception {
        // agents dealt by seed 1; two interactions share a responder: each writes from its own reads
        Scenario s = ScenarioLoader.parse(with("{\"kind\": \"exact-majority\", \"initial\": {\"A\": 4, \"B\": 2}}"), "app.json");
        Simulation sim = s.engine(1).simulation();
        Agents a = (Agents) sim.application();
        int b = -1, a1 = -1, a2 = -1;
        for (int u = 0; u < 6; u++) {
            if (a.state(u) == 1 && b < 0) b = u;
            else if (a.state(u) == 0 && a1 < 0) a1 = u;
            else if (a.state(u) == 0 && a2 < 0) a2 = u;
        }
        sim.applicationStep(a1, "begin", b);
        sim.applicationStep(a2, "begin", b);
        sim.endRound();
        assertEquals(List.of("isolation"), sim.violations().stream().map(v -> v.check()).toList());
        assertEquals(List.of(b, a1, a2), sim.violations().get(0).nodes());
        sim.applicationStep(a1, "end", b);
        sim.applicationStep(a2, "end", b);
        Agents now = (Agents) sim.application();
        assertEquals("a a b", now.label(a1) + " " + now.label(a2) + " " + now.label(b));
        assertEquals(1, now.conserved(), "4−2 = 2 before; two A's and one B turned weak: 1");
        sim.endRound();
        assertEquals("majority-invariant", sim.violations().get(1).check());
        assertEquals("#A − #B is 1, was 2 at the start", sim.violations().get(1).message());
        int x = a1, y = b;
        assertThrows(IllegalArgumentException.class, () -> sim.applicationStep(x, "end", y), "no open interaction");
        assertThrows(IllegalArgumentException.class, () -> sim.applicationStep(x, "begin", x), "no partner");
        assertThrows(IllegalArgumentException.class, () -> sim.applicationStep(x, "swap", y));
    }

    @Test
    void runPrintsConvergence() throws Exception {
        Engine engine = ScenarioLoader.parse(PopulationTexts.scenario(8, 2, 2, 2000, PopulationTexts.POLICIES[0], 0.3,
                PopulationTexts.exact(8, "neighbourhood", 0.5, 1)), "app.json").engine();
        engine.runUntil(2000);
        Simulation sim = engine.simulation();
        Agents a = (Agents) sim.application();
        String text = Summary.of(sim).toText(sim);
        assertTrue(a.consensusSince() > 0, text);
        assertTrue(text.contains("consensus    A since round " + a.consensusSince() + " (the initial majority A)"), text);
        assertTrue(text.contains("invariant    #A − #B = 2 (2 at the start)"), text);
        dev.lockstep.json.JsonWriter w = new dev.lockstep.json.JsonWriter();
        Summary.of(sim).writeJson(w, sim);
        assertTrue(w.toString().contains("\"consensus\":\"A\",\"consensusRound\":" + a.consensusSince() + ",\"initialMajority\":\"A\""), w.toString());
    }
}
