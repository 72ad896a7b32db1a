package dev.lockstep.core.check;

import dev.lockstep.core.Check;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.List;

/**
 * {@code lockout}: a request waiting longer than {@code bound} rounds is reported (once per
 * request). A crashed node's request is not: nothing can serve a node that no longer acts.
 */
public final class LockoutCheck implements Check {
    public static final String NAME = "lockout";
    private final int bound;

    public LockoutCheck(int bound) {
        this.bound = bound;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        int round = view.round();
        for (int u = 0, n = view.nodeCount(); u < n; u++) {
            if (view.status(u) != OperationStatus.LOCKING || view.crashed(u)) continue;
            int waited = round - view.requestRound(u);
            if (waited > bound) {
                out.add(new Violation(NAME, round, List.of(u), view.nodeName(u) + "'s request from round "
                        + view.requestRound(u) + " has waited " + waited + " rounds (bound " + bound + ")"));
            }
        }
    }
}
