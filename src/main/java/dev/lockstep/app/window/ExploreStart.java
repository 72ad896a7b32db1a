package dev.lockstep.app.window;

import dev.lockstep.core.Choice;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Simulation;
import dev.lockstep.session.Session;
import java.util.Locale;

/**
 * Whether the session's current moment can be explored, and how big the search may get. The
 * explorer starts from a copy of the simulation at a round boundary (the round begun, with the
 * scenario's start-of-round changes done, and nothing executed yet), which is where the window
 * rests after every step.
 */
final class ExploreStart {
    /** Beyond this many nodes the dialog warns that the bounds, not the space, will end the search. */
    static final int LARGE = 4;
    /**
     * About what the window's search explores per second on LME's pair (2,000–2,500 measured on
     * the 2-core development VM at load 10, with other builds running): only for the warning's
     * estimate, which errs on the long side.
     */
    static final int STATES_PER_SECOND = 2_000;

    private ExploreStart() {}

    /** Why the current moment cannot be explored as it is (null: it can), and whether finishing the round helps. */
    record Problem(String text, boolean finishRound) {}

    static Problem problem(Session session) {
        Simulation sim = session.simulation();
        if (sim.executionsThisRound() > 0) {
            return new Problem("Round " + sim.round() + " is under way (" + sim.executionsThisRound()
                    + " executions done): the search starts at a round boundary.", true);
        }
        if (sim.executionsInFlight() > 0) {
            return new Problem(sim.executionsInFlight() + " executions are in flight (started, not yet committed): "
                    + "the search starts where none is.", true);
        }
        if (!session.inPast() && !session.waiting().isEmpty()) {
            return new Problem("Inputs wait for the next round: the search starts after they apply.", true);
        }
        return null;
    }

    /** Why these bounds cannot be explored from {@code sim} (null: they can). */
    static String boundsProblem(Simulation sim, ExploreBounds b) {
        if (b.topologyChanges() > 0 && sim.config().portAssignment() != PortAssignment.LOWEST) {
            return "Topology changes cannot be explored with the scenario's random port assignment (a new edge's ports "
                    + "would depend on the random stream, which states do not record). Set topology changes to 0, or use "
                    + "\"ports\": \"lowest\" in the scenario.";
        }
        return null;
    }

    /** Moves the explorer could make from {@code sim} under these bounds (its first level's width). */
    static int movesFromHere(Simulation sim, ExploreBounds b) {
        int moves = 0;
        for (int u = 0; u < sim.nodeCount(); u++) if (!sim.hasPendingCalls(u)) moves++;
        for (Choice c : sim.choices()) {
            int combos = 1;
            for (int bound : sim.drawBounds(c)) combos = (int) Math.min(Integer.MAX_VALUE, (long) combos * bound);
            moves = (int) Math.min(Integer.MAX_VALUE, (long) moves + combos);
        }
        if (b.topologyChanges() > 0) moves += ExploreBounds.edges(sim).size() + b.linkable().size();
        return moves;
    }

    /** What the person should know before this search (null: nothing): its likely size, and lockouts it may miss. */
    static String warnings(Simulation sim, ExploreBounds b) {
        String size = sizeWarning(sim, b);
        String lockout = lockoutWarning(sim, b);
        if (size == null) return lockout;
        return lockout == null ? size : size + "\n" + lockout;
    }

    /**
     * The lockout check counts rounds, which states leave out (equal states reached at different
     * times are one): within the depth, a lockout may go unreported.
     */
    static String lockoutWarning(Simulation sim, ExploreBounds b) {
        int bound = sim.config().checks().lockoutBound();
        if (bound > b.depth()) return null;
        return "The lockout check's bound (" + bound + " rounds) is within the depth: states reached at different times "
                + "count as one, so a lockout may go unreported (what is reported is real).";
    }

    /**
     * A warning for a graph on which these bounds will most likely end the search before the
     * depth bound does, with an estimate of how long reaching the state bound takes; null for
     * a small graph.
     */
    static String sizeWarning(Simulation sim, ExploreBounds b) {
        if (sim.nodeCount() <= LARGE) return null;
        int moves = movesFromHere(sim, b);
        double seconds = b.maxStates() / (double) STATES_PER_SECOND;
        return String.format(Locale.ROOT, "%d nodes, %d moves from here: the space grows about %d-fold per round, so the "
                + "search will likely stop at the bound of %,d states (about %s at ~%,d states/s) well before depth %d. "
                + "What it finds is real; \"no violation\" will hold only up to the depth it completes.",
                sim.nodeCount(), moves, Math.max(2, moves), b.maxStates(), seconds(seconds), STATES_PER_SECOND, b.depth());
    }

    private static String seconds(double s) {
        if (s < 60) return Math.max(1, Math.round(s)) + " s";
        return Math.round(s / 60) + " min";
    }
}
