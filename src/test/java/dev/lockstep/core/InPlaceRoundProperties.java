package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.bench.LmeBench;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.NodeChoice;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.check.TransitBoundCheck;
import dev.lockstep.protocol.lme.Lme;
import dev.lockstep.protocol.lme.LmeMessages;
import dev.lockstep.protocol.lme.LmeState;
import dev.lockstep.protocol.lme.LmeVariant;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * A listed synchronous round run in place on the workers ({@link InPlaceRound}), committed on the
 * caller or on the workers too ({@link PartitionedCommit}), is what one thread does: over
 * generated LME runs (the corrected, unscoped and printed variants, and one that announces twice
 * so that transit-bound violations occur), on 1, 2 and 3 threads with a grain of 1 and small
 * chunks, the violations in order with their texts, every round's configuration, the message ids
 * in transit, the statistics and the random stream's position are those of the same run with the
 * modes off on one thread; an operation that fails fails with the same exception after the same
 * commits.
 */
class InPlaceRoundProperties {

    /** The protocols the runs draw from: 3 announces twice, 4 fails on some received messages. */
    private static Protocol<LmeState> protocol(int kind) {
        return switch (kind) {
            case 0 -> new Lme();
            case 1 -> new Lme(8, LmeVariant.PAPER);
            case 2 -> new Lme(4, LmeVariant.CORRECTED_UNSCOPED);
            case 3 -> DerivedProtocol.withAction(new Lme(), "InitLock", a -> a.withOperation((s, x) -> {
                a.run(s, x); // prepare() twice on every port: more than two in transit where neighbours lock too
                if (s.state() == LmeState.State.PREPARE) {
                    for (long p = s.L(); p != 0; p &= p - 1) x.send(Long.numberOfTrailingZeros(p), new LmeMessages.Prepare());
                }
            }));
            default -> DerivedProtocol.withAction(new Lme(), "ReceiveReady", a -> a.withOperation((s, x) -> {
                if (x.received().id() % 97 == 13) throw new IllegalStateException("refuses message " + x.received().id());
                a.run(s, x);
            }));
        };
    }

    static Engine engine(long generator, int kind) {
        Random r = new Random(generator);
        int n = 10 + r.nextInt(70);
        double degree = 2 + 5 * r.nextDouble();
        Simulation sim = RandomLmeEngines.simulation(r, protocol(kind), n, degree);
        NodeChoice choice = r.nextBoolean() ? NodeChoice.EFFECTIVE : NodeChoice.ANY;
        return new Engine(sim, new ScenarioAdversary(new int[0], 1.0, List.of(), null,
                new RandomWorkload(0.3 + 0.6 * r.nextDouble(), 1 + r.nextInt(3), Integer.MAX_VALUE),
                r.nextInt(3) == 0 ? new SemiSynchronous(0.5 + 0.4 * r.nextDouble(), choice) : new Synchronous(choice)));
    }

    private static final int ROUNDS = 40;

    /** What a run shows: each round's violations and configuration, then its end; the failure's text if it fails. */
    private record Run(String trace, long inPlace, long transitBound, String failure) {}

    private static Run run(long generator, int kind, Workers workers, boolean inPlace, int chunk) {
        return run(generator, kind, workers, inPlace, false, chunk);
    }

    private static Run run(long generator, int kind, Workers workers, boolean inPlace, boolean partitioned, int chunk) {
        Engine engine = engine(generator, kind);
        Simulation sim = engine.simulation();
        sim.workers(workers);
        sim.parallelGrain(1);
        sim.inPlaceRounds(inPlace);
        sim.partitionedCommits(partitioned);
        if (partitioned && chunk < InPlaceRound.CHUNK) sim.partitionedArenas(2); // small chunks: the arenas run out too
        sim.inPlaceChunk(chunk);
        StringBuilder out = new StringBuilder();
        String failure = null;
        for (int round = 0; round < ROUNDS && failure == null; round++) {
            int before = sim.violationCount();
            try {
                engine.stepRound();
            } catch (IllegalStateException e) {
                failure = e.getMessage() + " after " + sim.executionsThisRound() + " executions of round " + sim.round();
            }
            out.append(sim.violations().subList(before, sim.violationCount())).append('\n');
            out.append(sim.configuration().hashCode()).append(' ').append(TransitIds.of(sim)).append('\n');
        }
        Stats s = sim.stats();
        out.append(s.actions()).append(' ').append(s.messagesSent()).append(' ').append(s.messagesLost()).append(' ')
                .append(s.lockRequests()).append(' ').append(s.locksAcquired()).append(' ').append(s.unlocks()).append(' ')
                .append(s.maxWaitRounds()).append(' ').append(sim.executionsBegun()).append(' ')
                .append(sim.channels().total()).append(' ').append(sim.random().nextLong());
        long bound = sim.violations().stream().filter(v -> v.check().equals(TransitBoundCheck.NAME)).count();
        return new Run(out.toString(), sim.executionsRanAhead(), bound, failure);
    }

