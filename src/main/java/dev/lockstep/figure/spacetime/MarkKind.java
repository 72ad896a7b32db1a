package dev.lockstep.figure.spacetime;

/** What a {@link Mark} on the space-time diagram stands for. */
public enum MarkKind { CUT, LINK, VIOLATION, CALL }
