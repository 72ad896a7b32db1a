package dev.lockstep.figure.spacetime;

/** Where a round begins on the time axis, in diagram units. */
public record RoundStart(double x, int round) {}
