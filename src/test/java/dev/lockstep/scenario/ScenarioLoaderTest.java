package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.Churn;
import dev.lockstep.core.adversary.NodeChoice;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.Scripted;
import dev.lockstep.core.adversary.ScriptedWorkload;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.adversary.TopologyEvent;
import dev.lockstep.core.Call;
import dev.lockstep.json.JsonParser;
import dev.lockstep.protocol.lme.Lme;
import dev.lockstep.protocol.lme.LmeVariant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioLoaderTest {
    static final String FILE = "scenarios/bad.json";

    static final String BASE = """
            {
              "format": "lockstep-scenario/1",
              "protocol": "lme",
              "delta": 2,
              "nodes": [{"id": "u"}, {"id": "v"}, {"id": "w"}],
              "edges": [["u", "v"], ["v", "w"]]%s
            }
            """;

    /** The base scenario with extra top-level members, each on its own line. */
    static String scenario(String... extra) {
        StringBuilder sb = new StringBuilder();
        for (String e : extra) sb.append(",\n  ").append(e);
        return BASE.formatted(sb);
    }

    static Scenario load(String text) throws ScenarioException {
        return ScenarioLoader.parse(text, FILE);
    }

    static List<String> problems(String text) {
        try {
            ScenarioLoader.parse(text, FILE);
        } catch (ScenarioException e) {
            assertEquals(String.join("\n", e.problems()), e.getMessage());
            return e.problems();
        } catch (RuntimeException | StackOverflowError e) {
            throw new AssertionError("crashed instead of reporting a problem", e);
        }
        return fail("accepted:\n" + text);
    }

    /** "line:column" of the n-th (0-based) occurrence of {@code marker} in {@code text}. */
    static String at(String text, String marker, int nth) {
        int i = -1;
        for (int k = 0; k <= nth; k++) {
            i = text.indexOf(marker, i + 1);
            if (i < 0) throw new IllegalArgumentException("marker not found: " + marker);
        }
        int line = 1;
        int lineStart = 0;
        for (int k = 0; k < i; k++) {
            if (text.charAt(k) == '\n') {
                line++;
                lineStart = k + 1;
            }
        }
        return line + ":" + (i - lineStart + 1);
    }

    static String at(String text, String marker) {
        return at(text, marker, 0);
    }

    /**
     * Asserts that exactly one problem was reported, at the value that starts with {@code marker},
     * with the given JSON path, mentioning every fragment.
     */
    static void onlyProblem(String text, String marker, String path, String... fragments) {
        List<String> ps = problems(text);
        assertEquals(1, ps.size(), () -> "expected exactly one problem, got:\n" + String.join("\n", ps));
        assertProblem(ps, FILE + ":" + at(text, marker) + ": " + path + ": ", fragments);
    }

    static void assertProblem(List<String> ps, String prefix, String... fragments) {
        for (String p : ps) {
            if (!p.startsWith(prefix)) continue;
            boolean all = true;
            for (String f : fragments) all &= p.contains(f);
            if (all) return;
        }
        fail("no problem starts with <" + prefix + "> and mentions " + List.of(fragments) + "; got:\n"
                + String.join("\n", ps));
    }

    // ---------------------------------------------------------------- valid scenarios

    @Test
    void minimalScenarioLoadsWithDefaults() throws Exception {
        Scenario s = ScenarioLoader.parse(scenario(), "some/dir/minimal.json");
        assertEquals("minimal", s.name(), "the name defaults to the file name without .json");
        assertEquals("some/dir/minimal.json", s.file());
        assertEquals(List.of("u", "v", "w"), s.nodes(), "node order is file order");
        assertArrayEquals(new int[] {0, 1, 1, 2}, s.edges());
        assertEquals(2, s.delta());
        assertEquals(1, s.seed(), "seed defaults to 1");
        assertEquals(1000, s.rounds(), "rounds default to 1000");
        assertEquals(ScenarioLoader.DEFAULT_ROUNDS, s.rounds());
        assertEquals(new Synchronous(NodeChoice.EFFECTIVE), s.policy(), "scheduler defaults to synchronous");
        assertEquals(ChannelDiscipline.UNORDERED, s.channels(), "LME defaults to unordered channels");
        assertEquals(PortAssignment.LOWEST, s.ports);
        assertEquals(CheckSettings.DEFAULTS, s.checks());
        assertEquals(0.0, s.unitDisk());
        assertTrue(s.dynamics.isEmpty());
        assertNull(s.churn);
        assertNull(s.workload);
        Lme lme = assertInstanceOf(Lme.class, s.protocol());
        assertEquals("lme", lme.name());
        assertEquals(LmeVariant.CORRECTED, lme.variant(), "the corrected variant is the default");
        // the parsed JSON is kept (it is embedded in trace headers)
        assertEquals("lockstep-scenario/1", ((dev.lockstep.json.JsonValue.Str) s.json().get("format")).value());
        // no positions given: laid out on a circle, not all at the origin
        assertTrue(s.x(0) != s.x(1) || s.y(0) != s.y(1));
    }

    @Test
    void everyFieldIsRead() throws Exception {
        String text = """
                {
                  "format": "lockstep-scenario/1",
                  "name": "Everything",
                  "protocol": "lme",
                  "params": {"K": 5, "variant": "paper"},
                  "delta": 3,
                  "seed": -42,
                  "rounds": 0,
                  "scheduler": {"policy": "semi-synchronous", "activation": 0.25, "choice": "any"},
                  "channels": "fifo",
                  "ports": "random",
                  "nodes": [{"id": "a", "x": 0, "y": 1.5}, {"id": "b", "x": -2, "y": 0}, {"id": "c", "x": 3, "y": 4}],
                  "edges": [["b", "a"]],
                  "dynamics": [{"round": 3, "link": ["a", "c"]}, {"round": 4, "cut": ["a", "b"]},
                               {"round": 5, "move": "c", "to": [2, 1]}],
                  "churn": {"cut": 0.05, "link": 0.1, "until": 30},
                  "workload": {"lock": 0.3, "hold": 2, "until": 90},
                  "checks": {"lockoutBound": 77}
                }
                """;
        Scenario s = load(text);
        assertEquals("Everything", s.name());
        Lme lme = assertInstanceOf(Lme.class, s.protocol());
        assertEquals(LmeVariant.PAPER, lme.variant());
        assertEquals(3, s.delta());
        assertEquals(-42, s.seed());
        assertEquals(0, s.rounds());
        assertEquals(new SemiSynchronous(0.25, NodeChoice.ANY), s.policy());
        assertEquals(ChannelDiscipline.FIFO, s.channels());
        assertEquals(PortAssignment.RANDOM, s.ports);
        assertEquals(List.of("a", "b", "c"), s.nodes());
        assertEquals(1.5, s.y(0));
        assertEquals(-2.0, s.x(1));
        assertArrayEquals(new int[] {1, 0}, s.edges());
        assertEquals(List.of(
                new TopologyEvent.Link(3, 0, 2, "$.dynamics[0]"),
                new TopologyEvent.Cut(4, 0, 1, "$.dynamics[1]"),
                new TopologyEvent.Move(5, 2, 2.0, 1.0, "$.dynamics[2]")), s.dynamics);
        assertEquals(new Churn(0.05, 0.1, 30), s.churn);
        assertEquals(new RandomWorkload(0.3, 2, 90), s.workload);
        assertEquals(new CheckSettings(77), s.checks());
    }

    @Test
    void otherSchedulersAndScriptedWorkload() throws Exception {
        assertEquals(new Sequential(NodeChoice.EFFECTIVE),
                load(scenario("\"scheduler\": {\"policy\": \"sequential\"}")).policy());
        assertEquals(new Asynchronous(0.5, 3, NodeChoice.EFFECTIVE),
                load(scenario("\"scheduler\": {\"policy\": \"asynchronous\"}")).policy(), "documented defaults");
        assertEquals(new Asynchronous(0.9, 7, NodeChoice.EFFECTIVE),
                load(scenario("\"scheduler\": {\"policy\": \"asynchronous\", \"activation\": 0.9, \"maxDuration\": 7}")).policy());
        Scenario scripted = load(scenario("\"scheduler\": {\"policy\": \"scripted\", \"steps\": "
                + "[{\"round\": 0, \"node\": \"v\", \"action\": \"InitLock\"}], \"then\": {\"policy\": \"sequential\"}}"));
        assertInstanceOf(Scripted.class, scripted.policy());
        Scenario calls = load(scenario("\"workload\": [{\"round\": 2, \"node\": \"w\", \"call\": \"lock\", \"hold\": 4},"
                + " {\"round\": 9, \"node\": \"u\", \"call\": \"unlock\"}]"));
        assertEquals(new ScriptedWorkload(List.of(new ScriptedWorkload.Entry(2, 2, Call.LOCK, 4),
                new ScriptedWorkload.Entry(9, 0, Call.UNLOCK, -1))), calls.workload);
    }

    @Test
    void unitDiskScenario() throws Exception {
        Scenario s = load("""
                {"format": "lockstep-scenario/1", "protocol": "lme", "delta": 4, "unitDisk": 1.5,
                 "nodes": [{"id": "a", "x": 0, "y": 0}, {"id": "b", "x": 1, "y": 0}]}
                """);
        assertEquals(1.5, s.unitDisk());
        assertEquals(0, s.edges().length, "no explicit edges with a unit-disk radius");
    }

    @Test
    void ricartAgrawalaDefaultsToFifoChannels() throws Exception {
        Scenario s = load("""
                {"format": "lockstep-scenario/1", "protocol": "ricart-agrawala", "delta": 2,
                 "nodes": [{"id": "p"}, {"id": "q"}, {"id": "r"}], "edges": [["p", "q"], ["q", "r"], ["r", "p"]]}
                """);
        assertEquals("ricart-agrawala", s.protocol().name());
        assertEquals(ChannelDiscipline.FIFO, s.channels());
    }

    @Test
    void theSampleRunLoads() throws Exception {
        Scenario s = ScenarioLoader.load(Path.of("sample-runs/ring-8.json"));
        assertEquals("Ring of 8", s.name());
        assertEquals(8, s.nodes().size());
        assertEquals(16, s.edges().length);
        assertEquals(7, s.seed());
        assertEquals(400, s.rounds());
        assertEquals(new SemiSynchronous(0.7, NodeChoice.EFFECTIVE), s.policy());
    }

    // ---------------------------------------------------------------- files

    @Test
    void fileProblemsNameTheFile(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("nope.json");
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(missing));
        assertEquals(List.of(missing + ": no such file"), e.problems());

        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, new byte[] {'{', '"', (byte) 0xE9, '"', '}'});
        e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(latin1));
        assertEquals(List.of(latin1 + ": not a UTF-8 text file"), e.problems());

        Path bad = dir.resolve("typo.json");
        Files.writeString(bad, scenario("\"rouds\": 5"));
        e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(bad));
        assertTrue(e.problems().get(0).startsWith(bad + ":7:12: $.rouds: "), e.getMessage());
    }

    // ---------------------------------------------------------------- bad input

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
    void unknownNodeInAnEdge() {
        String text = scenario().replace("[\"v\", \"w\"]", "[\"v\", \"zz\"]");
        onlyProblem(text, "\"zz\"", "$.edges[1][1]", "unknown node \"zz\"", "(nodes are: u, v, w)");
    }

    @Test
    void unknownNodeInDynamics() {
        String cut = scenario("\"dynamics\": [{\"round\": 3, \"cut\": [\"u\", \"v\"]}, {\"round\": 4, \"cut\": [\"x1\", \"v\"]}]");
        onlyProblem(cut, "\"x1\"", "$.dynamics[1].cut[0]", "unknown node \"x1\"", "nodes are: u, v, w");
        String link = scenario("\"dynamics\": [{\"round\": 3, \"link\": [\"u\", \"x2\"]}]");
        onlyProblem(link, "\"x2\"", "$.dynamics[0].link[1]", "unknown node \"x2\"");
        String move = scenario("\"dynamics\": [{\"round\": 3, \"move\": \"x3\", \"to\": [1, 2]}]");
        onlyProblem(move, "\"x3\"", "$.dynamics[0].move", "unknown node \"x3\"");
    }

    @Test
    void unknownNodeInWorkload() {
        String text = scenario("\"workload\": [{\"round\": 0, \"node\": \"u\", \"call\": \"lock\"},\n"
                + "    {\"round\": 1, \"node\": \"ghost\", \"call\": \"lock\"}]");
        onlyProblem(text, "\"ghost\"", "$.workload[1].node", "unknown node \"ghost\"", "nodes are: u, v, w");
    }

    @Test
    void unknownNodeInSchedulerSteps() {
        String text = scenario("\"scheduler\": {\"policy\": \"scripted\", \"steps\": [\n"
                + "    {\"round\": 0, \"node\": \"u\", \"action\": \"InitLock\"},\n"
                + "    {\"round\": 1, \"node\": \"nobody\", \"action\": \"InitLock\"}]}");
        onlyProblem(text, "\"nobody\"", "$.scheduler.steps[1].node", "unknown node \"nobody\"");
    }

    @Test
    void aStepsPortOutsideZeroToDeltaIsReportedAtLoadTime() throws Exception {
        String text = scenario("\"scheduler\": {\"policy\": \"scripted\", \"steps\": [\n"
                + "    {\"round\": 0, \"node\": \"u\", \"action\": \"ReceiveRequest\", \"port\": 66}]}");
        onlyProblem(text, "66", "$.scheduler.steps[0].port", "expected the port between 0 and 2, found 66");
        load(text.replace("66", "2")); // 0..Δ: port 0 is the node's message to itself
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
    void probabilitiesOutOfRange() {
        onlyProblem(scenario("\"churn\": {\"cut\": -0.05, \"link\": 0.1}"), "-0.05", "$.churn.cut",
                "expected the cut probability to be a probability between 0 and 1, found -0.05");
        onlyProblem(scenario("\"churn\": {\"cut\": 0.05, \"link\": 1.01}"), "1.01", "$.churn.link",
                "between 0 and 1, found 1.01");
        onlyProblem(scenario("\"workload\": {\"lock\": 1.5, \"hold\": 2}"), "1.5", "$.workload.lock",
                "the lock probability", "between 0 and 1, found 1.5");
        onlyProblem(scenario("\"workload\": {\"lock\": -1, \"hold\": 2}"), "-1", "$.workload.lock",
                "between 0 and 1, found -1");
        onlyProblem(scenario("\"scheduler\": {\"policy\": \"semi-synchronous\", \"activation\": 2}"), "2}",
                "$.scheduler.activation", "the activation probability", "between 0 and 1, found 2");
        onlyProblem(scenario("\"scheduler\": {\"policy\": \"asynchronous\", \"activation\": -0.5}"), "-0.5",
                "$.scheduler.activation", "between 0 and 1, found -0.5");
        onlyProblem(scenario("\"scheduler\": {\"policy\": \"semi-synchronous\", \"activation\": 0}"), "0}",
                "$.scheduler.activation", "never activates anyone");
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

    @Test
    void scriptedStepWithAnUnknownActionLabel() {
        String text = scenario("\"scheduler\": {\"policy\": \"scripted\", \"steps\": [\n"
                + "    {\"round\": 0, \"node\": \"u\", \"action\": \"InitLock\"},\n"
                + "    {\"round\": 1, \"node\": \"u\", \"action\": \"Teleport\"}]}");
        onlyProblem(text, "\"Teleport\"", "$.scheduler.steps[1].action", "unknown action \"Teleport\" of lme",
                "expected one of: InitLock, ReceivePrepare", "CheckUnlocked");
        onlyProblem(scenario("\"scheduler\": {\"policy\": \"round-robin\"}"), "\"round-robin\"", "$.scheduler.policy",
                "unknown policy \"round-robin\"", "synchronous, semi-synchronous, sequential, asynchronous, scripted");
        onlyProblem(scenario("\"scheduler\": {\"policy\": \"scripted\", \"steps\": [], "
                + "\"then\": {\"policy\": \"scripted\", \"steps\": []}}"), "{\"policy\": \"scripted\", \"steps\": []}",
                "$.scheduler.then", "cannot be nested");
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
