package dev.lockstep.core;

import java.util.List;

/**
 * A property checked while the simulation runs. The same object serves the live checker, the
 * command line and (later) the debugger's breakpoints. A check as declared holds no state of its
 * own: all it needs is in the {@link SystemView}. A check that keeps memory between ends of round
 * to look at the changed nodes only gives each run its own instance ({@link #forRun()}).
 */
public interface Check {
    String name();

    /**
     * Called after every action execution with the ports it sent on. Default: nothing; the
     * {@link Checker} calls only the checks that override it.
     */
    default void afterExecution(SystemView view, int node, long sentPorts, List<Violation> out) {}

    /**
     * Whether {@link #afterExecution} reads nothing of the view but the graph ({@code nodeCount},
     * {@code delta}, {@code round}, {@code nodeName}, {@code peer}, {@code peerPort}, {@code portTo},
     * {@code ports}) and the messages in transit ({@code inTransit}, {@code totalInTransit}). A
     * round whose later executions already ran on other threads can show such a check exactly what
     * one thread would have shown (see {@code InPlaceRound}); any other read is refused there.
     * Default: false, which keeps such rounds on one thread.
     */
    default boolean watchesTransitOnly() {
        return false;
    }

    /** Called at the end of every round. */
    void endOfRound(SystemView view, List<Violation> out);

    /**
     * The end of a round for a check that can look at the nodes that changed only. {@code changed}
     * lists, in increasing order, the nodes touched since the last end of round (state, calls,
     * messages in transit to them, ports, detectors, region); it is given only when this check
     * found nothing at the last end of round, else it is null and the check must look at every
     * node. Must report exactly what {@link #endOfRound(SystemView, List)} reports. Default: that.
     * A check with memory ({@link #forRun()} not itself) keeps that memory in step with the
     * changes, so it is given {@code changed} whenever the view knows it, findings or not.
     */
    default void endOfRound(SystemView view, int[] changed, List<Violation> out) {
        endOfRound(view, out);
    }

    /**
     * This check for one run. A check that remembers what it saw at the last end of round, so
     * that the next looks at the changed nodes only, returns a new instance with empty memory
     * (each run, and each copy of a run, keeps its own); its first end of round is a full pass.
     * Default: this check, which keeps nothing.
     */
    default Check forRun() {
        return this;
    }
}
