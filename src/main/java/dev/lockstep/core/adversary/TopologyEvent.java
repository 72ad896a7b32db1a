package dev.lockstep.core.adversary;

/** A scripted topology change at the start of a round. */
public sealed interface TopologyEvent {
    int round();

    /** Where the event was defined (e.g. {@code $.dynamics[2]}), for messages. */
    String source();

    record Link(int round, int u, int v, String source) implements TopologyEvent {}

    record Cut(int round, int u, int v, String source) implements TopologyEvent {}

    record Move(int round, int node, double x, double y, String source) implements TopologyEvent {}

    /** The adversary crashes a node (it stops for good; its links fail). */
    record Crash(int round, int node, String source) implements TopologyEvent {}

    /**
     * The adversary destroys the oldest message in transit from {@code from} to {@code to} whose
     * label starts with {@code label} ("" for any): "drop the token".
     */
    record Lose(int round, int from, int to, String label, String source) implements TopologyEvent {}
}
