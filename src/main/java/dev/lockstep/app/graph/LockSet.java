package dev.lockstep.app.graph;

/** A lock set as the graph view draws it (a hull): its holder and members (sorted). */
public record LockSet(int holder, int[] members) {}
