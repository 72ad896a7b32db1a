package dev.lockstep.core.adversary;

import dev.lockstep.core.Simulation;

/** The application layer: when nodes call Lock and Unlock. */
public interface Workload {
    /** Issues this round's calls. */
    void calls(Simulation sim);
}
