package dev.lockstep.explore;

import dev.lockstep.core.Simulation;
import java.util.Arrays;

/**
 * Rebuilds the simulation of a frontier state whose simulation was not kept, by replaying its
 * move from its parent's (itself rebuilt or cached) exactly as it was first computed. One cached
 * simulation per depth: a level's states come grouped by parent, so each ancestor is rebuilt
 * about once per level. Each expanding thread has its own, with its own copy of the start, so no
 * simulation is shared between threads; the tree is only read, while no state is being added.
 */
final class Rebuilder {
    private final Simulation root;
    private final byte[] rootCounters;
    private final StateTree tree;
    private final MoveGenerator generator;
    private Simulation[] sims = new Simulation[16];
    private int[] indices = new int[16];
    private byte[][] counters = new byte[16][];

    Rebuilder(Simulation root, byte[] rootCounters, StateTree tree, MoveGenerator generator) {
        this.root = root;
        this.rootCounters = rootCounters;
        this.tree = tree;
        this.generator = generator;
        Arrays.fill(indices, -1);
    }

    /** The simulation of state {@code index}, {@code depth} steps from the start. */
    Simulation rebuild(int index, int depth) {
        if (depth == 0) return root;
        if (depth >= sims.length) {
            int old = sims.length;
            sims = Arrays.copyOf(sims, depth * 2);
            indices = Arrays.copyOf(indices, depth * 2);
            counters = Arrays.copyOf(counters, depth * 2);
            Arrays.fill(indices, old, indices.length, -1);
        }
        if (indices[depth] == index) return sims[depth];
        Simulation ps = rebuild(tree.parent(index), depth - 1);
        byte[] pc = depth == 1 ? rootCounters : counters[depth - 1];
        AdversaryMove m = generator.moves(ps, pc).get(tree.moveIndex(index));
        Simulation s = ps.copy();
        m.apply(s);
        s.endRound();
        sims[depth] = s;
        indices[depth] = index;
        counters[depth] = generator.after(pc, m, ps);
        return s;
    }
}
