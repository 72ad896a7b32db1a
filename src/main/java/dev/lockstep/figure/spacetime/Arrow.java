package dev.lockstep.figure.spacetime;

/**
 * A message's arrow in the space-time diagram, from lane {@code from} at its send to lane
 * {@code to} at its receive (or its loss). x in diagram units; the end is known once the message
 * is received or lost.
 */
public final class Arrow {
    private final long id;
    private final String label;
    private final int from;
    private final int to;
    private final double x0;
    private double x1;
    private ArrowKind kind;
    /** The history event that received or lost it (-1: in transit). */
    private int endedBy = -1;

    Arrow(long id, String label, int from, int to, double x0, ArrowKind kind) {
        this.id = id;
        this.label = label;
        this.from = from;
        this.to = to;
        this.x0 = x0;
        this.kind = kind;
    }

    void end(double x, ArrowKind k, int event) {
        x1 = x;
        kind = k;
        endedBy = event;
    }

    /** In transit again: the event that ended it is not part of the branch drawn now. */
    void reopen() {
        x1 = 0;
        kind = ArrowKind.IN_TRANSIT;
        endedBy = -1;
    }

    int endedBy() {
        return endedBy;
    }

    /** The message's envelope id (-1 for a message lost on sending). */
    public long id() {
        return id;
    }

    public String label() {
        return label;
    }

    public int from() {
        return from;
    }

    public int to() {
        return to;
    }

    public double x0() {
        return x0;
    }

    /** Where the arrow ends (meaningless while in transit: it then runs to the end of the branch). */
    public double x1() {
        return x1;
    }

    public ArrowKind kind() {
        return kind;
    }
}
