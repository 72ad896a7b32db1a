package dev.lockstep.scenario;

import static dev.lockstep.scenario.ScenarioTexts.load;
import static dev.lockstep.scenario.ScenarioTexts.onlyProblem;
import static dev.lockstep.scenario.ScenarioTexts.scenario;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.lockstep.core.adversary.LinkChanges;
import dev.lockstep.core.adversary.PoissonWorkload;
import org.junit.jupiter.api.Test;

/** The loader reads the time-unit generators (README, Scenario files) and names every bad value. */
class TimeUnitScenarioTest {

    @Test
    void aPoissonWorkloadTakesTheMeanOrTheRateWithHoldAndUntil() throws Exception {
        assertEquals(new PoissonWorkload(10, 1, 5000),
                load(scenario("\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 10, \"hold\": 1, \"until\": 5000}")).workload);
        assertEquals(new PoissonWorkload(4, 1, Integer.MAX_VALUE),
                load(scenario("\"workload\": {\"kind\": \"poisson\", \"requestRate\": 0.25}")).workload);
        assertEquals(new PoissonWorkload(1, 0, Integer.MAX_VALUE),
                load(scenario("\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 1, \"hold\": 0}")).workload);
        assertEquals(0.1, new PoissonWorkload(10, 1, 9).requestRate(), 1e-15);
    }

    @Test
    void theRandomWorkloadMayNameItsKind() throws Exception {
        assertEquals(load(scenario("\"workload\": {\"lock\": 0.3}")).workload,
                load(scenario("\"workload\": {\"kind\": \"random\", \"lock\": 0.3}")).workload);
    }

    @Test
    void linkChangesTakeARateAndAToleranceDefaultingToTenPercent() throws Exception {
        assertEquals(new LinkChanges(0.02, 0.1, Integer.MAX_VALUE),
                load(scenario("\"linkChanges\": {\"rate\": 0.02}")).linkChanges());
        assertEquals(new LinkChanges(2, 0.25, 300),
                load(scenario("\"linkChanges\": {\"rate\": 2, \"tolerance\": 0.25, \"until\": 300}")).linkChanges());
        assertNull(load(scenario()).linkChanges());
        assertEquals(new LinkChanges(0.5, 0.1, Integer.MAX_VALUE, true),
                load(scenario("\"linkChanges\": {\"rate\": 0.5, \"onlyIdleLinks\": true}")).linkChanges());
    }

    @Test
    void badPoissonValuesAreNamedWithTheirPosition() {
        onlyProblem(scenario("\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 0.5}"), "0.5",
                "$.workload.meanInterRequest",
                "expected meanInterRequest (time units from a node's release to its next request) to be at least 1"
                        + " (a node requests at most once a round), found 0.5");
        onlyProblem(scenario("\"workload\": {\"kind\": \"poisson\", \"requestRate\": 2}"), "2}", "$.workload.requestRate",
                "expected requestRate (requests per node and time unit) above 0 and at most 1, found 2");
        onlyProblem(scenario("\"workload\": {\"kind\": \"poisson\", \"requestRate\": 0}"), "0}", "$.workload.requestRate",
                "above 0 and at most 1, found 0");
        onlyProblem(scenario("\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": \"often\"}"), "\"often\"",
                "$.workload.meanInterRequest", "(a number), found a string");
        onlyProblem(scenario("\"workload\": {\"kind\": \"poisson\", \"hold\": 2}"), "{\"kind\"", "$.workload",
                "missing \"meanInterRequest\": the mean time units (rounds) from a node's release to its next request"
                        + " (or \"requestRate\", its inverse)");
        onlyProblem(scenario("\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 5, \"requestRate\": 0.2}"), "{\"kind\"",
                "$.workload", "give either \"meanInterRequest\" or \"requestRate\" (its inverse), not both");
        onlyProblem(scenario("\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 5, \"lock\": 0.2}"), "0.2}",
                "$.workload.lock", "unknown field \"lock\"; expected one of: kind, meanInterRequest, requestRate, hold, meanHold, until");
        onlyProblem(scenario("\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 5, \"hold\": -1}"), "-1",
                "$.workload.hold", "expected hold (rounds) between 0 and");
        onlyProblem(scenario("\"workload\": {\"kind\": \"exponential\", \"meanInterRequest\": 5}"), "\"exponential\"",
                "$.workload.kind", "unknown workload kind \"exponential\"; expected \"random\" or \"poisson\"");
    }

    @Test
    void badLinkChangesAreNamedWithTheirPosition() {
        onlyProblem(scenario("\"linkChanges\": {\"rate\": -0.1}"), "-0.1", "$.linkChanges.rate",
                "expected rate (link changes per time unit) at least 0 and at most 100, found -0.1");
        onlyProblem(scenario("\"linkChanges\": {\"rate\": 1000}"), "1000", "$.linkChanges.rate", "at most 100, found 1000");
        onlyProblem(scenario("\"linkChanges\": {\"tolerance\": 0.1}"), "{\"tolerance\"", "$.linkChanges",
                "missing \"rate\": the mean number of link changes per time unit (round), e.g. 0.02 for one per 50");
        onlyProblem(scenario("\"linkChanges\": {\"rate\": 0.1, \"tolerance\": 1.5}"), "1.5", "$.linkChanges.tolerance",
                "expected the tolerance (how far the edge count may stray from the initial count, as a fraction of it)"
                        + " between 0 and 1, found 1.5");
        onlyProblem(scenario("\"linkChanges\": {\"rate\": 0.1, \"mobility\": 2}"), "2}", "$.linkChanges.mobility",
                "unknown field \"mobility\"; expected one of: rate, tolerance, until");
        onlyProblem(scenario("\"linkChanges\": {\"rate\": 0.1, \"onlyIdleLinks\": 1}"), "1}", "$.linkChanges.onlyIdleLinks",
                "expected onlyIdleLinks to be true or false, found a number");
        onlyProblem(scenario("\"linkChanges\": 0.1"), "0.1", "$.linkChanges",
                "expected the link changes ({\"rate\": changes per time unit, \"tolerance\": 0.1}) (an object), found a number");
        String unitDisk = """
                {
                  "format": "lockstep-scenario/1",
                  "protocol": "lme",
                  "delta": 2,
                  "nodes": [{"id": "u", "x": 0, "y": 0}, {"id": "v", "x": 1, "y": 0}],
                  "unitDisk": 1.5,
                  "linkChanges": {"rate": 0.1}
                }
                """;
        onlyProblem(unitDisk, "{\"rate\"", "$.linkChanges",
                "link changes need explicit \"edges\": on a unit-disk graph the edges follow the positions");
    }
}
