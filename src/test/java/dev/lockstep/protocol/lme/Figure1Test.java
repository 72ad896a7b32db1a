package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.check.LockSets;
import dev.lockstep.scenario.Scenario;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The paper's Figure 1: while u's request is in progress a neighbour (v6) is cut and a new one
 * (w) is linked. u's lock set at success is u plus its persistent neighbours only.
 */
class Figure1Test {
    @Test
    void lockSetExcludesTheCutAndTheNewNeighbour() throws Exception {
        Scenario scenario = LmeHarness.sample("figure-1-persistent-neighbourhood.json");
        Engine engine = scenario.engine();
        Simulation sim = engine.simulation();
        int u = sim.indexOf("u");
        List<int[]> lockSets = new ArrayList<>();
        List<Integer> successRounds = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override
            public void executed(ExecutionRecord r) {
                if (r.node() == u && r.label().equals("CheckDone")) {
                    lockSets.add(LockSets.of(sim.protocol(), sim, u));
                    successRounds.add(r.round());
                }
            }
        });
        engine.runUntil(scenario.rounds());

        assertEquals(List.of(), sim.violations(), "persistent-lock-set agrees, nothing else fires");
        assertEquals(1, lockSets.size(), "u's request succeeded once");
        List<String> names = Arrays.stream(lockSets.get(0)).mapToObj(sim::nodeName).toList();
        assertEquals(List.of("u", "v1", "v2", "v3", "v4", "v5"), names);

        int requested = 0; // u's call is served in round 0 under the synchronous policy
        int success = successRounds.get(0);
        assertTrue(success > 2, "the request was still in progress when w arrived (round 2): " + success);
        // The graph's own presence history says the same.
        for (String v : List.of("v1", "v2", "v3", "v4", "v5")) {
            assertTrue(sim.graph().persisted(u, sim.indexOf(v), requested, success), v);
        }
        assertFalse(sim.graph().persisted(u, sim.indexOf("v6"), requested, success), "v6 was cut");
        assertFalse(sim.graph().persisted(u, sim.indexOf("w"), requested, success), "w came later");
        assertTrue(sim.graph().adjacent(u, sim.indexOf("w")), "w is a neighbour at success time, yet not locked");
        assertEquals(2, sim.stats().locksAcquired(), "w got its turn after u unlocked");
    }
}
