package dev.lockstep.core.adversary;

import dev.lockstep.core.Call;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;

/**
 * Each round, every idle node (no operation, no pending call) calls Lock with probability
 * {@code lock} (while the round is below {@code until}); a node that holds its locks calls Unlock
 * once it has held them for {@code hold} rounds.
 */
public record RandomWorkload(double lock, int hold, int until) implements Workload {
    @Override
    public void calls(Simulation sim) {
        int round = sim.round();
        boolean issuing = round < until;
        for (int u = 0, n = sim.nodeCount(); u < n; u++) {
            if (sim.hasPendingCalls(u)) continue;
            OperationStatus s = sim.status(u);
            if (s == OperationStatus.LOCKED) {
                if (round - sim.statusSince(u) >= hold) sim.call(u, Call.UNLOCK);
            } else if (s == OperationStatus.IDLE && issuing && sim.random().chance(lock)) {
                sim.call(u, Call.LOCK);
            }
        }
    }
}
