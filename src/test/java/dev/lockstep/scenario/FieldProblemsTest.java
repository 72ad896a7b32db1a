package dev.lockstep.scenario;

import static dev.lockstep.scenario.ScenarioTexts.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.json.JsonParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Problems with a scenario's JSON and fields: syntax, format, protocol and parameters, types,
 * unknown fields, and many problems at once.
 */
class FieldProblemsTest {

    @Test
    void malformedJsonGivesLineAndColumn() {
        String text = "{\n  \"format\": \"lockstep-scenario/1\",\n  \"delta\": 2,,\n  \"nodes\": []\n}";
        List<String> ps = problems(text);
        assertEquals(1, ps.size());
        assertTrue(ps.get(0).startsWith(FILE + ":3:14: malformed JSON: "), ps.get(0));
        assertTrue(ps.get(0).contains("found ','"), ps.get(0));

        List<String> dup = problems(scenario("\"delta\": 3"));
        assertTrue(dup.get(0).startsWith(FILE + ":7:3: malformed JSON: duplicate member \"delta\""), dup.get(0));

        List<String> deep = problems("[".repeat(100_000));
        assertTrue(deep.get(0).startsWith(FILE + ":1:513: malformed JSON: nesting deeper than"), deep.get(0));
    }


    @Test
    void formatVersion() {
        String wrong = scenario().replace("lockstep-scenario/1", "lockstep-scenario/2");
        onlyProblem(wrong, "\"lockstep-scenario/2\"", "$.format",
                "unsupported format \"lockstep-scenario/2\"", "expected \"lockstep-scenario/1\"");

        String missing = scenario().replace("\"format\": \"lockstep-scenario/1\",", "");
        onlyProblem(missing, "{", "$", "missing \"format\"", "expected \"lockstep-scenario/1\"");

        String number = scenario().replace("\"lockstep-scenario/1\"", "1");
        onlyProblem(number, "1,", "$.format", "expected the format (a string), found a number");

        List<String> array = problems("[1, 2]");
        assertEquals(List.of(FILE + ":1:1: $: expected a scenario (an object), found an array"), array);
    }


    @Test
    void unknownProtocolListsTheKnownOnes() {
        String text = scenario().replace("\"lme\"", "\"paxos\"");
        onlyProblem(text, "\"paxos\"", "$.protocol", "unknown protocol \"paxos\"", "expected one of: lme, ricart-agrawala");
        String missing = scenario().replace("\"protocol\": \"lme\",", "");
        onlyProblem(missing, "{", "$", "missing \"protocol\"", "lme, ricart-agrawala");
    }


    @Test
    void unknownFieldsListTheExpectedOnes() {
        onlyProblem(scenario("\"rouds\": 500"), "500", "$.rouds", "unknown field \"rouds\"",
                "expected one of: format, name, protocol, params, delta, seed, rounds,");
        onlyProblem(scenario("\"scheduler\": {\"policy\": \"semi-synchronous\", \"activaton\": 0.5}"), "0.5",
                "$.scheduler.activaton", "unknown field \"activaton\"", "expected one of: policy, activation, choice");
        onlyProblem(scenario().replace("{\"id\": \"v\"}", "{\"id\": \"v\", \"label\": \"V\"}"), "\"V\"",
                "$.nodes[1].label", "unknown field \"label\"", "expected one of: id, x, y, region");
        onlyProblem(scenario("\"churn\": {\"cut\": 0.1, \"untill\": 5}"), "5}", "$.churn.untill",
                "expected one of: cut, link, until");
        onlyProblem(scenario("\"workload\": {\"lock\": 0.1, \"hold\": 1, \"odd key\": 5}"), "5}",
                "$.workload[\"odd key\"]", "unknown field \"odd key\"", "expected one of: lock, hold, until");
    }


    @Test
    void wrongTypes() {
        onlyProblem(scenario("\"rounds\": \"10\""), "\"10\"", "$.rounds", "expected rounds (an integer), found a string");
        onlyProblem(scenario().replace("\"delta\": 2", "\"delta\": \"2\""), "\"2\"", "$.delta",
                "expected delta (ports per node) (an integer), found a string");
        onlyProblem(scenario("\"seed\": 1.5"), "1.5", "$.seed", "expected the seed to be a whole number, found 1.5");
        onlyProblem(scenario("\"rounds\": 1e3"), "1e3", "$.rounds", "whole number, found 1e3");
        onlyProblem(scenario("\"rounds\": -1"), "-1", "$.rounds", "between 0 and");
        onlyProblem(scenario("\"seed\": 99999999999999999999"), "99999999999999999999", "$.seed", "out of range");
        onlyProblem(scenario().replace("[[\"u\", \"v\"], [\"v\", \"w\"]]", "\"u-v\""), "\"u-v\"", "$.edges",
                "expected the edges (an array), found a string");
        onlyProblem(scenario("\"churn\": [0.1]"), "[0.1]", "$.churn", "(an object), found an array");
        onlyProblem(scenario("\"name\": false"), "false", "$.name", "(a string), found a boolean");
        onlyProblem(scenario("\"checks\": {\"lockoutBound\": 0}"), "0}", "$.checks.lockoutBound", "between 1 and");
        onlyProblem(scenario("\"dynamics\": [{\"round\": 1, \"move\": \"u\", \"to\": [1, \"2\"]}]"), "\"2\"",
                "$.dynamics[0].to[1]", "(a number), found a string");
    }


