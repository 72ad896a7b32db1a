package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.NodeChoice;
import dev.lockstep.core.adversary.Planned;
import dev.lockstep.core.adversary.SchedulerPolicy;
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
}
