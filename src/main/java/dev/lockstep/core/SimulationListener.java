package dev.lockstep.core;

import java.util.List;

/** Observes everything that happens in a simulation, in order (the trace writer is one). */
public interface SimulationListener {
    default void linked(int round, int u, int pu, int v, int pv) {}

    /** A topology change the model does not allow or that had no effect (no open port, no such edge). */
    default void refused(int round, String change, int u, int v, String reason) {}

    /**
     * A link refused although its ports were given (a user's pick, a replayed trace): the trace
     * must keep the ports, since a replay that chose its own could succeed where this one did not.
     * By default the same as {@link #refused(int, String, int, int, String)}.
     */
    default void refusedLink(int round, int u, int pu, int v, int pv, String reason) {
        refused(round, "link", u, v, reason);
    }

    /**
     * A loss refused because no message from {@code from} to {@code to} starting with
     * {@code label} was in transit; the trace keeps the label so that a replay asks the same.
     */
    default void refusedLoss(int round, int from, int to, String label, String reason) {
        refused(round, "lose", from, to, reason);
    }

    default void cut(int round, int u, int pu, int v, int pv, List<Envelope> lost) {}

    default void moved(int round, int u, double x, double y) {}

    /** The adversary destroyed a message in transit (not by a cut: "drop the token"). */
    default void lost(int round, Envelope e) {}

    /** The adversary crashed u; the cuts of its links follow as ordinary cut events. */
    default void crashed(int round, int u) {}

    default void called(int round, int u, Call call) {}

    /** An asynchronous execution started and will finish in round {@code until}. */
    default void started(int round, int u, Choice choice, String label, int[] draws, int until) {}

    default void executed(ExecutionRecord record) {}

    default void violated(Violation v) {}

    default void roundEnded(int round) {}

    /** The application took a step at u ({@link Simulation#applicationStep}); {@code sentence} says what it did. */
    default void applicationStep(int round, int u, String kind, int partner, String sentence) {}
}
