package dev.lockstep.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.Workers;
import dev.lockstep.core.adversary.Adversary;
import dev.lockstep.core.adversary.ListedPlan;
import dev.lockstep.core.adversary.Planned;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.TimeVaryingGraph;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.UnitDisk;
import java.util.HashMap;
import java.util.List;
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

    /** The walk as it was before batches: each step drawn and made in turn. */
    private record OneByOne(ScenarioAdversary base, double fraction, double side) implements Adversary {
        @Override public void beginRound(Simulation sim) {
            base.beginTopology(sim);
            if (sim.round() >= 1) {
                for (long i = 0, moves = Math.round(fraction * sim.nodeCount()); i < moves; i++) RandomWalk.step(sim, base, sim.random(), side);
            }
            base.beginCalls(sim);
        }

        @Override public List<Planned> plan(Simulation sim) { return base.plan(sim); }

        @Override public boolean plan(Simulation sim, ListedPlan out) { return base.plan(sim, out); }
    }

    /**
     * Drawing a round's steps first and making them as one batch, on one thread or on two (where
     * 300 moves a round run in parallel), is the walk that steps one by one: the same
     * configuration after every round, the same statistics, the same next draw.
     */
    @Test
    void aBatchIsTheWalkOneStepAtATime() {
        int n = 3000;
        try (Workers two = new Workers(2)) {
            Engine reference = LmeBench.build(n, 6, 5, 0);
            ScenarioAdversary base = (ScenarioAdversary) reference.adversary();
            reference = new Engine(reference.simulation(), new OneByOne(base, 0.1, LmeBench.side(n, 6)));
            Engine single = LmeBench.build(n, 6, 5, 0.1);
            Engine parallel = LmeBench.build(n, 6, 5, 0.1);
            parallel.simulation().workers(two);
            for (int round = 1; round <= 12; round++) {
                reference.runUntil(round);
                single.runUntil(round);
                parallel.runUntil(round);
                assertEquals(reference.simulation().configuration(), single.simulation().configuration(), "round " + round + ", one thread");
                assertEquals(reference.simulation().configuration(), parallel.simulation().configuration(), "round " + round + ", two threads");
            }
            long next = reference.simulation().random().nextLong();
            for (Engine e : new Engine[] {single, parallel}) {
                assertEquals(reference.simulation().stats().messagesLost(), e.simulation().stats().messagesLost());
                assertEquals(reference.simulation().graph().edgeCount(), e.simulation().graph().edgeCount());
                assertEquals(next, e.simulation().random().nextLong());
            }
            assertTrue(reference.simulation().stats().messagesLost() > 0, "moves cut edges with messages in transit");
        }
    }
}
