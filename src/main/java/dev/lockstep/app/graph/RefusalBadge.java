package dev.lockstep.app.graph;

/** Why a topology change was refused, shown on the node for a while from {@code start} (nanoseconds). */
record RefusalBadge(int node, String text, long start) {
    static final long NANOS = 2_600_000_000L;
}