    @Test
    void nonFiniteNumbersAreRejected() {
        // 1e400 overflows to Infinity, which no position, radius or trace record can hold
        String pos = scenario().replace("{\"id\": \"u\"}", "{\"id\": \"u\", \"x\": 1e400, \"y\": 0}")
                .replace("{\"id\": \"v\"}", "{\"id\": \"v\", \"x\": 1, \"y\": 0}")
                .replace("{\"id\": \"w\"}", "{\"id\": \"w\", \"x\": 2, \"y\": 0}");
        onlyProblem(pos, "1e400", "$.nodes[0].x", "finite number", "out of range");
        onlyProblem(scenario("\"dynamics\": [{\"round\": 1, \"move\": \"u\", \"to\": [0, -1e999]}]"), "-1e999",
                "$.dynamics[0].to[1]", "finite number");
        onlyProblem(scenario("\"churn\": {\"cut\": 1e400}"), "1e400", "$.churn.cut", "finite number");
    }


    @Test
    void protocolParameters() {
        onlyProblem(scenario("\"params\": {\"k\": 8}"), "8}", "$.params.k", "unknown field \"k\"",
                "expected one of: K, variant");
        onlyProblem(scenario("\"params\": {\"K\": 1}"), "1}", "$.params.K", "expected parameter K between 2 and");
        onlyProblem(scenario("\"params\": {\"K\": 2.5}"), "2.5", "$.params.K", "whole number");
        onlyProblem(scenario("\"params\": {\"variant\": \"fast\"}"), "\"fast\"", "$.params.variant",
                "unknown variant \"fast\"", "expected one of: corrected", "paper");
        onlyProblem(scenario("\"params\": [8]"), "[8]", "$.params", "expected the protocol parameters (an object)");
        String ra = """
                {"format": "lockstep-scenario/1", "protocol": "ricart-agrawala", "delta": 1, "params": {"K": 3},
                 "nodes": [{"id": "p"}, {"id": "q"}], "edges": [["p", "q"]]}
                """;
        onlyProblem(ra, "3}", "$.params.K", "unknown field \"K\"", "ricart-agrawala takes no parameters");
    }


    @Test
    void severalProblemsAreReportedTogether() {
        String text = """
                {
                  "format": "lockstep-scenario/1",
                  "protocol": "lme",
                  "delta": 2,
                  "rouds": 5,
                  "nodes": [{"id": "u"}, {"id": "v"}, {"id": "u"}],
                  "edges": [["u", "v"], ["v", "zz"]],
                  "churn": {"cut": -0.5},
                  "workload": {"lock": 2, "hold": 1}
                }
                """;
        List<String> ps = problems(text);
        assertEquals(5, ps.size(), String.join("\n", ps));
        assertEquals(List.of(
                FILE + ":5:12: $.rouds: unknown field \"rouds\"; expected one of: " + String.join(", ", ScenarioLoader.FIELDS),
                FILE + ":6:46: $.nodes[2].id: duplicate node id \"u\"",
                FILE + ":7:31: $.edges[1][1]: unknown node \"zz\" (nodes are: u, v, u)",
                FILE + ":8:20: $.churn.cut: expected the cut probability to be a probability between 0 and 1, found -0.5",
                FILE + ":9:24: $.workload.lock: expected the lock probability to be a probability between 0 and 1, found 2"),
                ps);
        // the hand-counted positions agree with the marker search used elsewhere
        assertEquals("6:46", at(text, "\"u\"", 1));
        assertEquals("7:31", at(text, "\"zz\""));
        assertEquals("8:20", at(text, "-0.5"));
        assertEquals("9:24", at(text, "2, \"hold\""));
    }


    @Test
    void problemsCarryLinesEvenForEmbeddedScenarios() throws Exception {
        // the trace header embeds a scenario on one line; paths still point into it
        String header = "{\"format\":\"lockstep-trace/1\",\"scenario\":" + scenario("\"rounds\": true").replace("\n", " ") + "}";
        var root = (dev.lockstep.json.JsonValue.Obj) JsonParser.parse(header);
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.fromJson(root.get("scenario"), "t.jsonl (embedded scenario)"));
        assertEquals(1, e.problems().size());
        assertTrue(e.problems().get(0).startsWith("t.jsonl (embedded scenario):1:" + (header.indexOf("true") + 1)
                + ": $.scenario.rounds: expected rounds (an integer), found a boolean"), e.getMessage());
    }
}
