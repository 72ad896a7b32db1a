package dev.lockstep.scenario;

import static dev.lockstep.scenario.ScenarioTexts.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Problems with a scenario's graph: nodes, edges, Δ, unit disks and the graph a protocol needs. */
class TopologyProblemsTest {

    @Test
    void unknownNodeInAnEdge() {
        String text = scenario().replace("[\"v\", \"w\"]", "[\"v\", \"zz\"]");
        onlyProblem(text, "\"zz\"", "$.edges[1][1]", "unknown node \"zz\"", "(nodes are: u, v, w)");
    }


    @Test
    void moreEdgesAtANodeThanDelta() {
        String text = scenario().replace("\"delta\": 2", "\"delta\": 1");
        onlyProblem(text, "[\"v\", \"w\"]", "$.edges[1]", "node \"v\" has more than delta = 1 edges");
    }


    @Test
    void anInvalidDeltaIsReportedOnceWithoutFollowUpNoise() {
        // no phantom "more than delta" problems from a fallback value
        onlyProblem(scenario().replace("\"delta\": 2", "\"delta\": \"two\""), "\"two\"", "$.delta", "(an integer)");
        onlyProblem(scenario().replace("\"delta\": 2", "\"delta\": 64"), "64", "$.delta", "between 1 and 63, found 64");
        onlyProblem(scenario().replace("\"delta\": 2,", ""), "{", "$", "missing \"delta\"");
    }


    @Test
    void duplicateNodeIds() {
        String text = scenario().replace("{\"id\": \"w\"}", "{\"id\": \"u\"}").replace(", [\"v\", \"w\"]", "");
        onlyProblem(text, "\"u\"}]", "$.nodes[2].id", "duplicate node id \"u\"");
    }


    @Test
    void duplicateEdgeEvenReversed() {
        String text = scenario().replace("[\"v\", \"w\"]", "[\"v\", \"u\"]");
        onlyProblem(text, "[\"v\", \"u\"]", "$.edges[1]", "duplicate edge v–u");
    }


    @Test
    void selfLoop() {
        String text = scenario().replace("[\"v\", \"w\"]", "[\"w\", \"w\"]");
        onlyProblem(text, "[\"w\", \"w\"]", "$.edges[1]", "two different nodes");
        String dyn = scenario("\"dynamics\": [{\"round\": 1, \"link\": [\"u\", \"u\"]}]");
        onlyProblem(dyn, "[\"u\", \"u\"]", "$.dynamics[0].link", "two different nodes");
    }


    @Test
    void edgeWithWrongArity() {
        String text = scenario().replace("[\"v\", \"w\"]", "[\"v\", \"w\", \"u\"]");
        onlyProblem(text, "[\"v\", \"w\", \"u\"]", "$.edges[1]", "two node ids", "found 3 items");
    }


    @Test
    void edgesAndUnitDisk() {
        String both = """
                {"format": "lockstep-scenario/1", "protocol": "lme", "delta": 2,
                 "nodes": [{"id": "a", "x": 0, "y": 0}, {"id": "b", "x": 1, "y": 0}],
                 "edges": [["a", "b"]], "unitDisk": 2}
                """;
        onlyProblem(both, "2}", "$.unitDisk", "give either \"edges\" or \"unitDisk\", not both");

        String noPositions = scenario().replace("\"edges\": [[\"u\", \"v\"], [\"v\", \"w\"]]", "\"unitDisk\": 1.5");
        onlyProblem(noPositions, "1.5", "$.unitDisk", "needs \"x\" and \"y\" for every node");

        String zero = """
                {"format": "lockstep-scenario/1", "protocol": "lme", "delta": 2,
                 "nodes": [{"id": "a", "x": 0, "y": 0}], "unitDisk": 0}
                """;
        onlyProblem(zero, "0}\n", "$.unitDisk", "expected a positive radius");

        String partial = scenario().replace("{\"id\": \"v\"}", "{\"id\": \"v\", \"x\": 1, \"y\": 1}");
        List<String> ps = problems(partial);
        assertEquals(4, ps.size(), String.join("\n", ps)); // u and w each lack x and y
        assertProblem(ps, FILE + ":" + at(partial, "{\"id\": \"u\"}") + ": $.nodes[0]: ", "missing \"x\"", "for every node or for none");
    }


    @Test
    void ricartAgrawalaRequirements() {
        String incomplete = """
                {"format": "lockstep-scenario/1", "protocol": "ricart-agrawala", "delta": 2,
                 "nodes": [{"id": "p"}, {"id": "q"}, {"id": "r"}],
                 "edges": [["p", "q"], ["q", "r"]]}
                """;
        onlyProblem(incomplete, "[[", "$.edges", "ricart-agrawala needs a complete initial graph", "p–r is missing");

        String unordered = """
                {"format": "lockstep-scenario/1", "protocol": "ricart-agrawala", "delta": 1, "channels": "unordered",
                 "nodes": [{"id": "p"}, {"id": "q"}], "edges": [["p", "q"]]}
                """;
        onlyProblem(unordered, "\"unordered\"", "$.channels", "ricart-agrawala needs FIFO channels", "expected \"fifo\"");
        onlyProblem(scenario("\"channels\": \"lifo\""), "\"lifo\"", "$.channels", "unknown channel discipline \"lifo\"",
                "expected \"unordered\" or \"fifo\"");
    }
}
