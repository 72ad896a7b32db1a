package dev.lockstep.core.adversary;

import dev.lockstep.core.Call;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;

/**
 * Each round, every idle node (no operation, no pending call) calls Lock with probability
 * {@code lock} (while the round is below {@code until}); a node that holds its locks calls Unlock
 * once it has held them for {@code hold} rounds.
 *
 * <p>With {@code stray} > 0 the application also misbehaves as LME's l. 2 tests (Alg. 1 and 3)
 * anticipate: each round below {@code until}, every node without a pending call makes, with
 * probability {@code stray}, a call that does not apply — Unlock at an idle node, Lock at a node
 * that holds its locks, and either one (even odds) while a Lock or Unlock is under way. Such a call
 * is still an execution that consumes the node's disconnections (flaw 4 in README). With
 * {@code stray} = 0 no extra random number is drawn, so every run is what it was before the
 * option existed.
 */
public record RandomWorkload(double lock, int hold, int until, double stray) implements Workload {
    public RandomWorkload {
        if (!(stray >= 0 && stray <= 1)) throw new IllegalArgumentException("stray is a probability: " + stray);
    }

    /** No stray calls. */
    public RandomWorkload(double lock, int hold, int until) {
        this(lock, hold, until, 0);
    }

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
            if (stray > 0 && issuing && !sim.hasPendingCalls(u) && sim.random().chance(stray)) {
                sim.call(u, strayCall(sim, s));
            }
        }
    }

    /** A call that the protocol's l. 2 test turns away at a node of status {@code s}. */
    private static Call strayCall(Simulation sim, OperationStatus s) {
        return switch (s) {
            case IDLE -> Call.UNLOCK;
            case LOCKED -> Call.LOCK;
            case LOCKING, UNLOCKING -> sim.random().chance(0.5) ? Call.LOCK : Call.UNLOCK;
        };
    }
}
