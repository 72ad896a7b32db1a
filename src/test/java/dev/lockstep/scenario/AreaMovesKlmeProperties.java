package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * KLME under generated churn: with nodes moving between two or three areas as a Poisson process
 * (not the property tests' quasi-stable moves at least 15 rounds apart: two moves may fall in one
 * round), the live checks the simulation runs report nothing, and once the moves and the requests
 * stop every request is served and every node is idle.
 */
class AreaMovesKlmeProperties {
    static final int BUSY_ROUNDS = 400;
    static final int DRAIN_ROUNDS = 3000;

    @Property(tries = 20)
    void klmeWithAreaMovesIsSafeAndServesEveryRequest(@ForAll @IntRange(min = 2, max = 3) int areaCount,
                                                      @ForAll @IntRange(min = 0, max = 100_000) int seed,
                                                      @ForAll @IntRange(min = 1, max = 4) int hundredthsRate) throws Exception {
        String text = AreaMovesTexts.klme(12, 2, areaCount, seed, seed, BUSY_ROUNDS + DRAIN_ROUNDS,
                "\"areaMoves\": {\"rate\": " + hundredthsRate / 100.0 + ", \"until\": " + BUSY_ROUNDS + "}",
                "\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 8, \"hold\": 2, \"until\": " + BUSY_ROUNDS + "}",
                "\"checks\": {\"lockoutBound\": " + (BUSY_ROUNDS + DRAIN_ROUNDS) + "}");
        Scenario s = ScenarioLoader.parse(text, "klme-moves.json");
        Engine engine = s.engine();
        Simulation sim = engine.simulation();
        engine.runUntil(BUSY_ROUNDS);
        for (int i = 0; i < DRAIN_ROUNDS && !idle(sim); i++) engine.stepRound();
        assertEquals(java.util.List.of(), sim.violations(), "violations, seed " + seed + ":\n" + text);
        assertTrue(idle(sim), "not every request served " + DRAIN_ROUNDS + " rounds after the moves and requests stopped"
                + " (seed " + seed + ", " + areaCount + " areas, rate " + hundredthsRate / 100.0 + ")");
        assertTrue(sim.stats().lockRequests() > 0, "a run with requests");
        // a node that moves while in CS enters the new neighbourhood waiting (Sec. 3.1), so a request may
        // succeed more than once and not every success ends in an Unlock: count requests, not releases
        assertTrue(sim.stats().locksAcquired() >= sim.stats().lockRequests(), "every request succeeded");
    }

    static boolean idle(Simulation sim) {
        for (int u = 0; u < sim.nodeCount(); u++) {
            if (sim.status(u) != OperationStatus.IDLE || sim.hasPendingCalls(u)) return false;
        }
        return true;
    }
}
