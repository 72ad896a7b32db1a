package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.NodeChoice;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Taking a fresh listing's word for a choice changes nothing: generated LME runs (every policy,
 * both node choices, FIFO or not, with messages lost, edges cut and made, nodes crashed and calls
 * made between executions, so that planned choices go stale and some are refused) trace the same,
 * refuse the same choices with the same sentences and end in the same configuration whether
 * every choice takes the full check or not.
 */
class TrustedChoicesProperties {

    private static SchedulerPolicy policy(Random r) {
        NodeChoice choice = r.nextBoolean() ? NodeChoice.EFFECTIVE : NodeChoice.values()[r.nextInt(NodeChoice.values().length)];
        return switch (r.nextInt(4)) {
            case 0 -> new Synchronous(choice);
            case 1 -> new SemiSynchronous(0.3 + 0.6 * r.nextDouble(), choice);
            case 2 -> new Asynchronous(0.3 + 0.6 * r.nextDouble(), 1 + r.nextInt(3), choice);
            default -> new Sequential(choice);
        };
    }

    /** The run's trace: every execution, every input and what it did, every refusal, the violations. */
    private static String run(long generator, boolean trust, Configuration[] end) {
        Random r = new Random(generator);
        Engine engine = RandomLmeEngines.engine(r, 30, TrustedChoicesProperties::policy);
        Simulation sim = engine.simulation();
        sim.trustListings(trust);
        StringBuilder out = new StringBuilder();
        sim.addListener(new SimulationListener() {
            @Override public void executed(ExecutionRecord rec) {
                out.append(ExecutionHotPathTest.line(rec)).append('\n');
            }
        });
        double upset = 0.05 + 0.3 * r.nextDouble();
        Random inputs = new Random(r.nextLong());
        for (int round = 0; round < 40; round++) {
            engine.beginRound();
            for (int k = 0; k < 3; k++) if (inputs.nextDouble() < upset) out.append(input(sim, inputs)).append('\n');
            while (true) {
                if (inputs.nextDouble() < upset) out.append(input(sim, inputs)).append('\n');
                try {
                    if (!engine.executeNext()) break;
                } catch (RuntimeException refused) {
                    out.append("refused: ").append(refused).append('\n');
                }
            }
            out.append(sim.endRound()).append('\n');
            engine.reset();
        }
        end[0] = sim.configuration();
        assertTrue(sim.stats().actions() > 0, "the run did something");
        return out.toString();
    }

    /** A random input between executions, as the window or a scenario may make; returns what it did or why not. */
    private static String input(Simulation sim, Random r) {
        try {
            return anInput(sim, r);
        } catch (RuntimeException e) {
            return e.toString();
        }
    }

    private static String anInput(Simulation sim, Random r) {
        int n = sim.nodeCount();
        int u = r.nextInt(n);
        int v = r.nextInt(n);
        switch (r.nextInt(6)) {
            case 0, 1 -> {
                int box = sim.channels().size(v);
                if (box == 0) return "nothing to lose at " + v;
                return "lose at " + v + ": " + sim.lose(v, sim.channels().get(v, r.nextInt(box)).id());
            }
            case 2 -> {
                return "cut " + u + "-" + v + ": " + (u != v && sim.cut(u, v));
            }
            case 3 -> {
                return "link " + u + "-" + v + ": " + (u != v && sim.link(u, v));
            }
            case 4 -> {
                return r.nextInt(8) == 0 ? "crash " + u + ": " + sim.crash(u) : "no crash";
            }
            default -> {
                sim.call(u, Call.LOCK);
                return "lock " + u;
            }
        }
    }

    @Property(tries = 40, seed = "4242")
    void trustingAFreshListingTracesAsCheckingEveryChoice(@ForAll long generator) {
        Configuration[] trusted = new Configuration[1];
        Configuration[] checked = new Configuration[1];
        String expected = run(generator, false, checked);
        assertEquals(expected, run(generator, true, trusted));
        assertEquals(checked[0], trusted[0]);
    }
}
