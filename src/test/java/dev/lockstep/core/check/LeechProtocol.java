package dev.lockstep.core.check;

import dev.lockstep.core.Action;
import dev.lockstep.core.Check;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Requirements;
import dev.lockstep.core.SystemView;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Greedy locking whose lock set also takes every idle neighbour: a local lock set that changes
 * when a neighbour changes, though its holder did not. Two locked nodes with an idle neighbour in
 * common clash, and a neighbour going idle can make two unchanged holders clash: the case an
 * incremental mutual-exclusion check must not miss.
 */
final class LeechProtocol implements Protocol<GreedyProtocol.S> {
    private final GreedyProtocol greedy = new GreedyProtocol(true);

    @Override public String name() { return "leech"; }

    @Override public Requirements requirements() { return Requirements.NONE; }

    @Override public GreedyProtocol.S initialState(int delta) { return greedy.initialState(delta); }

    @Override public List<Action<GreedyProtocol.S>> actions() { return greedy.actions(); }

    @Override
    public void lockSet(int holder, SystemView view, IntConsumer member) {
        if (!((GreedyProtocol.S) view.state(holder)).locked) return;
        member.accept(holder);
        for (long p = view.ports(holder) & ~1L; p != 0; p &= p - 1) {
            int v = view.peer(holder, Long.numberOfTrailingZeros(p));
            if (!((GreedyProtocol.S) view.state(v)).locked) member.accept(v);
        }
    }

    @Override public boolean localLockSets() { return true; }

    @Override
    public List<Check> checks(CheckSettings settings) {
        return List.of(new MutualExclusionCheck(this), new LockoutCheck(settings.lockoutBound()), new DeadlockCheck());
    }
}
