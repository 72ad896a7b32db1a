package dev.lockstep.core.adversary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.TimeVaryingGraph;
import dev.lockstep.protocol.lme.Lme;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Scripted topology events in their rounds, and a unit disk that follows moves. */
class ScenarioAdversaryTest {
    private static Simulation placed(double[] x, double[] y, int delta) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < x.length; i++) names.add("n" + i);
        return new Simulation(new SimulationConfig(new Lme(), names, x, y, null, delta, ChannelDiscipline.UNORDERED,
                PortAssignment.LOWEST, CheckSettings.DEFAULTS, 1));
    }

    private static Engine engine(Simulation sim, int[] edges, double unitDisk, List<TopologyEvent> dynamics) {
        return new Engine(sim, new ScenarioAdversary(edges, unitDisk, dynamics, null, null, new Synchronous()));
    }

    @Test
    void linksCutsAndMovesHappenInTheirOwnRounds() {
        Simulation sim = placed(new double[3], new double[3], 2);
        TimeVaryingGraph g = sim.graph();
        Engine e = engine(sim, new int[] {0, 1}, 0, List.of(new TopologyEvent.Link(2, 1, 2, "$.dynamics[0]"),
                new TopologyEvent.Cut(3, 0, 1, "$.dynamics[1]"), new TopologyEvent.Move(4, 2, 7, 8, "$.dynamics[2]")));
        e.runUntil(2);
        assertTrue(g.adjacent(0, 1));
        assertFalse(g.adjacent(1, 2), "not linked before round 2");
        e.runUntil(3);
        assertTrue(g.adjacent(1, 2));
        assertTrue(g.adjacent(0, 1), "not cut before round 3");
        e.runUntil(4);
        assertFalse(g.adjacent(0, 1));
        assertEquals(0.0, g.x(2));
        e.runUntil(5);
        assertEquals(7.0, g.x(2));
        assertEquals(8.0, g.y(2));
        assertTrue(g.adjacent(1, 2), "explicit edges do not depend on distance");
    }

    @Test
    void aUnitDiskLinksThePairsInRangeAndFollowsMoves() {
        // n0 (0,0), n1 (1,0), n2 (5,0); radius 1.5
        Simulation sim = placed(new double[] {0, 1, 5}, new double[3], 2);
        TimeVaryingGraph g = sim.graph();
        List<String> changes = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override public void linked(int round, int u, int pu, int v, int pv) {
                changes.add(round + " link " + u + "-" + v);
            }

            @Override public void cut(int round, int u, int pu, int v, int pv, List<dev.lockstep.core.Envelope> lost) {
                changes.add(round + " cut " + u + "-" + v);
            }
        });
        ScenarioAdversary adv = new ScenarioAdversary(new int[] {0, 2}, 1.5, List.of(
                new TopologyEvent.Move(1, 2, 2, 0, "m0"),     // n2 comes within range of n1 only
                new TopologyEvent.Move(2, 1, 1, 0.5, "m1"),   // stays in range of both
                new TopologyEvent.Move(3, 1, 9, 9, "m2")),    // leaves both
                null, null, new Synchronous());
        assertEquals(1.5, adv.unitDisk());
        Engine e = new Engine(sim, adv);
        e.runUntil(1);
        assertTrue(g.adjacent(0, 1));
        assertFalse(g.adjacent(0, 2), "explicit edges are ignored under a unit disk");
        e.runUntil(2);
        assertTrue(g.adjacent(1, 2));
        assertFalse(g.adjacent(0, 2), "distance 2 is out of range");
        e.runUntil(3);
        assertEquals(2, g.edgeCount(), "no change while in range");
        e.runUntil(4);
        assertEquals(0, g.edgeCount());
        assertEquals(List.of("0 link 0-1", "1 link 2-1", "3 cut 1-0", "3 cut 1-2"), changes);
    }

    @Test
    void movingANodeBackIntoRangeRelinksIt() {
        Simulation sim = placed(new double[] {0, 1}, new double[2], 1);
        ScenarioAdversary adv = new ScenarioAdversary(new int[0], 1.0, List.of(), null, null, new Synchronous());
        Engine e = new Engine(sim, adv);
        e.runUntil(1);
        assertTrue(sim.graph().adjacent(0, 1), "distance exactly the radius is in range");
        adv.move(sim, 1, 3, 0);
        assertFalse(sim.graph().adjacent(0, 1));
        adv.move(sim, 1, 0.5, 0);
        assertTrue(sim.graph().adjacent(0, 1));
    }
}
