package dev.lockstep.figure.spacetime;

/**
 * What a {@link Mark} on the space-time diagram stands for. {@code APPLICATION}: a step of the
 * run's application (Sec. 6) at a node, with its partner if it names one — whatever the
 * application calls its steps (an interaction's choose, begin, end, abandon, alone; later an
 * amoebot's moves): the diagram reads them off the history, the sentence says what each did.
 */
public enum MarkKind { CUT, LINK, VIOLATION, CALL, APPLICATION }
