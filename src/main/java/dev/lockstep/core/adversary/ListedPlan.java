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
    /**
     * Each execution's duration; null until a plan holds one that is not 0 (a synchronous run never
     * needs them: 4 bytes a planned execution saved).
     */
    private int[] durations;
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
            if (durations != null) durations = Arrays.copyOf(durations, grown);
        }
        nodes[size] = u;
        codes[size] = code;
        if (duration != 0 && durations == null) durations = new int[nodes.length];
        if (durations != null) durations[size] = duration;
        size++;
        timed |= duration != 0;
    }

    /** The duration of the plan's i-th execution. */
    int duration(int i) {
        return durations == null ? 0 : durations[i];
    }

    /** The plan's executions as {@link Planned} ones, decoded now. */
    public List<Planned> planned(Simulation sim) {
        List<Planned> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) out.add(new Planned(sim.decode(nodes[i], codes[i]), duration(i)));
        return out;
    }
}
