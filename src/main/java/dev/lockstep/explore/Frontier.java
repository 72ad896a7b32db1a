package dev.lockstep.explore;

import dev.lockstep.core.Simulation;
import java.util.Arrays;

/**
 * One level of the breadth-first search, packed: per state its index in the {@link StateTree}
 * (an int) and its bound counters (a fixed number of bytes, side by side in one array), in the
 * order the states were discovered — 4 + counter-width bytes a state instead of an object, an
 * array and a list slot. Only the first states added may keep their simulation (the explorer keeps
 * at most {@link ExplorerSettings#maxFrontierSimulations} of them); the others are rebuilt from
 * their parents when expanded ({@link Rebuilder}). Levels of the triangle with cuts and links hold
 * tens of millions of states, so this is what bounds the depth the explorer reaches in memory.
 */
final class Frontier {
    private final int width;
    private int[] indices = new int[16];
    private byte[] counters;
    private Simulation[] sims = new Simulation[0];
    private int simCount;
    private int size;

    /** An empty level of states whose counters are {@code width} bytes each. */
    Frontier(int width) {
        this.width = width;
        counters = new byte[16 * Math.max(1, width)];
    }

    /**
     * Appends a state: its tree index, its counters (copied) and its simulation, or null. A
     * simulation may only be given while every state before it was given one too.
     */
    void add(int index, byte[] stateCounters, Simulation sim) {
        if (stateCounters.length != width) throw new IllegalArgumentException("counters of " + stateCounters.length + " bytes, not " + width);
        if (sim != null && simCount != size) throw new IllegalStateException("a simulation kept after one dropped");
        if (size == indices.length) {
            int capacity = newCapacity(size);
            indices = Arrays.copyOf(indices, capacity);
            counters = Arrays.copyOf(counters, capacity * Math.max(1, width));
        }
        indices[size] = index;
        System.arraycopy(stateCounters, 0, counters, size * width, width);
        if (sim != null) {
            if (simCount == sims.length) sims = Arrays.copyOf(sims, Math.max(16, simCount * 2));
            sims[simCount++] = sim;
        }
        size++;
    }

    /** Grows by half (not double): the largest levels are the ones whose slack would cost most. */
    private static int newCapacity(int size) {
        long c = size + (size >> 1) + 16L;
        if (c > Integer.MAX_VALUE - 8) throw new IllegalStateException("a level of more than 2^31 states");
        return (int) c;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The tree index of the {@code i}-th state. */
    int index(int i) {
        check(i);
        return indices[i];
    }

    /** The counters of the {@code i}-th state (a fresh array). */
    byte[] counters(int i) {
        check(i);
        return Arrays.copyOfRange(counters, i * width, (i + 1) * width);
    }

    /** The simulation kept for the {@code i}-th state, or null (never kept, or released). */
    Simulation sim(int i) {
        check(i);
        return i < simCount ? sims[i] : null;
    }

    /** Lets the {@code i}-th state's simulation go (once it is expanded). */
    void release(int i) {
        check(i);
        if (i < simCount) sims[i] = null;
    }

    private void check(int i) {
        if (i < 0 || i >= size) throw new IndexOutOfBoundsException(i + " of " + size);
    }
}
