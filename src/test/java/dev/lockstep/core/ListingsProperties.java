package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.NodeChoice;
import dev.lockstep.core.adversary.Planned;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The synchronous plan read from the {@link Listings} (nodes without a choice passed over 64 at a
 * time, codes read where the cache keeps them) is the plan of {@link SchedulerPolicy#pick} asked
 * node after node on a copy that lists every node afresh: the same nodes, codes and order, and
 * the random stream left at the same place. Generated LME runs of up to 250 nodes (several
 * 64-node words, the last one partial), either node choice, one or two threads, with nodes
 * crashed (no choice ever) and calls made between rounds.
 */
class ListingsProperties {

    @Property(tries = 40, seed = "4099")
    void aSynchronousPlanFromTheListingsIsEveryNodesPickInOrder(@ForAll long generator) {
        Random r = new Random(generator);
        NodeChoice mode = r.nextBoolean() ? NodeChoice.EFFECTIVE : NodeChoice.ANY;
        Engine engine = RandomLmeEngines.engine(r, 250, x -> new Synchronous(mode));
        Simulation sim = engine.simulation();
        int planned = 0;
        int passed = 0;
        try (Workers two = new Workers(2)) {
            sim.workers(r.nextBoolean() ? two : Workers.SINGLE);
            sim.parallelGrain(1);
            for (int round = 0; round < 25; round++) {
                if (r.nextInt(3) == 0) sim.crash(r.nextInt(sim.nodeCount()));
                if (r.nextInt(3) == 0) {
                    int u = r.nextInt(sim.nodeCount());
                    if (!sim.crashed(u)) sim.call(u, r.nextBoolean() ? Call.LOCK : Call.UNLOCK);
                }
                Simulation fresh = sim.copy(); // nothing kept: every node listed afresh, its random stream where sim's is
                List<Planned> expected = new ArrayList<>();
                int[][] buf = {new int[1]};
                for (int u = 0; u < fresh.nodeCount(); u++) SchedulerPolicy.pick(fresh, mode, u, buf, expected, 0);
                List<Planned> plan = new Synchronous(mode).plan(sim);
                assertEquals(expected, plan, "round " + sim.round());
                assertEquals(fresh.random().nextLong(), sim.random().nextLong(), "the same draws, round " + sim.round());
                planned += plan.size();
                passed += sim.nodeCount() - plan.size();
                engine.stepRound();
            }
        }
        assertTrue(planned > 0, "something was planned");
        assertTrue(passed > 0 || sim.nodeCount() < 10, "some nodes had no choice");
    }

    /**
     * The sequential and the coin-activated policies (semi-synchronous, asynchronous) read the
     * {@link Listings} too: their plans are what counting every node on a fresh copy gives (the
     * code they had before, kept here as the reference), draw for draw, over runs long enough for
     * asynchronous executions to be under way (nodes with none listed).
     */
    @Property(tries = 40, seed = "2611")
    void theOtherPoliciesPlanAsCountingEveryNode(@ForAll long generator) {
        Random r = new Random(generator);
        NodeChoice mode = r.nextBoolean() ? NodeChoice.EFFECTIVE : NodeChoice.ANY;
        int kind = r.nextInt(3);
        double activation = 0.2 + 0.7 * r.nextDouble();
        int maxDuration = 1 + r.nextInt(3);
        SchedulerPolicy policy = kind == 0 ? new Sequential(mode)
                : kind == 1 ? new SemiSynchronous(activation, mode) : new Asynchronous(activation, maxDuration, mode);
        Engine engine = RandomLmeEngines.engine(r, 250, x -> policy);
        Simulation sim = engine.simulation();
        int planned = 0;
        try (Workers two = new Workers(2)) {
            sim.workers(r.nextBoolean() ? two : Workers.SINGLE);
            sim.parallelGrain(1);
            for (int round = 0; round < 25; round++) {
                if (r.nextInt(3) == 0) sim.crash(r.nextInt(sim.nodeCount()));
                Simulation fresh = sim.copy();
                List<Planned> expected = kind == 0 ? sequentialByCounting(fresh, mode)
                        : activatedByCounting(fresh, mode, activation, kind == 1 ? 0 : maxDuration);
                List<Planned> plan = policy.plan(sim);
                assertEquals(expected, plan, "round " + sim.round());
                assertEquals(fresh.random().nextLong(), sim.random().nextLong(), "the same draws, round " + sim.round());
                planned += plan.size();
                engine.stepRound();
            }
        }
        assertTrue(planned > 0, "something was planned");
    }

    /** Sequential's plan as it was: every node counted, one with a choice drawn, then its choice. */
    private static List<Planned> sequentialByCounting(Simulation sim, NodeChoice mode) {
        int[][] buf = {new int[1]};
        List<Integer> enabled = new ArrayList<>();
        for (int u = 0; u < sim.nodeCount(); u++) if (SchedulerPolicy.count(sim, mode, u, buf) > 0) enabled.add(u);
        if (enabled.isEmpty()) return List.of();
        int u = enabled.get(enabled.size() == 1 ? 0 : sim.random().nextInt(enabled.size()));
        int c = SchedulerPolicy.count(sim, mode, u, buf);
        return List.of(Planned.now(sim.decode(u, buf[0][c == 1 ? 0 : sim.random().nextInt(c)])));
    }

    /** The coin-activated plan as it was: per node with a choice, the coin, the duration (0: semi-synchronous), the choice. */
    private static List<Planned> activatedByCounting(Simulation sim, NodeChoice mode, double activation, int maxDuration) {
        int[][] buf = {new int[1]};
        List<Planned> out = new ArrayList<>();
        for (int u = 0; u < sim.nodeCount(); u++) {
            int c = SchedulerPolicy.count(sim, mode, u, buf);
            if (c == 0 || !sim.random().chance(activation)) continue;
            int d = maxDuration == 0 ? 0 : maxDuration <= 1 ? 1 : 1 + sim.random().nextInt(maxDuration);
            int k = c == 1 ? 0 : sim.random().nextInt(c);
            out.add(new Planned(sim.decode(u, buf[0][k]), d));
        }
        return out;
    }
}
