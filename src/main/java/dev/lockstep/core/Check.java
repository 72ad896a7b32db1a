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

    /**
     * The end of a round for a check that can look at the nodes that changed only. {@code changed}
     * lists, in increasing order, the nodes touched since the last end of round (state, calls,
     * messages in transit to them, ports, detectors, region); it is given only when this check
     * found nothing at the last end of round, else it is null and the check must look at every
     * node. Must report exactly what {@link #endOfRound(SystemView, List)} reports. Default: that.
     */
    default void endOfRound(SystemView view, int[] changed, List<Violation> out) {
        endOfRound(view, out);
    }
}
