package dev.lockstep.core;

/**
 * What a protocol assumes of the system, checked against the scenario before a run.
 *
 * @param ids          nodes get unique identifiers (the classical protocols); LME is anonymous
 * @param fifo         channels must deliver in order
 * @param completeGraph the initial graph must be complete
 * @param regions      nodes carry a region (KLME's neighbourhoods)
 */
public record Requirements(boolean ids, boolean fifo, boolean completeGraph, boolean regions) {
    public static final Requirements NONE = new Requirements(false, false, false, false);
}
