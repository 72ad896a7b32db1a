package dev.lockstep.scenario;

import static dev.lockstep.scenario.ScenarioTexts.load;
import static dev.lockstep.scenario.ScenarioTexts.onlyProblem;
import static dev.lockstep.scenario.ScenarioTexts.scenario;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.PoissonWorkload;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Poisson workload's random CS lengths ({@code meanHold}: the KLME experiments' exponential CS times). */
class RandomHoldTest {

    @Test
    void meanHoldIsReadAndExcludesHold() throws Exception {
        assertEquals(new PoissonWorkload(10, 1, Integer.MAX_VALUE, 4),
                load(scenario("\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 10, \"meanHold\": 4}")).workload);
        onlyProblem(scenario("\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 10, \"meanHold\": 0.5}"), "0.5",
                "$.workload.meanHold", "expected meanHold (the mean CS length in rounds) to be at least 1");
        onlyProblem(scenario("\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 10, \"hold\": 2, \"meanHold\": 4}"),
                "{\"kind\"", "$.workload",
                "give either \"hold\" (a CS of that many rounds) or \"meanHold\" (CS lengths random with that mean), not both");
    }

    /**
     * The CS lengths are geometric on whole rounds, at least one, of mean 4: over more than 3,000
     * of them (a fixed seed, so the test is deterministic) the mean is within 0.25 of 4 (sd of one
     * length √12 ≈ 3.5, of the mean < 0.07: more than 3.5 deviations) and P(length > 4) is
     * 0.75^4 ≈ 0.32 — a constant 4 would give 0.
     */
    @Test
    void csLengthsAreMemorylessWithTheMeanAsked() throws Exception {
        Scenario s = load(TimeUnitTexts.krl(12, 3, 0.3, 5, 20_000,
                "\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 10, \"meanHold\": 4}"));
        Engine engine = s.engine();
        Simulation sim = engine.simulation();
        List<Integer> lengths = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override
            public void called(int round, int u, Call call) {
                if (call != Call.UNLOCK) return;
                assertEquals(OperationStatus.LOCKED, sim.status(u), "Unlock only at a node holding its locks");
                lengths.add(round - sim.statusSince(u));
            }
        });
        engine.runUntil(s.rounds());
        assertTrue(lengths.size() > 3000, "enough critical sections: " + lengths.size());
        assertTrue(lengths.stream().allMatch(l -> l >= 1), "a CS lasts at least one round");
        double mean = lengths.stream().mapToInt(Integer::intValue).average().orElseThrow();
        assertEquals(4, mean, 0.25, "mean CS length");
        double longer = lengths.stream().filter(l -> l > 4).count() / (double) lengths.size();
        assertEquals(Math.pow(0.75, 4), longer, 0.03, "the tail of the CS lengths");
    }
}
