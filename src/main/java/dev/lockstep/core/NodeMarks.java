package dev.lockstep.core;

/**
 * What the graph view and the figures draw on a node besides its fill and ring: the marks that
 * token- and leader-based protocols need (KLME, KRL) and that LME has no use for. One generic
 * record, so that a new protocol needs no drawing code of its own.
 *
 * @param tokens number of tokens the node holds (a badge; 0 draws none)
 * @param leader whether the node is its neighbourhood's leader (a crown-like mark)
 * @param queue  length of the node's request queue (a small count; -1 when the protocol has none)
 * @param label  a short text under the node, e.g. KRL's height triple; "" for none
 */
public record NodeMarks(int tokens, boolean leader, int queue, String label) {
    /** No marks at all: what every protocol shows unless its presentation says otherwise. */
    public static final NodeMarks NONE = new NodeMarks(0, false, -1, "");

    public NodeMarks {
        if (tokens < 0) throw new IllegalArgumentException("tokens < 0");
        if (queue < -1) throw new IllegalArgumentException("queue < -1");
        label = label == null ? "" : label;
    }

    public boolean isEmpty() {
        return tokens == 0 && !leader && queue < 0 && label.isEmpty();
    }
}
