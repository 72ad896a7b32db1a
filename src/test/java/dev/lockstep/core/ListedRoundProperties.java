package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.bench.LmeBench;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.NodeChoice;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * A round the engine runs whole goes from the scheduler's listing codes straight to the
 * executions ({@link Simulation#actListed}), on one thread or several, with or without phase 1
 * on the workers: generated LME runs of every policy trace byte for byte as the same runs stepped
 * one {@link dev.lockstep.core.adversary.Planned} execution at a time (the plan of choices, each
 * checked in full), and end in the same configuration, message ids and random stream position,
 * whether anybody listens or not.
 */
class ListedRoundProperties {

    /** A random policy of the four, synchronous twice as often (ReceivedMessageProperties draws its runs' policies here too). */
    static SchedulerPolicy policy(Random r) {
        NodeChoice choice = r.nextBoolean() ? NodeChoice.EFFECTIVE : NodeChoice.ANY;
        return switch (r.nextInt(5)) {
            case 0, 1 -> new Synchronous(choice);
            case 2 -> new SemiSynchronous(0.3 + 0.6 * r.nextDouble(), choice);
            case 3 -> new Asynchronous(0.3 + 0.6 * r.nextDouble(), 1 + r.nextInt(3), choice);
            default -> new Sequential(choice);
        };
    }

    private static Engine engine(long generator) {
        Random r = new Random(generator);
        return RandomLmeEngines.engine(r, 60, ListedRoundProperties::policy);
    }

    private static final int ROUNDS = 30;

    /** How a run is driven: stepped (the plan of choices) or whole rounds, on these workers, ahead or not, trusting or not. */
    private record Way(boolean stepped, Workers workers, boolean ahead, boolean trust, boolean listen) {}

    /** The run's trace (every record heard, each round's violations) and its end. */
    private static String run(long generator, Way way) {
        Engine engine = engine(generator);
        Simulation sim = engine.simulation();
        sim.workers(way.workers);
        sim.parallelGrain(1); // even a handful of executions goes to the workers
        sim.runAhead(way.ahead);
        sim.inPlaceRounds(way.ahead); // in place where nobody listens, else on copies
        sim.trustListings(way.trust);
        StringBuilder out = new StringBuilder();
        if (way.listen) {
            sim.addListener(new SimulationListener() {
                @Override public void executed(ExecutionRecord rec) {
                    out.append(ExecutionHotPathTest.line(rec)).append('\n');
                }
            });
        }
        for (int round = 0; round < ROUNDS; round++) {
            int before = sim.violationCount();
            if (way.stepped) {
                engine.beginRound();
                while (engine.executeNext()) {
                    // one Planned execution after another, each checked in full
                }
                engine.finishRound();
            } else {
                engine.stepRound();
            }
            out.append(sim.violations().subList(before, sim.violationCount())).append('\n');
        }
        assertTrue(sim.stats().actions() > 0, "the run did something");
        return out.append(sim.configuration().hashCode()).append(' ').append(TransitIds.of(sim)).append(' ')
                .append(sim.stats().actions()).append(' ').append(sim.stats().messagesSent()).append(' ')
                .append(sim.executionsBegun()).append(' ').append(sim.random().nextLong()).toString();
    }


    @Property(tries = 30, seed = "2718")
    void wholeRoundsFromListingCodesTraceAsSteppedPlansOnAnyThreadCount(@ForAll long generator) {
        try (Workers two = new Workers(2)) {
            for (boolean listen : new boolean[] {true, false}) {
                String expected = run(generator, new Way(true, Workers.SINGLE, false, false, listen));
                for (Workers w : new Workers[] {Workers.SINGLE, two}) {
                    for (boolean ahead : new boolean[] {false, true}) {
                        for (boolean trust : new boolean[] {true, false}) {
                            Way way = new Way(false, w, ahead, trust, listen);
                            assertEquals(expected, run(generator, way), way::toString);
                        }
                    }
                }
            }
        }
    }

    // ---------------------------------------------------------------- refusals

    /** A simulation at the start of a synchronous round with its listings made, and a node with a choice. */
    private static Simulation listed(Workers w) {
        Engine engine = LmeBench.build(400, 6, 5);
        Simulation sim = engine.simulation();
        sim.workers(w);
        sim.parallelGrain(1);
        sim.runAhead(true);
        sim.inPlaceRounds(true); // refused mid-plan: the positions after it that ran in place are undone
        engine.runUntil(4);
        return sim;
    }

    /** Every node with a choice, and its first listed code, in node order. */
    private static int[][] firstCodes(Simulation sim) {
        int[] nodes = new int[sim.nodeCount()];
        int[] codes = new int[sim.nodeCount()];
        int k = 0;
        int[] buf = new int[64];
        for (int u = 0; u < sim.nodeCount(); u++) {
            if (sim.enumerate(u, buf) > 0) {
                nodes[k] = u;
                codes[k++] = buf[0];
            }
        }
        return new int[][] {java.util.Arrays.copyOf(nodes, k), java.util.Arrays.copyOf(codes, k)};
    }

    /**
     * A listed plan that names a node twice, or a node crashed after it was listed, is refused
     * at that execution with the sentence the plan of decoded choices gets, after the same
     * executions before it committed: the listing's word is taken only while it holds.
     */
    @Test
    void aChoiceNoLongerEnabledIsRefusedAsTheDecodedPlanIsRefused() {
        try (Workers two = new Workers(2)) {
            for (Workers w : new Workers[] {Workers.SINGLE, two}) {
                for (int bad = 0; bad < 2; bad++) {
                    Simulation fast = listed(w);
                    Simulation checked = listed(w);
                    int[][] plan = firstCodes(fast);
                    assertTrue(plan[0].length > 20, "nodes with a choice: " + plan[0].length);
                    int at = plan[0].length / 2;
                    if (bad == 0) {
                        plan[0][at] = plan[0][at - 1]; // the same node again: it already acted
                        plan[1][at] = plan[1][at - 1];
                    }
                    List<Choice> decoded = new ArrayList<>();
                    for (int i = 0; i < plan[0].length; i++) decoded.add(checked.decode(plan[0][i], plan[1][i]));
                    if (bad == 1) { // the node acts before the plan runs: its listing is stale, its choice refused
                        Choice first = fast.decode(plan[0][at], plan[1][at]);
                        fast.act(first);
                        checked.act(first);
                    }
                    String fastWhy = assertThrows(IllegalArgumentException.class,
                            () -> fast.actListed(plan[0], plan[1], plan[0].length)).getMessage();
                    String checkedWhy = assertThrows(IllegalArgumentException.class, () -> checked.act(decoded)).getMessage();
                    assertEquals(checkedWhy, fastWhy);
                    assertTrue(fastWhy.contains("already acted"), fastWhy);
                    assertEquals(at + bad, fast.executionsThisRound(), "the executions before it committed");
                    assertEquals(checked.configuration(), fast.configuration());
                }
            }
        }
    }
}
