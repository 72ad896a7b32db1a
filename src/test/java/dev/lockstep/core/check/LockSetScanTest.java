package dev.lockstep.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.Workers;
import dev.lockstep.core.adversary.Engine;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lock sets read across threads come out as one thread reads them: holder by holder, in order. */
class LockSetScanTest {
    private static List<Long> pairs(Simulation sim, int[] holders, int count) {
        List<Long> out = new ArrayList<>();
        LockSetScan.scan(sim.protocol(), sim, holders, count, (holder, member) -> {
            out.add(((long) holder << 32) | member);
            return true;
        });
        return out;
    }

    @Test
    void everyThreadCountHandsOnTheSamePairsInTheSameOrder() {
        Simulation sim = new Simulation(CheckThreadsTest.config(new GreedyProtocol(true), 12_000, 1000));
        Engine engine = new Engine(sim, CheckThreadsTest.adversary(12_000, 0.3));
        engine.runUntil(4);
        int[] some = new int[9_000];
        for (int i = 0; i < some.length; i++) some[i] = i * 4 / 3; // holders skipping some nodes
        List<Long> all = pairs(sim, null, sim.nodeCount());
        List<Long> chosen = pairs(sim, some, some.length);
        assertTrue(all.size() > 10_000 && chosen.size() > 5_000, all.size() + " and " + chosen.size() + " pairs");
        for (int threads = 2; threads <= 3; threads++) {
            try (Workers w = new Workers(threads)) {
                sim.workers(w);
                assertEquals(all, pairs(sim, null, sim.nodeCount()), "every node on " + threads + " threads");
                assertEquals(chosen, pairs(sim, some, some.length), "chosen holders on " + threads + " threads");
            }
        }
    }
}
