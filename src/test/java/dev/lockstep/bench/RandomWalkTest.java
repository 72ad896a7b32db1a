package dev.lockstep.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.TimeVaryingGraph;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.UnitDisk;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The lme benchmark's mobility: its share of the nodes step each round from round 1, and the unit disk follows. */
class RandomWalkTest {

    /** Every edge within the radius (1): moves cut what they stretched too far. */
    static void assertUnitDisk(Simulation sim) {
        TimeVaryingGraph g = sim.graph();
        assertTrue(g.edgeCount() > 0);
        for (int u = 0; u < sim.nodeCount(); u++) {
            for (int v = u + 1; v < sim.nodeCount(); v++) {
                if (g.adjacent(u, v)) assertTrue(UnitDisk.within(g.x(u), g.y(u), g.x(v), g.y(v), 1.0), u + "-" + v + " is linked but out of range");
            }
        }
    }

    @Test
    void aTenthOfTheNodesStepEachRoundAndTheUnitDiskFollows() {
        int n = 300;
        Engine engine = LmeBench.build(n, 6, 3, 0.1);
        Simulation sim = engine.simulation();
        Map<Integer, Integer> movesByRound = new HashMap<>();
        sim.addListener(new SimulationListener() {
            @Override public void moved(int round, int u, double x, double y) {
                movesByRound.merge(round, 1, Integer::sum);
            }
        });
        engine.runUntil(6);
        assertEquals(Map.of(1, 30, 2, 30, 3, 30, 4, 30, 5, 30), movesByRound, "none in round 0, then 10 % of 300");
        double side = LmeBench.side(n, 6);
        for (int u = 0; u < n; u++) {
            assertTrue(sim.graph().x(u) >= 0 && sim.graph().x(u) <= side && sim.graph().y(u) >= 0 && sim.graph().y(u) <= side);
        }
        assertUnitDisk(sim);
        assertEquals(0, sim.violationCount());
    }
}
