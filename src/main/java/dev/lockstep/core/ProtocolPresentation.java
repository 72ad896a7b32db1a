package dev.lockstep.core;

import java.util.List;

/**
 * How a protocol is shown to people: the node colours of the graph view and figures, its
 * pseudocode with the lines an execution ran, and a sentence per execution. Nothing here changes
 * what the protocol does; {@link Protocol} is its semantics, and a protocol without a
 * presentation of its own gets these defaults: no colours, no pseudocode, neutral sentences.
 *
 * @param <S> node state type
 */
public interface ProtocolPresentation<S extends NodeState> {
    /** The value shown as a node's fill colour (LME: the initiator's {@code state}). */
    default String fill(S state) {
        return "";
    }

    /**
     * What the fill shows, for the legends of the window and the figures ("fill = state"): LME's
     * {@code state}, the classical protocols' {@code region}; "value" when a protocol does not say.
     */
    default String fillName() {
        return "value";
    }

    /** What the ring shows ("ring = phase"); "" when a protocol does not say. */
    default String ringName() {
        return "";
    }

    /** Every fill value, in legend order (the GUI assigns colours in this order). */
    default List<String> fillValues() {
        return List.of();
    }

    /** The value shown as a node's ring colour (LME: the participant's {@code phase}); "" for none. */
    default String ring(S state) {
        return "";
    }

    /** Every ring value, in legend order. */
    default List<String> ringValues() {
        return List.of();
    }

    /** The protocol's pseudocode, with the lines each action executes (none by default). */
    default Pseudocode pseudocode() {
        return Pseudocode.NONE;
    }

    /**
     * The lines of {@link #pseudocode()} one execution actually ran, i.e. with the branches it took,
     * for the pseudocode panel's highlight. Protocols decide the branches from the record and the
     * state before; by default every line of the action's {@link Pseudocode#spansOf spans}.
     *
     * @param before the node's state before the execution
     */
    default List<Pseudocode.Span> executedLines(ExecutionRecord record, S before, SystemView view) {
        return pseudocode().spansOf(record.label());
    }

    /**
     * One readable sentence about an execution, for the GUI's narration log.
     *
     * @param before the node's state before the execution
     */
    default String narrate(ExecutionRecord record, S before, SystemView view) {
        return Narration.describe(record, view);
    }

    /**
     * Tokens, leader mark, queue length and a small label drawn on a node (KLME, KRL); none by
     * default. The view draws them generically, so a protocol adds marks here and nowhere else.
     */
    default NodeMarks marks(S state) {
        return NodeMarks.NONE;
    }

    /** What a node's small label shows, for the legend ("label = height"); "" when unused. */
    default String labelName() {
        return "";
    }

    /** What a node's queue count counts, for the legend ("queue = R_Queue"); "" when unused. */
    default String queueName() {
        return "";
    }

    /** Tokens a message carries (a badge on the message in transit); 0 by default. */
    default int tokens(Message m) {
        return 0;
    }

    /**
     * The direction in which the edge between two adjacent nodes is drawn: 1 for an arrow from
     * {@code a} to {@code b}, -1 for one from {@code b} to {@code a}, 0 for a plain line (the
     * default; LME's edges have no direction). KRL orients every edge from higher to lower height.
     */
    default int orientation(S a, S b) {
        return 0;
    }

    /** What an arrow means, for the legend ("arrow = higher → lower height"); "" when edges are plain. */
    default String orientationName() {
        return "";
    }
}
