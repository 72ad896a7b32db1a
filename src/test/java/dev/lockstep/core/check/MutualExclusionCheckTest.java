package dev.lockstep.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Choice;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.Violation;
import java.util.List;
import org.junit.jupiter.api.Test;

class MutualExclusionCheckTest {
    private static Simulation line() {
        Simulation sim = new Simulation(new SimulationConfig(new GreedyProtocol(), List.of("a", "b", "c"),
                new double[3], new double[3], null, 2, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST,
                CheckSettings.DEFAULTS, 1));
        sim.link(0, 1);
        sim.link(1, 2);
        return sim;
    }

    private static void grab(Simulation sim, int u) {
        sim.call(u, Call.LOCK);
        Choice c = sim.choices(u).get(0);
        sim.execute(c);
    }

    @Test
    void neighboursThatBothGrabShareALockSet() {
        Simulation sim = line();
        grab(sim, 0);
        grab(sim, 1);
        List<Violation> found = sim.endRound();
        List<Violation> me = found.stream().filter(v -> v.check().equals("mutual-exclusion")).toList();
        assertEquals(1, me.size(), found.toString());
        assertEquals(List.of(0, 1), me.get(0).nodes());
        assertEquals(0, me.get(0).round());
        assertTrue(me.get(0).message().contains("the lock sets of a and b intersect"), me.get(0).message());
    }

    @Test
    void disjointLockSetsAreFine_andAnOngoingClashIsReportedOnce() {
        Simulation sim = line();
        grab(sim, 0);
        assertTrue(sim.endRound().isEmpty(), "a alone: {a, b}");
        grab(sim, 2);
        assertEquals(1, sim.endRound().stream().filter(v -> v.check().equals("mutual-exclusion")).count(),
                "c grabs {b, c}: b is shared");
        assertTrue(sim.endRound().isEmpty(), "the same clash in the next round is not news");
        assertEquals(1, sim.violations().stream().filter(v -> v.check().equals("mutual-exclusion")).count());
    }
}
