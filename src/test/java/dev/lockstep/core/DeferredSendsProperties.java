package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.bench.LmeBench;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.check.TransitBoundCheck;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * A listed round whose sends wait and are appended after its executions on the workers
 * ({@link DeferredSends}) is what one thread appending at each commit does: over
 * {@link InPlaceRoundProperties}' generated LME runs (including the one that announces twice and
 * breaks the transit bound, and the one that fails on some messages), with the mode on (counting
 * ahead, serial, in place with large and small chunks) on 2 and 3 threads with a grain of 1 (one
 * thread appends at once even with the mode on), every round's violations in
 * order with their texts, configuration, rows (each envelope in order), the statistics, the
 * random stream's position and a failure's text after the same commits are those of the run with
 * the mode off on one thread; the pool's rows and rooms stay consistent.
 */
class DeferredSendsProperties {

    private static final int ROUNDS = 40;

    private record Run(String trace, long deferred, long transitBound, String failure) {}

    private static Run run(long generator, int kind, Workers workers, int mode, boolean inPlace, int chunk) {
        Engine engine = InPlaceRoundProperties.engine(generator, kind);
        Simulation sim = engine.simulation();
        sim.workers(workers);
        sim.parallelGrain(1);
        sim.deferredSends(mode);
        sim.inPlaceRounds(inPlace);
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
            out.append(sim.configuration().hashCode()).append(' ').append(rows(sim)).append('\n');
            ChannelsProperties.layoutHolds(sim.channels(), sim.nodeCount());
        }
        Stats s = sim.stats();
        out.append(s.actions()).append(' ').append(s.messagesSent()).append(' ').append(s.messagesLost()).append(' ')
                .append(s.tokensLost()).append(' ').append(s.lockRequests()).append(' ').append(s.locksAcquired())
                .append(' ').append(s.unlocks()).append(' ').append(s.maxWaitRounds()).append(' ')
                .append(sim.executionsBegun()).append(' ').append(sim.channels().total()).append(' ')
                .append(sim.random().nextLong());
        long bound = sim.violations().stream().filter(v -> v.check().equals(TransitBoundCheck.NAME)).count();
        return new Run(out.toString(), deferredRounds(sim), bound, failure);
    }

    /** Every envelope in transit, node by node in row order, and each row's length against the total. */
    static String rows(Simulation sim) {
        StringBuilder sb = new StringBuilder();
        Channels c = sim.channels();
        long total = 0;
        for (int u = 0; u < sim.nodeCount(); u++) {
            for (int i = 0; i < c.size(u); i++) sb.append(c.get(u, i)).append(',');
            total += c.size(u);
            sb.append(';');
        }
        assertEquals(total, c.total(), "the total counts every row's messages");
        return sb.toString();
    }

    /** Listed plans whose sends were deferred: a counter of the simulation's round runner, nothing a run shows. */
    static long deferredRounds(Simulation sim) {
        return SimulationInternals.rounds(sim).deferred;
    }

    /** Runs the generated run every way and returns the one-thread run appending at once (what the others must equal). */
    private static Run assertSameEveryWay(long generator, int kind) {
        Run expected = run(generator, kind, Workers.SINGLE, ParallelRound.APPEND_AT_ONCE, false, InPlaceRound.CHUNK);
        assertEquals(0, expected.deferred, "off defers nothing");
        assertEquals(0, run(generator, kind, Workers.SINGLE, ParallelRound.DEFER, false, 1).deferred, "one thread appends at once");
        long deferred = 0;
        long ahead = 0;
        try (Workers two = new Workers(2); Workers three = new Workers(3)) {
            for (Workers w : new Workers[] {two, three}) {
                for (int chunk : new int[] {-1, 0, InPlaceRound.CHUNK, 7}) {
                    int mode = chunk < 0 ? ParallelRound.DEFER_COUNTING_AHEAD : ParallelRound.DEFER;
                    Run got = run(generator, kind, w, mode, chunk > 0, Math.max(chunk, 1));
                    String way = "kind " + kind + " on " + w.threads() + " threads, "
                            + (chunk > 0 ? "in place, chunk " + chunk : chunk < 0 ? "counting ahead" : "serial");
                    assertEquals(expected.trace, got.trace, way);
                    assertEquals(expected.failure, got.failure, way);
                    deferred += got.deferred;
                    if (chunk < 0) ahead += got.deferred;
                }
            }
        }
        assertTrue(deferred > 0 && ahead > 0, "the mode ran: " + deferred + ", counting ahead " + ahead);
        return expected;
    }

    @Property(tries = 20, seed = "2626")
    void deferredSendsShowWhatOneThreadShows(@ForAll long generator) {
        assertSameEveryWay(generator, Math.floorMod(generator, 5));
    }

    /** Runs that announce twice break the transit bound many times: the view's count of the waiting sends is what the checks read. */
    @Test
    void transitBoundViolationsAreTheSameInOrderAndText() {
        long violations = 0;
        for (long g = 1; g <= 6; g++) violations += assertSameEveryWay(g, 3).transitBound;
        assertTrue(violations > 20, "transit-bound violations: " + violations);
    }

    /** An operation that fails leaves the sends of the executions before it appended, as one thread did. */
    @Test
    void aFailingOperationFailsAfterTheSameAppends() {
        int failed = 0;
        for (long g = 1; g <= 8; g++) if (assertSameEveryWay(g, 4).failure != null) failed++;
        assertTrue(failed >= 4, "runs that failed: " + failed);
    }

    /** Bench-sized LME with the default grain: the workers' appends (and the moves between them) give one thread's rows. */
    @Test
    void benchSizedRunsAppendAsOneThread() {
        try (Workers two = new Workers(2)) {
            Simulation one = bench(Workers.SINGLE, ParallelRound.APPEND_AT_ONCE, false);
            long next = one.random().nextLong();
            for (int way = 0; way < 3; way++) {
                Simulation both = bench(two, way == 2 ? ParallelRound.DEFER_COUNTING_AHEAD : ParallelRound.DEFER, way == 1);
                assertEquals(one.configuration(), both.configuration());
                assertEquals(TransitIds.of(one), TransitIds.of(both));
                assertEquals(one.violations().toString(), both.violations().toString());
                assertEquals(one.stats().messagesSent(), both.stats().messagesSent());
                assertEquals(one.channels().total(), both.channels().total());
                assertEquals(next, both.random().nextLong());
                assertTrue(deferredRounds(both) >= 12, "rounds deferred: " + deferredRounds(both));
                ChannelsProperties.layoutHolds(both.channels(), both.nodeCount());
            }
        }
    }

    private static Simulation bench(Workers w, int mode, boolean inPlace) {
        Engine engine = LmeBench.build(20_000, 6, 3);
        engine.simulation().workers(w);
        engine.simulation().deferredSends(mode);
        engine.simulation().inPlaceRounds(inPlace);
        engine.runUntil(12);
        return engine.simulation();
    }

    /** Somebody listening (a record holds its sends' envelopes at once) keeps the sends appended at once. */
    @Test
    void aListenerKeepsAppendsAtOnce() {
        try (Workers two = new Workers(2)) {
            Engine heard = InPlaceRoundProperties.engine(5, 0);
            heard.simulation().workers(two);
            heard.simulation().parallelGrain(1);
            heard.simulation().deferredSends(ParallelRound.DEFER);
            heard.simulation().addListener(new SimulationListener() {});
            for (int r = 0; r < 10; r++) heard.stepRound();
            assertEquals(0, deferredRounds(heard.simulation()));
            Engine quiet = InPlaceRoundProperties.engine(5, 0);
            quiet.simulation().workers(two);
            quiet.simulation().parallelGrain(1);
            quiet.simulation().deferredSends(ParallelRound.DEFER);
            for (int r = 0; r < 10; r++) quiet.stepRound();
            assertTrue(deferredRounds(quiet.simulation()) > 0, "the same run nobody listens to defers");
        }
    }

    /**
     * A plan whose last node's code names a message past its row, one an earlier execution of the
     * plan sent: its listing proves nothing, and the full check must see that message (refused as
     * sent this round), as one thread does; without the sends appended first it would find none.
     */
    @Test
    void anUnprovenCodeSeesTheSendsBeforeIt() {
        int sentThisRound = 0;
        try (Workers two = new Workers(2)) {
            for (long g = 0; g < 30; g++) {
                String once = misplanned(g, Workers.SINGLE, ParallelRound.APPEND_AT_ONCE);
                assertEquals(once, misplanned(g, two, ParallelRound.DEFER), "generator " + g);
                assertEquals(once, misplanned(g, two, ParallelRound.DEFER_COUNTING_AHEAD), "generator " + g);
                if (once.contains("(sent this round)")) sentThisRound++;
            }
        }
        assertTrue(sentThisRound >= 5, "plans refused for a message sent this round: " + sentThisRound);
    }

    private static String misplanned(long generator, Workers workers, int mode) {
        Engine engine = InPlaceRoundProperties.engine(generator, 0);
        Simulation sim = engine.simulation();
        sim.workers(workers);
        sim.parallelGrain(1);
        sim.deferredSends(mode);
        for (int r = 0; r < 3; r++) engine.stepRound();
        int n = sim.nodeCount();
        int[] nodes = new int[n + 1];
        int[] codes = new int[n + 1];
        int[] buf = new int[256];
        boolean[] planned = new boolean[n];
        int k = 0;
        for (int u = 0; u < n; u++) {
            if (sim.enumerate(u, buf) == 0) continue;
            nodes[k] = u;
            codes[k++] = buf[0];
            planned[u] = true;
        }
        int v = -1;
        for (int u = 0; u < n && v < 0; u++) if (!planned[u] && sim.ports(u) != 0) v = u;
        if (v < 0) return "every node planned";
        int receive = 0;
        while (sim.actions().get(receive).trigger() != Action.Trigger.MESSAGE) receive++;
        nodes[k] = v;
        codes[k++] = receive | (sim.channels().size(v) + 1) << 8;
        long before = deferredRounds(sim);
        try {
            sim.actListed(nodes, codes, k);
            return "no failure";
        } catch (RuntimeException e) {
            if (mode != ParallelRound.APPEND_AT_ONCE) assertEquals(before + 1, deferredRounds(sim), "the plan deferred");
            return e.getMessage() + " after " + sim.executionsThisRound() + ": " + rows(sim);
        }
    }
}
