package dev.lockstep.app.graph;

/** What a mouse gesture on the graph does. */
public enum Tool {
    /** Click selects; drag moves a node (unit-disk scenarios: edges follow by distance). */
    SELECT,
    /** Drag from a node to another to link them. */
    EDGE,
    /** Click an edge, or draw a stroke across edges, to cut them. */
    CUT
}
