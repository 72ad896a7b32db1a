package dev.lockstep.core.adversary;

import dev.lockstep.core.Simulation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A round's plan as the scheduler picked it: per execution the node, its choice's code as
 * {@link Simulation#enumerate} listed it, and the duration. What the engine hands to
 * {@link Simulation#actListed} when it runs a whole round, so a plan costs no objects per
 * execution; {@link #planned} makes the {@link Planned} ones for whoever looks at a plan.
 * Reused round after round.
 */
public final class ListedPlan {
    int[] nodes = new int[64];
    int[] codes = new int[64];
    int[] durations = new int[64];
    int size;
    /** Whether some execution lasts ≥ 1 round (asynchronous). */
    boolean timed;

    void clear() {
        size = 0;
        timed = false;
    }

    public int size() {
        return size;
    }

    void add(int u, int code, int duration) {
        if (size == nodes.length) {
            int grown = size * 2;
            nodes = Arrays.copyOf(nodes, grown);
            codes = Arrays.copyOf(codes, grown);
            durations = Arrays.copyOf(durations, grown);
        }
        nodes[size] = u;
        codes[size] = code;
        durations[size++] = duration;
        timed |= duration != 0;
    }

    /** The plan's executions as {@link Planned} ones, decoded now. */
    public List<Planned> planned(Simulation sim) {
        List<Planned> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) out.add(new Planned(sim.decode(nodes[i], codes[i]), durations[i]));
        return out;
    }
}
