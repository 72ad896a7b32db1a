package dev.lockstep.core.check;

import dev.lockstep.core.Action;
import dev.lockstep.core.Call;
import dev.lockstep.core.Check;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Requirements;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Variable;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * A student's first attempt at local mutual exclusion: grab the closed neighbourhood without
 * asking anyone. Wrong on purpose — two neighbours that lock together share a lock set.
 */
final class GreedyProtocol implements Protocol<GreedyProtocol.S> {
    static final class S implements NodeState {
        boolean locked;

        @Override public S copy() {
            S c = new S();
            c.locked = locked;
            return c;
        }

        @Override public List<Variable> variables() {
            return List.of(new Variable("locked", Boolean.toString(locked)));
        }

        @Override public boolean equals(Object o) {
            return o instanceof S s && s.locked == locked;
        }

        @Override public int hashCode() {
            return Boolean.hashCode(locked);
        }
    }

    /** Whether it declares its lock sets local (they are: a holder's closed neighbourhood, by its own state). */
    private final boolean local;

    GreedyProtocol() {
        this(false);
    }

    GreedyProtocol(boolean local) {
        this.local = local;
    }

    @Override public String name() { return "greedy"; }

    @Override public boolean localLockSets() { return local; }

    @Override public Requirements requirements() { return Requirements.NONE; }

    @Override public S initialState(int delta) { return new S(); }

    @Override
    public List<Action<S>> actions() {
        return List.of(
                Action.onCall("Grab", Call.LOCK, (s, x) -> {
                    x.lockRequested();
                    s.locked = true;
                    x.lockAcquired();
                }),
                Action.onCall("Release", Call.UNLOCK, (s, x) -> {
                    x.unlockRequested();
                    s.locked = false;
                    x.unlockCompleted();
                }));
    }

    @Override
    public void lockSet(int holder, SystemView view, IntConsumer member) {
        if (!((S) view.state(holder)).locked) return;
        for (long p = view.ports(holder); p != 0; p &= p - 1) member.accept(view.peer(holder, Long.numberOfTrailingZeros(p)));
    }

    @Override
    public List<Check> checks(CheckSettings settings) {
        return List.of(new MutualExclusionCheck(this), new PersistentLockSetCheck(this), new LockoutCheck(settings.lockoutBound()),
                new DeadlockCheck());
    }
}
