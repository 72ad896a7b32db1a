package dev.lockstep.core;

import java.util.List;
import java.util.function.IntConsumer;

/**
 * A protocol plugin: node state, actions and the properties to check. The core knows nothing else
 * about any protocol, so LME, the classical protocols, KLME and KRL all plug in here. How the
 * protocol is shown to people is its {@link #presentation()}.
 *
 * @param <S> node state type
 */
public interface Protocol<S extends NodeState> {
    /** Scenario name, e.g. {@code lme}. */
    String name();

    Requirements requirements();

    /** Table 1's initial values for a node with {@code delta} ports. */
    S initialState(int delta);

    /**
     * Node {@code id}'s initial state, for protocols whose initialization names nodes (KRL: the
     * token holders are nodes 0..k−1). Called instead of {@link #initialState(int)} only when
     * {@link Requirements#ids()} is true, so anonymous protocols stay anonymous.
     */
    default S initialState(int delta, int id) {
        return initialState(delta);
    }

    /** The initial state of node {@code u}: by id when the protocol has ids, else the same for all. */
    default S initialStateOf(int delta, int u) {
        return requirements().ids() ? initialState(delta, u) : initialState(delta);
    }

    /**
     * Whether the protocol cannot tell its nodes apart: nothing it does reads a node's id, name,
     * region or position, so permuting the nodes of a configuration along an automorphism of the
     * port-labelled graph permutes its whole future. The explorer then merges such configurations
     * ({@code Reductions.symmetry}). Default false; a protocol opts in only after checking its code.
     */
    default boolean anonymous() {
        return false;
    }

    /** All actions, in the order they are listed in the paper. Indices into this list identify actions. */
    List<Action<S>> actions();

    /**
     * Reports the members of {@code holder}'s lock set (node indices) in the given configuration.
     * LME: the paper's {@code L(u) = {v ∈ N(u) : lock(v) = ℓ_v(u)}} plus u if {@code lock(u) = 0};
     * global protocols: every node while the holder is in its critical section.
     */
    void lockSet(int holder, SystemView view, IntConsumer member);

    /**
     * Whether lock sets are local: a holder's lock set holds only itself and its neighbours, and
     * depends only on its own and its neighbours' states, ports and unprocessed disconnections.
     * Then the mutual-exclusion check recomputes, each round, only the lock sets of the nodes that
     * changed and of their neighbours. Default false: a global protocol's holder in its critical
     * section holds every node (Ricart-Agrawala, Lamport).
     */
    default boolean localLockSets() {
        return false;
    }

    /**
     * Whether no node can be in two lock sets, by {@link #lockSet}'s definition alone, in any
     * configuration: each member is named by its own state (LME: v ∈ L(u) iff lock(v) = ℓ_v(u),
     * and lock(v) is one port, or 0 for v itself; a port leads to one neighbour). Then lock sets
     * never intersect, and a run's mutual-exclusion check skips reading them (the check as declared
     * still reads every one; {@code DisjointLockSetsProperties} compares both on generated runs).
     * Default false.
     */
    default boolean disjointLockSets() {
        return false;
    }

    /**
     * The state actions' guards evaluated together, a shortcut for listing enabled choices; null
     * (the default): each action's guard is asked on its own. It must agree with the actions'
     * guards on every state ({@link StateGuards#disagreement}), which the protocol's tests assert.
     */
    default StateGuards<S> stateGuards() {
        return null;
    }

    /**
     * Its actions' operations behind one call, by action index (a switch), for executions nobody
     * listens to; null (the default): each action's operation is called. Used only while its
     * {@link ActionOperations#operations()} are, by identity, the actions' own.
     */
    default ActionOperations<S> operations() {
        return null;
    }

    /**
     * Which enabled state actions would change something, decided without dry runs: a shortcut for
     * listing effective choices; null (the default): each is run on a copy. It must agree with the
     * dry runs on every state, which the protocol's tests assert.
     */
    default StateEffects<S> stateEffects() {
        return null;
    }

    /**
     * The protocol's messages as codes, so that channels keep a coded message in a few bits of its
     * slot and listings find its actions by the code; null (the default): every message is kept
     * as an object. Every simulation of the protocol asks it, so return the same codec each time.
     */
    default MessageCodec messageCodec() {
        return null;
    }

    /**
     * Whether a Lock may lock a subset of the neighbourhood: the operation reads
     * {@link Execution#lockScope()} and its lock set on success is u plus the persistent part of
     * that scope. Default false: such a protocol always locks N[u], and applications that choose
     * a partner first (pair locks, Sec. 6) are refused for it.
     */
    default boolean lockScopes() {
        return false;
    }

    /** The live checks for this protocol (each reports its own violations). */
    List<Check> checks(CheckSettings settings);

    /**
     * Sends allowed per port in one action execution. The model (Sec. 2.1) allows one; a protocol
     * whose pseudocode needs more says so here and explains why.
     */
    default int sendsPerPort() {
        return 1;
    }

    /** How the protocol is shown (colours, pseudocode, narration); by default plainly. */
    default ProtocolPresentation<S> presentation() {
        return new ProtocolPresentation<>() {};
    }

    @SuppressWarnings("unchecked")
    default S cast(NodeState s) {
        return (S) s;
    }
}
