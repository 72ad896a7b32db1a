package dev.lockstep.scenario;

import static dev.lockstep.scenario.ScenarioTexts.onlyProblem;

import org.junit.jupiter.api.Test;

/** The loader refuses what Lamport's LogicalTimeME declares it cannot run on, with its usual message. */
class LamportRequirementsTest {
    @Test
    void completeGraphAndFifoChannels() {
        String incomplete = """
                {"format": "lockstep-scenario/1", "protocol": "lamport", "delta": 2,
                 "nodes": [{"id": "p"}, {"id": "q"}, {"id": "r"}],
                 "edges": [["p", "q"], ["q", "r"]]}
                """;
        onlyProblem(incomplete, "[[", "$.edges", "lamport needs a complete initial graph", "p–r is missing");
        String unordered = """
                {"format": "lockstep-scenario/1", "protocol": "lamport", "delta": 1, "channels": "unordered",
                 "nodes": [{"id": "p"}, {"id": "q"}], "edges": [["p", "q"]]}
                """;
        onlyProblem(unordered, "\"unordered\"", "$.channels", "lamport needs FIFO channels", "expected \"fifo\"");
    }
}
