package dev.lockstep.figure.spacetime;

/** How a message's arrow ends. */
public enum ArrowKind {
    /** At its receive. */
    RECEIVED,
    /** Not received yet: drawn dashed to the end of the branch. */
    IN_TRANSIT,
    /** Lost when its edge was cut: ends in a cross at the cut. */
    LOST_CUT,
    /** Sent into a severed port: a short stub ending in a cross. */
    LOST_SEND;

    public boolean lost() {
        return this == LOST_CUT || this == LOST_SEND;
    }
}
