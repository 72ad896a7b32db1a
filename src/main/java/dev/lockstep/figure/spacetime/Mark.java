package dev.lockstep.figure.spacetime;

import dev.lockstep.session.History;

/**
 * A topology change between lanes u and v, a violation (on its first and last node; -1 when
 * none), a Lock/Unlock call on lane u, or an application step of node u with partner v (-1: none),
 * at x in diagram units.
 */
public record Mark(double x, MarkKind kind, int u, int v, History.Event event) {}
