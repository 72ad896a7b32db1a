package dev.lockstep.core;

import java.util.function.IntFunction;

/**
 * The application's state of every node (Sec. 6): part of the simulation's state, so
 * {@code Simulation.copy()} and {@code Simulation.restore} carry it and the debugger's time
 * travel sees it. It changes only through steps ({@code Simulation.applicationStep}), which are
 * inputs like calls: a trace records them and a replay takes them again.
 */
public interface ApplicationState {
    /** A deep copy, independent of this one. */
    ApplicationState copy();

    /**
     * Takes a step at node u in {@code round}; {@code kind} and {@code partner} (−1: none) are the
     * application's own words, {@code names} gives the nodes' names for the sentence. Returns the sentence that narrates it, e.g. "u (A) meets v (B): A+B → a+b".
     *
     * @throws IllegalArgumentException when the step cannot be taken now (a bad trace record)
     */
    String step(int round, IntFunction<String> names, int u, String kind, int partner);

    /**
     * The node u's next Lock is scoped to (LME paper, Sec. 6: "have u make its choice of
     * interacting neighbor v first and then try to lock only u and v"), or −1 (the default): the
     * whole neighbourhood. The core maps it to u's port towards that node when the Lock call
     * executes ({@code Execution.lockScope}); a node no longer adjacent then leaves only u itself.
     */
    default int lockPartner(int u) {
        return -1;
    }

    /** Node u's application state for people (the window's fill, the inspector), e.g. "A". */
    String label(int u);
}
