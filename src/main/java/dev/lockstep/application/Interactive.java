package dev.lockstep.application;

import dev.lockstep.core.ApplicationState;

/**
 * An application made of pairwise interactions that take time (Sec. 6): an interaction reads
 * both participants' states when it begins and writes the results when it ends, which is what
 * makes isolation matter. The steps {@link InteractionWorkload} takes, by kind:
 * {@link #CHOOSE} (pair locks: u picks its partner v before calling Lock, which then locks only
 * u and v), {@link #BEGIN} (partner v), {@link #END}, {@link #ABANDON} (the partner left before
 * the end: nothing is written) and {@link #ALONE} (u held its locks with no locked neighbour, or
 * without its chosen partner: no interaction, Sec. 6 "it is possible that all neighbors may move
 * out of interaction range, leaving u to lock only itself").
 */
public interface Interactive extends ApplicationState {
    String CHOOSE = "choose";
    String BEGIN = "begin";
    String END = "end";
    String ABANDON = "abandon";
    String ALONE = "alone";

    /** The partner of the interaction u began and has not ended, or −1. */
    int partnerOf(int u);

    /** The round u began its open interaction (meaningful while {@link #partnerOf} ≥ 0). */
    int since(int u);
}
