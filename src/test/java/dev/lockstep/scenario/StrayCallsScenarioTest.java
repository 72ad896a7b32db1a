package dev.lockstep.scenario;

import static dev.lockstep.scenario.ScenarioTexts.load;
import static dev.lockstep.scenario.ScenarioTexts.onlyProblem;
import static dev.lockstep.scenario.ScenarioTexts.scenario;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lockstep.core.adversary.RandomWorkload;
import org.junit.jupiter.api.Test;

/** The random workload's optional {@code strayCalls} (README, Scenario files; flaw 4). */
class StrayCallsScenarioTest {

    @Test
    void strayCallsIsAnOptionalProbabilityDefaultingToNone() throws Exception {
        assertEquals(new RandomWorkload(0.3, 2, 90, 0.15),
                load(scenario("\"workload\": {\"lock\": 0.3, \"hold\": 2, \"until\": 90, \"strayCalls\": 0.15}")).workload);
        assertEquals(new RandomWorkload(0.3, 2, Integer.MAX_VALUE, 0),
                load(scenario("\"workload\": {\"lock\": 0.3, \"hold\": 2}")).workload);
        assertEquals(new RandomWorkload(0.3, 2, Integer.MAX_VALUE, 1),
                load(scenario("\"workload\": {\"lock\": 0.3, \"hold\": 2, \"strayCalls\": 1}")).workload);
    }

    @Test
    void aBadStrayCallProbabilityIsNamedWithItsPosition() {
        onlyProblem(scenario("\"workload\": {\"lock\": 0.3, \"strayCalls\": 1.5}"), "1.5", "$.workload.strayCalls",
                "expected the stray-call probability to be a probability between 0 and 1, found 1.5");
        onlyProblem(scenario("\"workload\": {\"lock\": 0.3, \"strayCalls\": -0.1}"), "-0.1", "$.workload.strayCalls",
                "between 0 and 1, found -0.1");
        onlyProblem(scenario("\"workload\": {\"lock\": 0.3, \"strayCalls\": \"often\"}"), "\"often\"",
                "$.workload.strayCalls", "the stray-call probability");
        onlyProblem(scenario("\"workload\": {\"lock\": 0.3, \"strayCall\": 0.1}"), "0.1}", "$.workload.strayCall",
                "unknown field \"strayCall\"", "expected one of: lock, hold, until, strayCalls");
    }
}
