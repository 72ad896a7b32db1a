package dev.lockstep.core.check;

import dev.lockstep.core.Check;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * {@code lockout}: a request waiting longer than {@code bound} rounds is reported (once per
 * request). A crashed node's request is not: nothing can serve a node that no longer acts.
 *
 * <p>It fires as time passes, not only when a node changes, so each run's instance keeps a
 * timer queue ({@link LockoutTimers}): a round then costs the changed nodes and the ones falling
 * due, not every node.
 */
public final class LockoutCheck implements Check {
    public static final String NAME = "lockout";
    /** Nodes per range of a full pass shared across threads. */
    private static final int GRAIN = 8192;
    private final int bound;
    /** This run's timers, or null for the check as declared (which keeps nothing). */
    private final LockoutTimers timers;

    public LockoutCheck(int bound) {
        this(bound, null);
    }

    private LockoutCheck(int bound, LockoutTimers timers) {
        this.bound = bound;
        this.timers = timers;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Check forRun() {
        return new LockoutCheck(bound, new LockoutTimers(this));
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        int n = view.nodeCount();
        if (view.workers().threads() == 1 || n < 2 * GRAIN) {
            for (int u = 0; u < n; u++) if (overdue(view, u)) out.add(violation(view, u));
            return;
        }
        // ranges of nodes, each with its own list, handed on in node order
        List<RangeFound> found = new ArrayList<>();
        view.workers().forRange(n, GRAIN, (from, to) -> {
            List<Violation> mine = new ArrayList<>();
            for (int u = from; u < to; u++) if (overdue(view, u)) mine.add(violation(view, u));
            synchronized (found) {
                found.add(new RangeFound(from, mine));
            }
        });
        found.sort(Comparator.comparingInt(RangeFound::from));
        for (RangeFound r : found) out.addAll(r.found());
    }

    /** What one range of nodes found. */
    private record RangeFound(int from, List<Violation> found) {}

    @Override
    public void endOfRound(SystemView view, int[] changed, List<Violation> out) {
        if (timers == null) endOfRound(view, out);
        else timers.endOfRound(view, changed, out);
    }

    /** Whether u has a request the check counts: waiting, and its node not crashed. */
    static boolean waiting(SystemView view, int u) {
        return view.status(u) == OperationStatus.LOCKING && !view.crashed(u);
    }

    /** The first round in which u's current request has waited too long (a long: the bound may be huge). */
    long due(SystemView view, int u) {
        return (long) view.requestRound(u) + bound + 1;
    }

    private boolean overdue(SystemView view, int u) {
        return waiting(view, u) && view.round() - view.requestRound(u) > bound;
    }

    Violation violation(SystemView view, int u) {
        int round = view.round();
        int waited = round - view.requestRound(u);
        return new Violation(NAME, round, List.of(u), view.nodeName(u) + "'s request from round "
                + view.requestRound(u) + " has waited " + waited + " rounds (bound " + bound + ")");
    }
}
