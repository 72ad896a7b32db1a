package dev.lockstep.core;

import java.util.List;

/**
 * A property checked while the simulation runs. The same object serves the live checker, the
 * command line and (later) the debugger's breakpoints. Checks hold no state of their own: all
 * they need is in the {@link SystemView}, so copying a simulation copies nothing here.
 */
public interface Check {
    String name();

    /** Called after every action execution with the ports it sent on. Default: nothing. */
    default void afterExecution(SystemView view, int node, long sentPorts, List<Violation> out) {}

    /** Called at the end of every round. */
    void endOfRound(SystemView view, List<Violation> out);
}
