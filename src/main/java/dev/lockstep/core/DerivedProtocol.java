package dev.lockstep.core;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.function.UnaryOperator;

/**
 * A protocol with one action changed — how a student breaks a lemma on purpose, and how the tests
 * show that each live check catches a broken protocol. Everything else is delegated.
 */
public final class DerivedProtocol<S extends NodeState> implements Protocol<S> {
    private final Protocol<S> base;
    private final List<Action<S>> actions;
    private final String name;

    private DerivedProtocol(Protocol<S> base, List<Action<S>> actions, String name) {
        this.base = base;
        this.actions = List.copyOf(actions);
        this.name = name;
    }

    /** {@code base} with the action labelled {@code label} replaced by {@code change.apply(action)}. */
    public static <S extends NodeState> Protocol<S> withAction(Protocol<S> base, String label,
                                                               UnaryOperator<Action<S>> change) {
        List<Action<S>> list = new ArrayList<>();
        boolean found = false;
        for (Action<S> a : base.actions()) {
            if (a.label().equals(label)) {
                Action<S> changed = change.apply(a);
                if (!changed.label().equals(label)) throw new IllegalArgumentException("the label must stay " + label);
                list.add(changed);
                found = true;
            } else {
                list.add(a);
            }
        }
        if (!found) throw new IllegalArgumentException(base.name() + " has no action " + label);
        return new DerivedProtocol<>(base, list, base.name() + " (" + label + " changed)");
    }

    @Override public String name() { return name; }

    @Override public Requirements requirements() { return base.requirements(); }

    @Override public S initialState(int delta) { return base.initialState(delta); }

    @Override public S initialState(int delta, int id) { return base.initialState(delta, id); }

    @Override public List<Action<S>> actions() { return actions; }

    @Override public void lockSet(int holder, SystemView view, IntConsumer member) { base.lockSet(holder, view, member); }

    @Override public boolean localLockSets() { return base.localLockSets(); }

    @Override public boolean disjointLockSets() { return base.disjointLockSets(); }

    @Override public boolean lockScopes() { return base.lockScopes(); }

    @Override public List<Check> checks(CheckSettings settings) { return base.checks(settings); }

    @Override public int sendsPerPort() { return base.sendsPerPort(); }

    /** The base's: a changed action receives the same messages. */
    @Override public MessageCodec messageCodec() { return base.messageCodec(); }

    /** The base's, which listing uses only while the changed action kept its guard (checked by identity). */
    @Override public StateGuards<S> stateGuards() { return base.stateGuards(); }

    /** The base's, which listing uses only while every state action is the base's own (checked by identity). */
    @Override public StateEffects<S> stateEffects() { return base.stateEffects(); }

    @Override public ProtocolPresentation<S> presentation() { return base.presentation(); }
}
