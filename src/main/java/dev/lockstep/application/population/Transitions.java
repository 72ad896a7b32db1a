package dev.lockstep.application.population;

import java.util.List;

/**
 * A population protocol's transition function (Angluin et al.): the states, what an initiator
 * and a responder become when they meet, and the opinion each state stands for (consensus is
 * every agent holding the same one).
 */
public interface Transitions {
    /** The scenario's name for it, e.g. "exact-majority". */
    String name();

    /** The states' names; a state is its index here. */
    List<String> states();

    /** What the initiator in state {@code i} becomes after meeting a responder in state {@code r}. */
    int initiatorAfter(int i, int r);

    /** What the responder in state {@code r} becomes after meeting an initiator in state {@code i}. */
    int responderAfter(int i, int r);

    /** The opinions' names, e.g. ["A", "B"]. */
    List<String> opinions();

    /** The opinion (index into {@link #opinions}) state s stands for, or −1 for none (a blank). */
    int opinion(int s);

    /**
     * The weight of state s in a quantity every isolated interaction conserves (exact majority:
     * +1 for A, −1 for B, so the sum is #A − #B), or null when the protocol conserves none.
     */
    int[] conservedWeights();

    /** The conserved quantity's name, e.g. "#A − #B" (null without one). */
    String conservedName();

    /** The state's index, or −1. */
    default int indexOf(String state) {
        return states().indexOf(state);
    }
}
