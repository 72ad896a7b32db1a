package dev.lockstep.core;

import java.util.List;
import java.util.function.Predicate;

/**
 * A protocol's state-action guards evaluated together, in one pass over a node's state: listing
 * enabled choices asks it once per listed node instead of calling each guard through its
 * {@link Action} (one megamorphic call per state action per node, and the same fields read again
 * by every guard). Optional ({@link Protocol#stateGuards()}): the per-action guards stay the
 * definition, and the core uses this only while it still describes the protocol's actions.
 *
 * @param <S> the protocol's node state
 */
public interface StateGuards<S extends NodeState> {
    /**
     * The guards it evaluates, in the order of the protocol's state actions ({@link Action#when}),
     * as the very objects those actions were built with: the core checks them by identity, so an
     * action whose guard was replaced ({@link Action#withGuard}) turns the shortcut off.
     */
    List<Predicate<S>> guards();

    /** Bit i set iff {@code guards().get(i).test(state)}. */
    long enabled(S state);

    /**
     * The first guard on which {@link #enabled} and the guard itself disagree for {@code state},
     * or -1: what a property test over random states asserts is always -1.
     */
    static <S extends NodeState> int disagreement(StateGuards<S> guards, S state) {
        long mask = guards.enabled(state);
        List<Predicate<S>> list = guards.guards();
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i).test(state) != ((mask >>> i & 1) != 0)) return i;
        }
        return (mask >>> list.size()) == 0 || list.size() == Long.SIZE ? -1 : list.size();
    }
}
