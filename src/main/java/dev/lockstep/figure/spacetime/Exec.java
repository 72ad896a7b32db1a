package dev.lockstep.figure.spacetime;

import dev.lockstep.session.History;

/** An execution's tick on its node's lane, at x in diagram units. */
public record Exec(History.Executed event, double x) {}
