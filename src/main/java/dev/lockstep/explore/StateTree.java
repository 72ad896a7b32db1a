package dev.lockstep.explore;

import dev.lockstep.core.Simulation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Every discovered state as two ints: its parent's index and the index of the move that reached
 * it in the parent's move list. That is all the explorer keeps per state besides its key; paths
 * are rebuilt on demand by replaying those indices from the start.
 */
final class StateTree {
    private final Simulation start;
    private final MoveGenerator generator;
    private int[] parent = new int[1024];
    private int[] moveIndex = new int[1024];
    private int size;

    StateTree(Simulation start, MoveGenerator generator) {
        this.start = start;
        this.generator = generator;
    }

    /** Adds a state reached from {@code parent} (-1: the start) by its move number {@code move}; returns its index. */
    int add(int parent, int move) {
        if (size == this.parent.length) {
            this.parent = Arrays.copyOf(this.parent, this.parent.length * 2);
            moveIndex = Arrays.copyOf(moveIndex, moveIndex.length * 2);
        }
        this.parent[size] = parent;
        moveIndex[size] = move;
        return size++;
    }

    int size() {
        return size;
    }

    int parent(int state) {
        return parent[state];
    }

    int moveIndex(int state) {
        return moveIndex[state];
    }

    /** Rebuilds the path to state {@code to} followed by its move number {@code last}, by replay. */
    ExplorationPath path(int to, int last) {
        List<Integer> indices = new ArrayList<>();
        indices.add(last);
        for (int s = to; parent[s] >= 0; s = parent[s]) indices.add(moveIndex[s]);
        Collections.reverse(indices);
        Simulation sim = start.copy();
        byte[] counters = generator.startCounters();
        List<PathStep> steps = new ArrayList<>(indices.size());
        for (int idx : indices) {
            AdversaryMove m = generator.moves(sim, counters).get(idx);
            steps.add(new PathStep(sim.round(), m, m.describe(sim)));
            counters = generator.after(counters, m, sim);
            m.apply(sim);
            sim.endRound();
        }
        return new ExplorationPath(start, steps);
    }
}
