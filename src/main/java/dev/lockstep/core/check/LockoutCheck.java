package dev.lockstep.core.check;

import dev.lockstep.core.Check;
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
    public static final String NAME = LockoutRule.NAME;
    /** Nodes per range of a full pass shared across threads. */
    private static final int GRAIN = 8192;
    private final LockoutRule rule;
    /** This run's timers, or null for the check as declared (which keeps nothing). */
    private final LockoutTimers timers;

    public LockoutCheck(int bound) {
        this(bound, null);
    }

    private LockoutCheck(int bound, LockoutTimers timers) {
        this.rule = new LockoutRule(bound);
        this.timers = timers;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Check forRun() {
        return new LockoutCheck(rule.bound(), new LockoutTimers(rule));
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        int n = view.nodeCount();
        if (view.workers().threads() == 1 || n < 2 * GRAIN) {
            for (int u = 0; u < n; u++) if (rule.overdue(view, u)) out.add(rule.violation(view, u));
            return;
        }
        // ranges of nodes, each with its own list, handed on in node order
        List<RangeFound> found = new ArrayList<>();
        view.workers().forRange(n, GRAIN, (from, to) -> {
            List<Violation> mine = new ArrayList<>();
            for (int u = from; u < to; u++) if (rule.overdue(view, u)) mine.add(rule.violation(view, u));
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
}
