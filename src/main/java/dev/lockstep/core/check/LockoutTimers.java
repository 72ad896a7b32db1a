package dev.lockstep.core.check;

import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.List;

/**
 * One run's memory for the lockout check. Every waiting request is either in the queue, by the
 * round it falls due, or overdue (a bit per node); a node whose status, request or crash changed
 * was touched, so the changed nodes are all that can move between the two or leave. Each end of
 * round updates the changed nodes, moves the ones falling due, and reports the overdue ones in
 * node order, exactly as the full pass does.
 */
final class LockoutTimers {
    private final LockoutRule rule;
    private DeadlineQueue queue;
    private long[] overdue;
    private int overdueCount;

    LockoutTimers(LockoutRule rule) {
        this.rule = rule;
    }

    void endOfRound(SystemView view, int[] changed, List<Violation> out) {
        int n = view.nodeCount();
        int round = view.round();
        if (changed == null || queue == null || overdue.length != (n + 63) >>> 6) {
            queue = new DeadlineQueue(n);
            overdue = new long[(n + 63) >>> 6];
            overdueCount = 0;
            for (int u = 0; u < n; u++) update(view, u, round);
        } else {
            for (int u : changed) update(view, u, round);
        }
        queue.takeDue(round, this::setOverdue);
        if (overdueCount == 0) return;
        for (int w = 0; w < overdue.length; w++) {
            for (long bits = overdue[w]; bits != 0; bits &= bits - 1) {
                out.add(rule.violation(view, (w << 6) + Long.numberOfTrailingZeros(bits)));
            }
        }
    }

    /**
     * Files u by its request now: queued until it falls due, overdue, or nowhere. Most changed
     * nodes were filed where they stay (a node acting while it waits keeps its request's
     * deadline), so nothing is written then, and no overdue bit is looked at while none is set.
     */
    private void update(SystemView view, int u, int round) {
        if (overdueCount != 0) clearOverdue(u);
        if (!LockoutRule.waiting(view, u)) {
            queue.remove(u);
            return;
        }
        long due = rule.due(view, u);
        if (due <= round) {
            queue.remove(u);
            setOverdue(u);
        } else if (due < Integer.MAX_VALUE) {
            if (queue.deadline(u) != due) queue.set(u, (int) due);
        } else {
            queue.remove(u); // never due within an int's rounds
        }
    }

    private void setOverdue(int u) {
        long bit = 1L << u;
        if ((overdue[u >>> 6] & bit) == 0) {
            overdue[u >>> 6] |= bit;
            overdueCount++;
        }
    }

    private void clearOverdue(int u) {
        long bit = 1L << u;
        if ((overdue[u >>> 6] & bit) != 0) {
            overdue[u >>> 6] &= ~bit;
            overdueCount--;
        }
    }
}
