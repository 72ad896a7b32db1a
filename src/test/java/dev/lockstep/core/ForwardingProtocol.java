package dev.lockstep.core;

import java.util.List;
import java.util.function.IntConsumer;

/** A protocol that is another in everything a test does not override: the tests' way to change one of its answers. */
abstract class ForwardingProtocol<S extends NodeState> implements Protocol<S> {
    protected final Protocol<S> base;

    ForwardingProtocol(Protocol<S> base) {
        this.base = base;
    }

    @Override public String name() { return base.name(); }
    @Override public Requirements requirements() { return base.requirements(); }
    @Override public S initialState(int delta) { return base.initialState(delta); }
    @Override public S initialState(int delta, int id) { return base.initialState(delta, id); }
    @Override public List<Action<S>> actions() { return base.actions(); }
    @Override public void lockSet(int holder, SystemView view, IntConsumer member) { base.lockSet(holder, view, member); }
    @Override public boolean localLockSets() { return base.localLockSets(); }
    @Override public boolean disjointLockSets() { return base.disjointLockSets(); }
    @Override public StateGuards<S> stateGuards() { return base.stateGuards(); }
    @Override public StateEffects<S> stateEffects() { return base.stateEffects(); }
    @Override public MessageCodec messageCodec() { return base.messageCodec(); }
    @Override public boolean lockScopes() { return base.lockScopes(); }
    @Override public List<Check> checks(CheckSettings settings) { return base.checks(settings); }
    @Override public int sendsPerPort() { return base.sendsPerPort(); }
    @Override public ProtocolPresentation<S> presentation() { return base.presentation(); }
}
