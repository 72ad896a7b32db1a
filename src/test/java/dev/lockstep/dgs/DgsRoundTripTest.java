package dev.lockstep.dgs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Envelope;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scenario → run → DGS (GraphStream's writer) → DGS import (GraphStream's reader) → the same topology. */
class DgsRoundTripTest {
    @TempDir
    Path dir;

    static final String SCRIPTED = """
            {"format": "lockstep-scenario/1", "name": "four", "protocol": "lme", "delta": 3, "seed": 4, "rounds": 12,
             "nodes": [{"id": "a", "x": 0, "y": 0}, {"id": "b", "x": 1, "y": 0}, {"id": "c", "x": 1, "y": 1}, {"id": "d", "x": 0, "y": 1.5}],
             "edges": [["a", "b"], ["b", "c"], ["c", "d"]],
             "dynamics": [{"round": 3, "cut": ["b", "c"]}, {"round": 3, "link": ["a", "c"]}, {"round": 5, "link": ["b", "c"]},
                          {"round": 7, "cut": ["a", "b"]}, {"round": 7, "move": "d", "to": [2.5, -1]}, {"round": 9, "link": ["a", "d"]}],
             "workload": {"lock": 0.3, "hold": 1}}
            """;

    @Test
    void scriptedTopologyEventsComeBackEqual() throws Exception {
        Scenario original = ScenarioLoader.parse(SCRIPTED, "four.json");
        Path dgs = dir.resolve("four.dgs");
        DgsExport.write(original, original.seed(), original.rounds(), dgs);
        assertTrue(Files.readString(dgs).startsWith("DGS004"), "GraphStream's header");

        String text = DgsImport.toScenarioJson(dgs, ImportOptions.defaults().withDelta(3).withSeed(4L)
                .withField("workload", "{\"lock\": 0.3, \"hold\": 1}"));
        Scenario imported = ScenarioLoader.parse(text, "four-imported.json");
        assertEquals("four", imported.name(), "named after the file");
        assertEquals(original.nodes(), imported.nodes());
        for (int u = 0; u < original.nodes().size(); u++) {
            assertEquals(original.x(u), imported.x(u));
            assertEquals(original.y(u), imported.y(u));
        }
        assertEquals(json(original.json().get("edges")), json(imported.json().get("edges")), text);
        assertEquals(json(original.json().get("dynamics")), json(imported.json().get("dynamics")), text);
        assertEquals(topology(original, original.rounds()), topology(imported, original.rounds()));
    }

    @Test
    void aChurnRunBecomesScriptedDynamicsWithTheSameTopology() throws Exception {
        Scenario churn = ScenarioLoader.load(Path.of("sample-runs/grid-5x5-churn.json"));
        Path dgs = dir.resolve("grid.dgs");
        DgsExport.write(churn, churn.seed(), 120, dgs);
        Scenario imported = DgsImport.toScenario(dgs, ImportOptions.defaults().withDelta(churn.delta()).withName("grid"));
        assertTrue(imported.json().has("dynamics") && !imported.json().has("churn"));
        List<String> before = topology(churn, 120);
        assertTrue(before.size() > 60, "the unit disk's links and the churn: " + before.size());
        assertEquals(before, topology(imported, 120));
    }

    @Test
    void aUnitDiskRunWithMovesKeepsItsMovesAndTheirLinksAndCuts() throws Exception {
        Scenario dragged = ScenarioLoader.load(Path.of("sample-runs/node-dragged-away-mid-competition.json"));
        Path dgs = dir.resolve("dragged.dgs");
        DgsExport.write(dragged, dragged.seed(), 40, dgs);
        Scenario imported = DgsImport.toScenario(dgs, ImportOptions.defaults().withDelta(dragged.delta()));
        List<String> before = topology(dragged, 40);
        assertTrue(before.stream().anyMatch(e -> e.contains(" move ")), before::toString);
        assertEquals(before, topology(imported, 40), "explicit edges and scripted links and cuts instead of the unit disk");
    }

    /** Every link, cut and move a run makes, in order. */
    static List<String> topology(Scenario s, int rounds) {
        List<String> out = new ArrayList<>();
        Engine e = s.engine(s.seed());
        e.simulation().addListener(new SimulationListener() {
            @Override
            public void linked(int round, int u, int pu, int v, int pv) {
                out.add(round + " link " + Math.min(u, v) + " " + Math.max(u, v));
            }

            @Override
            public void cut(int round, int u, int pu, int v, int pv, List<Envelope> lost) {
                out.add(round + " cut " + Math.min(u, v) + " " + Math.max(u, v));
            }

            @Override
            public void moved(int round, int u, double x, double y) {
                out.add(round + " move " + u + " " + x + " " + y);
            }
        });
        e.runUntil(rounds);
        return out;
    }

    static String json(JsonValue v) {
        return new JsonWriter().value(v).toString();
    }
}
