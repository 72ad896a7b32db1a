package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.Engine;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Unit-disk layouts (issue 9, item 8): a crowd that would make the unit disk quadratic is refused
 * at load time, naming the node and its count against Δ; a layout only somewhat denser than Δ
 * loads as before and its extra links are refused when the run links the graph.
 */
class UnitDiskScenarioTest {

    /** n nodes at one point (node 0 of them at {@code firstX}), as the 550 KB file. */
    static String crowd(int n, int delta, double firstX) {
        StringBuilder sb = new StringBuilder("{\"format\": \"lockstep-scenario/1\", \"protocol\": \"lme\", \"delta\": ")
                .append(delta).append(", \"unitDisk\": 1.5,\n \"nodes\": [\n");
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ",\n").append("  {\"id\": \"n").append(i).append("\", \"x\": ")
                    .append(i == 0 ? firstX : 3).append(", \"y\": 4}");
        }
        return sb.append("\n]}\n").toString();
    }

    @Test
    void aCrowdBeyondFourDeltaIsRefusedWithTheNodeItsCountAndDelta() {
        String text = crowd(200, 8, 3);
        ScenarioTexts.onlyProblem(text, "{\"id\": \"n0\"", "$.nodes[0]",
                "node \"n0\" has 199 other nodes within the unit-disk radius 1.5, more than 4Δ = 32 (Δ = 8)",
                "spread the nodes out or shrink the radius");
    }

    @Test
    void twentyThousandNodesAtOnePointAreRefusedBeforeAnyPairIsListed() {
        String text = crowd(20_000, 8, 100);
        assertTrue(text.length() > 500_000, "as large as the issue's file: " + text.length());
        long t0 = System.nanoTime();
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(text, "crowd.json"));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(1, e.problems().size(), e.getMessage());
        String p = e.problems().get(0);
        assertTrue(p.startsWith("crowd.json:4:3: $.nodes[1]: node \"n1\" has 19998 other nodes within the unit-disk radius 1.5"), p);
        assertTrue(ms < 20_000, "refused in " + ms + " ms");
    }

    @Test
    void aLayoutSomewhatDenserThanDeltaLoadsAndItsExtraLinksAreRefusedAtRoundZero() throws Exception {
        Scenario s = ScenarioLoader.parse(crowd(8, 2, 3), "dense.json"); // 7 in range, Δ = 2: at most 8 allowed
        Engine engine = s.engine(s.seed());
        Simulation sim = engine.simulation();
        List<String> refused = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override
            public void refused(int round, String change, int u, int v, String why) {
                refused.add(round + " " + change + " " + sim.nodeName(u) + "-" + sim.nodeName(v));
            }
        });
        engine.stepRound();
        // Triangles n0-n1-n2 and n3-n4-n5 fill their ports, then n6-n7: 7 of the 28 pairs.
        assertEquals(7, sim.graph().edgeCount());
        assertEquals(28 - 7, refused.size(), refused.toString());
        assertEquals("0 link n0-n3", refused.get(0), "pairs are tried in (u, v) order: n0 took n1 and n2");
    }

    @Test
    void anIncompleteUnitDiskNamesTheFirstMissingPair() {
        String text = """
                {"format": "lockstep-scenario/1", "protocol": "ricart-agrawala", "delta": 3, "unitDisk": 1.2,
                 "nodes": [{"id": "p", "x": 0, "y": 0}, {"id": "q", "x": 1, "y": 0}, {"id": "r", "x": 2, "y": 0},
                           {"id": "s", "x": 0.5, "y": 0}]}
                """;
        ScenarioTexts.onlyProblem(text, "1.2", "$.unitDisk", "ricart-agrawala needs a complete initial graph",
                "p–r is missing");
    }
}
