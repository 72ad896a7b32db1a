package dev.lockstep.core.check;

import dev.lockstep.core.Check;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code deadlock}: no message in transit, no execution under way, no enabled action whose
 * execution would change anything, yet a Lock or Unlock operation is pending. Without a topology
 * change nothing will ever happen again.
 *
 * <p>A node holding its locks is not stuck: its application is bound to call Unlock (Sec. 2.2),
 * and protocols such as Ricart-Agrawala wait quietly for exactly that. So while any node holds
 * its locks the check stays silent. A crashed node counts for neither: it will never call Unlock,
 * and nobody can serve its own request; the nodes it leaves waiting count.
 */
public final class DeadlockCheck implements Check {
    public static final String NAME = "deadlock";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        if (view.totalInTransit() != 0 || view.executionsInFlight() != 0) return;
        List<Integer> pending = new ArrayList<>();
        for (int u = 0, n = view.nodeCount(); u < n; u++) {
            if (view.crashed(u)) continue;
            OperationStatus s = view.status(u);
            if (s == OperationStatus.LOCKED) return; // an Unlock call will come
            if (s.pending()) pending.add(u);
        }
        if (pending.isEmpty() || view.anyEffectiveChoice()) return;
        StringBuilder sb = new StringBuilder("no message in transit and no enabled action changes anything, yet ");
        for (int i = 0; i < pending.size(); i++) {
            int u = pending.get(i);
            if (i > 0) sb.append(i == pending.size() - 1 ? " and " : ", ");
            sb.append(view.nodeName(u));
            if (view.status(u) == OperationStatus.LOCKING) {
                sb.append(" (lock requested in round ").append(view.requestRound(u)).append(')');
            } else {
                sb.append(" (unlocking)");
            }
        }
        sb.append(pending.size() == 1 ? " waits" : " wait").append(" forever");
        out.add(new Violation(NAME, view.round(), pending, sb.toString()));
    }
}
