package dev.lockstep.core.adversary;

import dev.lockstep.core.Simulation;
import java.util.List;

/**
 * Which nodes act in a round and what they do. Every built-in policy is weakly fair with
 * probability 1: an enabled node is activated with positive probability each round, and within a
 * node the enabled action and the message to receive are chosen uniformly at random.
 */
public interface SchedulerPolicy {
    /** Scenario name of the policy. */
    String name();

    List<Planned> plan(Simulation sim);

    /** {@link Adversary#plan(Simulation, ListedPlan)}: false, having drawn nothing, unless the policy plans as codes. */
    default boolean plan(Simulation sim, ListedPlan out) {
        return false;
    }

    /**
     * This policy's knobs, with {@code fallback}'s for those it does not have (all of them for the
     * manual policy, where the person chooses; a scripted one has those of the policy after it).
     */
    default Tuning tuning(Tuning fallback) {
        return fallback;
    }

    /**
     * One uniformly random enabled choice of node u, appended to {@code out}; false if u has none.
     * {@code buf} is scratch space.
     */
    static boolean pick(Simulation sim, NodeChoice mode, int u, int[][] buf, List<Planned> out, int duration) {
        int c = count(sim, mode, u, buf);
        if (c == 0) return false;
        int k = c == 1 ? 0 : sim.random().nextInt(c);
        out.add(new Planned(sim.decode(u, buf[0][k]), duration));
        return true;
    }

    /** {@link #pick} into a plan of codes. */
    static boolean pick(Simulation sim, NodeChoice mode, int u, int[][] buf, ListedPlan out, int duration) {
        int c = count(sim, mode, u, buf);
        if (c == 0) return false;
        out.add(u, buf[0][c == 1 ? 0 : sim.random().nextInt(c)], duration);
        return true;
    }

    /** Number of u's choices under {@code mode}, left encoded in {@code buf[0]} (grown if needed). */
    static int count(Simulation sim, NodeChoice mode, int u, int[][] buf) {
        int c = mode.enumerate(sim, u, buf[0]);
        if (c > buf[0].length) {
            buf[0] = new int[c * 2];
            c = mode.enumerate(sim, u, buf[0]);
        }
        return c;
    }
}
