package dev.lockstep.core;

import java.lang.reflect.Field;

/**
 * The simulation's round runner and executions, for tests that switch a fast path off or count
 * what took it: read by reflection, as Simulation.java is at its size limit and these are no API.
 */
final class SimulationInternals {
    private SimulationInternals() {
    }

    static ParallelRound rounds(Simulation sim) {
        return (ParallelRound) field(sim, "parallel");
    }

    static Executions executions(Simulation sim) {
        return (Executions) field(sim, "executions");
    }

    static SimulationState world(Simulation sim) {
        return (SimulationState) field(sim, "world");
    }

    static TopologyChanges topology(Simulation sim) {
        return (TopologyChanges) field(sim, "topology");
    }

    private static Object field(Simulation sim, String name) {
        try {
            Field f = Simulation.class.getDeclaredField(name);
            f.setAccessible(true);
            return f.get(sim);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
