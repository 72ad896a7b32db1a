package dev.lockstep.figure.spacetime;

import dev.lockstep.session.History;

/**
 * An execution's tick on its node's lane, at x in diagram units, with what drawing it needs (its
 * node, the fill value after it). The event itself is read from the history when asked for
 * (hovering, jumping): holding it here would keep every recorded execution alive, which the
 * history drops from memory once a long session has recorded many.
 */
public final class Exec {
    private final History history;
    private final int index;
    private final int node;
    private String fill;
    private final double x;

    Exec(History history, int index, int node, String fill, double x) {
        this.history = history;
        this.index = index;
        this.node = node;
        this.fill = fill;
        this.x = x;
    }

    /** The execution (the history's event {@link #index()}; an old one is replayed when read). */
    public History.Executed event() {
        return (History.Executed) history.events().get(index);
    }

    /** Its index among the history's events. */
    public int index() {
        return index;
    }

    public int node() {
        return node;
    }

    /** The fill value its node showed after it (as the graph view's fill), or null if unknown. */
    public String fill() {
        return fill;
    }

    void fill(String value) {
        fill = value;
    }

    public double x() {
        return x;
    }
}
