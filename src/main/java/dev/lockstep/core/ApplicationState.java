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

    /** Node u's application state for people (the window's fill, the inspector), e.g. "A". */
    String label(int u);
}
