package dev.lockstep.protocol.ricartagrawala;

import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.check.Check;
import dev.lockstep.core.check.DeadlockCheck;
import dev.lockstep.core.check.Violation;
import java.util.List;

/**
 * The core's {@code deadlock} check, silent while some node holds its locks.
 *
 * <p>Why: RA waits quietly. A requester deferred by a process in C has nothing to receive and
 * nothing enabled until that process's application calls Unlock, which the core check does not
 * count as a possible future event, so it would report every ordinary wait as a deadlock. (LME
 * never goes quiet while waiting: losers keep retrying.) While nobody holds its locks, no
 * application call can unblock a pending request, so the core check's verdict stands.
 */
final class HolderAwareDeadlockCheck implements Check {
    private final DeadlockCheck core = new DeadlockCheck();

    @Override
    public String name() {
        return DeadlockCheck.NAME;
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        for (int u = 0, n = view.nodeCount(); u < n; u++) {
            if (view.status(u) == OperationStatus.LOCKED) return;
        }
        core.endOfRound(view, out);
    }
}
