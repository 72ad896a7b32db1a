package dev.lockstep.core;

import java.util.List;

/**
 * The application layer on top of Lock and Unlock (LME paper, Sec. 6), as far as the core needs
 * to know it: the state it gives each node at the start and the checks of what isolation must
 * guarantee it. When nodes call Lock, and what they do while holding their locks, is the
 * application's {@code Workload}; what it does to its state goes through
 * {@code Simulation.applicationStep}, so that traces record it and copies carry it.
 */
public interface Application {
    /** For people and messages, e.g. "exact majority". */
    String name();

    /** Every node's state at round 0; draws (if any) come first from the simulation's stream. */
    ApplicationState initialState(int nodeCount, SeededRandom random);

    /** Checks run by the simulation's checker next to the protocol's. */
    List<Check> checks();
}