    /** Runs the generated run every way and returns the one-thread run without the mode (what the others must equal). */
    private static Run assertSameEveryWay(long generator, int kind) {
        Run expected = run(generator, kind, Workers.SINGLE, false, InPlaceRound.CHUNK);
        long[] inPlace = new long[2];
        try (Workers two = new Workers(2); Workers three = new Workers(3)) {
            for (Workers w : new Workers[] {Workers.SINGLE, two, three}) {
                for (int chunk : new int[] {InPlaceRound.CHUNK, 7}) {
                    for (int mode = 0; mode < 2; mode++) {
                        boolean partitioned = mode == 1;
                        Run got = run(generator, kind, w, !partitioned, partitioned, chunk);
                        String way = "kind " + kind + " on " + w.threads() + " threads, chunk " + chunk
                                + (partitioned ? ", partitioned" : "");
                        assertEquals(expected.trace, got.trace, way);
                        assertEquals(expected.failure, got.failure, way);
                        if (w.threads() == 1) assertEquals(0, got.inPlace, "one thread runs nothing in place");
                        inPlace[mode] += got.inPlace;
                    }
                }
            }
        }
        assertTrue(inPlace[0] > 0, "the mode ran");
        assertTrue(inPlace[1] > 0, "the partitioned commits ran");
        return expected;
    }

    @Property(tries = 20, seed = "4242")
    void inPlaceRoundsShowWhatOneThreadShows(@ForAll long generator) {
        assertSameEveryWay(generator, (int) Math.floorMod(generator, 4));
    }

    /**
     * The runs that announce twice do break the transit bound, many times, with the counts one
     * thread prints: the equality above covers the checks' reads during the commits.
     */
    @Test
    void transitBoundViolationsAreTheSameInOrderAndText() {
        long violations = 0;
        for (long g = 1; g <= 6; g++) violations += assertSameEveryWay(g, 3).transitBound;
        assertTrue(violations > 20, "transit-bound violations: " + violations);
    }

    /** An operation that fails is the same failure after the same commits (later positions undone), and runs that draw stay in step. */
    @Test
    void aFailingOperationFailsAsOnOneThread() {
        int failed = 0;
        for (long g = 1; g <= 8; g++) if (assertSameEveryWay(g, 4).failure != null) failed++;
        assertTrue(failed >= 4, "runs that failed: " + failed);
    }

    /**
     * Bench-sized LME on two threads with the default grain and chunk: most executions run in
     * place, those that draw for their competitions are redone at their turn, and the end is one
     * thread's.
     */
    @Test
    void benchSizedRunsMostlyInPlace() {
        try (Workers two = new Workers(2)) {
            Simulation one = bench(Workers.SINGLE);
            Simulation both = bench(two);
            assertEquals(one.configuration(), both.configuration());
            assertEquals(TransitIds.of(one), TransitIds.of(both));
            assertEquals(one.violations().toString(), both.violations().toString());
            assertEquals(one.random().nextLong(), both.random().nextLong());
            long ran = both.executionsRanAhead();
            assertTrue(ran > both.stats().actions() * 9 / 10, ran + " of " + both.stats().actions());
            assertTrue(ran < both.stats().actions(), "some drew and were redone");
        }
    }

    /** The same with the commits partitioned: nearly all of them commit on the workers, and the end is one thread's. */
    @Test
    void benchSizedRunsMostlyPartitioned() {
        try (Workers two = new Workers(2)) {
            Simulation one = bench(Workers.SINGLE, false);
            Simulation both = bench(two, true);
            assertEquals(one.configuration(), both.configuration());
            assertEquals(TransitIds.of(one), TransitIds.of(both));
            assertEquals(one.violations().toString(), both.violations().toString());
            assertEquals(stats(one), stats(both));
            assertEquals(one.random().nextLong(), both.random().nextLong());
            long committed = both.executionsRanAhead();
            assertTrue(committed > both.stats().actions() * 9 / 10, committed + " of " + both.stats().actions());
        }
    }

    private static String stats(Simulation sim) {
        Stats s = sim.stats();
        return s.actions() + " " + s.messagesSent() + " " + s.messagesLost() + " " + s.lockRequests() + " " + s.locksAcquired()
                + " " + s.unlocks() + " " + s.maxWaitRounds() + " " + s.meanWaitRounds() + " " + s.waitQuantile(0.9)
                + " " + sim.executionsBegun() + " " + sim.channels().total();
    }

    private static Simulation bench(Workers w) {
        return bench(w, false);
    }

    private static Simulation bench(Workers w, boolean partitioned) {
        Engine engine = LmeBench.build(20_000, 6, 3);
        engine.simulation().workers(w);
        engine.simulation().inPlaceRounds(!partitioned);
        engine.simulation().partitionedCommits(partitioned);
        engine.runUntil(12);
        return engine.simulation();
    }

    /** A check that reads more than the graph and the counts in transit keeps rounds off the mode; the view refuses such reads. */
    @Test
    void aCheckReadingStatesKeepsTheRoundOnOneThread() {
        Check reads = new Check() {
            @Override public String name() { return "reads-states"; }

            @Override
            public void afterExecution(SystemView view, int node, long sentPorts, List<Violation> out) {
                view.state(node);
            }

            @Override public void endOfRound(SystemView view, List<Violation> out) {}
        };
        assertTrue(new Checker(List.of(new TransitBoundCheck(2))).watchersReadTransitOnly());
        assertTrue(!new Checker(List.of(new TransitBoundCheck(2), reads)).watchersReadTransitOnly());
        SerialTransitView view = new SerialTransitView(null, null);
        assertThrows(IllegalStateException.class, () -> view.state(0));
        assertThrows(IllegalStateException.class, () -> view.unprocessedDisconnections(0));
    }
}
