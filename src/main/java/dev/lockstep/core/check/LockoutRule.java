package dev.lockstep.core.check;

import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.List;

/**
 * When a request has waited too long, and what the lockout check then says: shared by its full
 * pass ({@link LockoutCheck}) and its timers ({@link LockoutTimers}).
 *
 * @param bound a request waiting more rounds than this is reported
 */
record LockoutRule(int bound) {
    static final String NAME = "lockout";

    /** Whether u has a request the check counts: waiting, and its node not crashed. */
    static boolean waiting(SystemView view, int u) {
        return view.status(u) == OperationStatus.LOCKING && !view.crashed(u);
    }

    /** The first round in which u's current request has waited too long (a long: the bound may be huge). */
    long due(SystemView view, int u) {
        return (long) view.requestRound(u) + bound + 1;
    }

    boolean overdue(SystemView view, int u) {
        return waiting(view, u) && view.round() - view.requestRound(u) > bound;
    }

    Violation violation(SystemView view, int u) {
        int round = view.round();
        int waited = round - view.requestRound(u);
        return new Violation(NAME, round, List.of(u), view.nodeName(u) + "'s request from round "
                + view.requestRound(u) + " has waited " + waited + " rounds (bound " + bound + ")");
    }
}
