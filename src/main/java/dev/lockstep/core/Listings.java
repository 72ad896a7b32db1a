package dev.lockstep.core;

import java.util.function.IntUnaryOperator;

/**
 * Every node's enabled choices in one mode (effective ones only, or all), read in node order by a
 * scheduler that asks every node, such as the synchronous one: it passes over the nodes whose
 * kept listing holds no choice 64 at a time, without reading their words, and reads a node's
 * codes where the {@link ChoiceCache} keeps them instead of copying the listing out. A node whose
 * listing is not kept is listed when asked, as {@link Simulation#enumerate} lists it, so what it
 * reads is what enumerating each node would give, code for code ({@code ListingsProperties}).
 * Read it before the simulation changes again.
 */
public final class Listings {
    private final SimulationState world;
    private final boolean effectiveOnly;
    /** Lists a node in this mode and keeps its listing in the cache; gives its length. */
    private final IntUnaryOperator listAndKeep;
    /**
     * The node {@link #next} returned last and its count, which the scheduler asks for next: the
     * cache's flags and length are not read a second time (nothing changes in between).
     */
    private int lastNode = -1;
    private int lastCount;

    Listings(SimulationState world, boolean effectiveOnly, IntUnaryOperator listAndKeep) {
        this.world = world;
        this.effectiveOnly = effectiveOnly;
        this.listAndKeep = listAndKeep;
    }

    /** The first node from u on (u included) with at least one choice, or -1: the nodes passed have none. */
    public int next(int u) {
        ChoiceCache cache = world.choiceCache;
        int n = world.states.length;
        while (u < n) {
            int w = u >>> 6;
            // known empty: passed over; the others are read, or listed now
            for (long todo = ~cache.knownEmpty(w, effectiveOnly) & -1L << u; todo != 0; todo &= todo - 1) {
                int v = w << 6 | Long.numberOfTrailingZeros(todo);
                if (v >= n) return -1;
                int c = count(v);
                if (c > 0) {
                    lastNode = v;
                    lastCount = c;
                    return v;
                }
            }
            u = (w + 1) << 6;
        }
        return -1;
    }

    /** How many choices node u has in this mode (u's listing is made now if it is not kept). */
    public int count(int u) {
        if (u == lastNode) return lastCount;
        ChoiceCache cache = world.choiceCache;
        return cache.fresh(u, effectiveOnly) ? cache.count(u) : listAndKeep.applyAsInt(u);
    }

    /** The k-th of u's choices' codes, as {@link Simulation#enumerate} lists them (k below {@link #count}, asked first). */
    public int code(int u, int k) {
        return world.choiceCache.code(u, k);
    }
}
