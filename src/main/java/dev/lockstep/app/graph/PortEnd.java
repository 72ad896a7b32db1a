package dev.lockstep.app.graph;

/** A port label as the graph view draws it: at {@code node}'s end of the edge to {@code peer}, the label {@code port}. */
public record PortEnd(int node, int peer, int port) {}
