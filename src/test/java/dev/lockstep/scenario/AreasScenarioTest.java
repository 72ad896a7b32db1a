package dev.lockstep.scenario;

import static dev.lockstep.scenario.ScenarioTexts.onlyProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lockstep.core.Simulation;
import java.util.List;
import org.junit.jupiter.api.Test;

/** "areas": KLME's neighbourhoods as rectangles; bad ones are refused with file:line:col and path. */
class AreasScenarioTest {
    private static String klme(String areas, String nodes, String extra) {
        return """
                {"format": "lockstep-scenario/1", "protocol": "klme", "delta": 2, "unitDisk": 100,
                 "areas": %s,
                 "nodes": %s%s}
                """.formatted(areas, nodes, extra);
    }

    private static final String NODES = "[{\"id\": \"p\", \"x\": 1, \"y\": 1}, {\"id\": \"q\", \"x\": 6, \"y\": 1},"
            + " {\"id\": \"r\", \"x\": 20, \"y\": 1}]";

    @Test
    void aNodesRegionIsTheFirstAreaContainingIt() throws Exception {
        Scenario s = ScenarioLoader.parse(klme("[{\"name\": \"A\", \"x\": 0, \"y\": 0, \"width\": 5, \"height\": 5},"
                + " {\"name\": \"B\", \"x\": 0, \"y\": 0, \"width\": 10, \"height\": 5}]", NODES, ""), "s.json");
        Simulation sim = new Simulation(s.config(1));
        assertEquals(List.of("A", "B", ""), List.of(sim.region(0), sim.region(1), sim.region(2)));
    }

    @Test
    void badAreasAreRefused() {
        onlyProblem(klme("[{\"name\": \"A\", \"x\": 0, \"y\": 0, \"width\": 0, \"height\": 5}]", NODES, ""),
                "0, \"height\"", "$.areas[0].width", "expected a positive width");
        onlyProblem(klme("[{\"name\": \"A\", \"x\": 0, \"y\": 0, \"width\": 2, \"height\": 5},"
                        + " {\"name\": \"A\", \"x\": 3, \"y\": 0, \"width\": 2, \"height\": 5}]", NODES, ""),
                "\"A\", \"x\": 3", "$.areas[1].name", "duplicate area \"A\"");
        onlyProblem(klme("[{\"name\": \"A\", \"x\": 0, \"width\": 2, \"height\": 5}]", NODES, ""),
                "{\"name\"", "$.areas[0]", "missing \"y\"");
    }

    @Test
    void aMoveCallIsNotTheApplicationsToMake() {
        onlyProblem(klme("[{\"name\": \"A\", \"x\": 0, \"y\": 0, \"width\": 5, \"height\": 5}]", NODES,
                        ", \"workload\": [{\"round\": 1, \"node\": \"p\", \"call\": \"move\"}]"),
                "\"move\"", "$.workload[0].call", "raised by a move across an area's boundary");
    }

    @Test
    void klmeNeedsAreasOrRegions() {
        onlyProblem("""
                {"format": "lockstep-scenario/1", "protocol": "klme", "delta": 1, "unitDisk": 100,
                 "nodes": [{"id": "p", "x": 0, "y": 0}, {"id": "q", "x": 1, "y": 0}]}
                """, "[{", "$.nodes", "klme needs a \"region\" for every node or \"areas\"");
    }
}
