package dev.lockstep.core.adversary;

import dev.lockstep.core.Simulation;
import java.util.List;

/**
 * The paper's adversary: it changes the topology, the application layer calls Lock/Unlock through
 * it, and it activates nodes and picks their actions and messages. Implementations hold no
 * state of their own beyond their fixed inputs (everything else is read from the simulation and
 * drawn from its random stream), so one adversary can drive any copy of a simulation.
 */
public interface Adversary {
    /** Topology changes and application calls at the start of the current round. */
    void beginRound(Simulation sim);

    /** The executions of the current round, decided after {@link #beginRound}. */
    List<Planned> plan(Simulation sim);

    /**
     * The same plan as {@link #plan(Simulation)}, with the same random draws, into {@code out} as
     * listing codes; false, having drawn nothing, if this adversary plans only as {@link Planned}
     * executions. What the engine asks when it runs a whole round at once.
     */
    default boolean plan(Simulation sim, ListedPlan out) {
        return false;
    }
}
