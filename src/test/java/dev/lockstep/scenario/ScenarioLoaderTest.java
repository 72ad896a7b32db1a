package dev.lockstep.scenario;

import static dev.lockstep.scenario.ScenarioTexts.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import dev.lockstep.protocol.lme.Lme;
import dev.lockstep.protocol.lme.LmeVariant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading valid scenarios: every field read, defaults, the sample runs, and problems with the file itself. */
class ScenarioLoaderTest {

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
}
