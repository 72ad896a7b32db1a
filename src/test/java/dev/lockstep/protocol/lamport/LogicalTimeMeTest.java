package dev.lockstep.protocol.lamport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Sent;
import dev.lockstep.core.Stats;
import dev.lockstep.core.Variable;
import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.ScriptedWorkload;
import dev.lockstep.core.adversary.ScriptedWorkload.Entry;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.check.LockSets;
import dev.lockstep.protocol.lamport.LtMessages.Ack;
import dev.lockstep.protocol.lamport.LtMessages.Exit;
import dev.lockstep.protocol.lamport.LtMessages.Try;
import dev.lockstep.protocol.lamport.LtState.Region;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Whole runs of LogicalTimeME against the slides: message counts, order of service, regions. */
class LogicalTimeMeTest {

    static Stream<Arguments> sizesAndPolicies() {
        List<SchedulerPolicy> policies = List.of(new Synchronous(), new SemiSynchronous(0.5), new Sequential(),
                new Asynchronous(0.5, 3));
        return IntStream.of(3, 4, 5).boxed().flatMap(n -> policies.stream().map(p -> Arguments.of(n, p)));
    }

    /**
     * Slide "Complexity Analysis (1)": one try broadcast (n messages, P_i itself included), n − 1
     * acks, one exit broadcast (n messages): 3n − 1 per request, whatever the interleaving, once
     * every request has completed.
     */
    @ParameterizedTest(name = "n = {0}, {1}")
    @MethodSource("sizesAndPolicies")
    void everyRequestCostsThreeNMinusOneMessages(int n, SchedulerPolicy policy) {
        LtHarness h = new LtHarness(new LogicalTimeMe(), n, 7 + n, 10_000, List.of(),
                new RandomWorkload(0.3, 2, 150), policy);
        assertTrue(h.runAndDrain(150, 10_000), "requests still pending");
        Stats s = h.sim.stats();
        assertTrue(s.lockRequests() >= n, "the workload should have issued requests: " + s.lockRequests());
        assertEquals(s.lockRequests(), s.locksAcquired());
        assertEquals(0, s.messagesLost());
        assertEquals((3L * n - 1) * s.lockRequests(), s.messagesSent());
        long[] count = new long[3];
        for (ExecutionRecord r : h.executed) {
            for (Sent m : r.sent()) {
                if (m.message() instanceof Try) count[0]++;
                else if (m.message() instanceof Ack) count[1]++;
                else if (m.message() instanceof Exit) count[2]++;
            }
        }
        assertArrayEquals(new long[] {n * s.lockRequests(), (n - 1L) * s.lockRequests(), n * s.lockRequests()}, count);
        assertEquals(List.of(), h.sim.violations());
    }

    /** Everybody requests in round 0: all times are (1, i), ids break the ties, service in id order. */
    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {3, 4, 5})
    void simultaneousRequestsAreServedInIdOrder(int n) {
        List<Entry> script = new ArrayList<>();
        for (int u = n - 1; u >= 0; u--) script.add(new Entry(0, u, Call.LOCK, 1));
        LtHarness h = new LtHarness(new LogicalTimeMe(), n, 1, 10_000, List.of(), new ScriptedWorkload(script),
                new Synchronous());
        assertTrue(h.runAndDrain(1, 10_000));
        assertEquals(IntStream.range(0, n).boxed().toList(), h.critOrder());
        assertEquals((3L * n - 1) * n, h.sim.stats().messagesSent());
        assertEquals(List.of(), h.sim.violations());
    }

    /**
     * The clock is compared first. p1 requests in round 0 with t = (1,1); p0 receives that try in
     * round 1 (clock → 2, ack) and requests in round 2 with t = (3,0): p1 wins despite its larger id.
     */
    @Test
    void smallerClockBeatsSmallerId() {
        ScriptedWorkload w = new ScriptedWorkload(List.of(new Entry(0, 1, Call.LOCK, 3),
                new Entry(2, 0, Call.LOCK, 0)));
        LtHarness h = new LtHarness(new LogicalTimeMe(), 2, 3, 10_000, List.of(), w, new Synchronous());
        h.engine.runUntil(3);
        assertEquals(List.of(1, 1), List.of(h.state(1).tClock, h.state(1).tId));
        assertEquals(List.of(3, 0), List.of(h.state(0).tClock, h.state(0).tId));
        assertTrue(h.runAndDrain(3, 1_000));
        assertEquals(List.of(1, 0), h.critOrder());
        assertEquals(List.of(), h.sim.violations());
    }

    /** The exit region is visible: between exit_i and its own exit reaching its history. */
    @Test
    void exitIsARegionUntilTheOwnExitArrives() {
        LtHarness h = new LtHarness(new LogicalTimeMe(), 3, 3, 10_000, List.of(),
                new ScriptedWorkload(List.of(new Entry(0, 1, Call.LOCK, 0))), new Synchronous());
        List<Region> seen = new ArrayList<>();
        for (int round = 0; round < 10; round++) {
            h.engine.stepRound();
            if (seen.isEmpty() || seen.get(seen.size() - 1) != h.state(1).region) seen.add(h.state(1).region);
        }
        assertEquals(List.of(Region.TRY, Region.CRIT, Region.EXIT, Region.REM), seen);
        assertTrue(h.quiescent());
    }

    /** A process in C holds every node; a process elsewhere (exit included) holds nothing. */
    @Test
    void lockSetIsEveryNodeExactlyWhileInCrit() {
        LogicalTimeMe lt = new LogicalTimeMe();
        LtHarness h = new LtHarness(lt, 4, 3, 10_000, List.of(),
                new ScriptedWorkload(List.of(new Entry(0, 2, Call.LOCK, 5))), new Synchronous());
        h.engine.runUntil(1);
        assertArrayEquals(new int[0], LockSets.of(lt, h.sim, 2));
        while (h.state(2).region != Region.CRIT) h.engine.stepRound();
        assertArrayEquals(new int[] {0, 1, 2, 3}, LockSets.of(lt, h.sim, 2));
        assertEquals("crit", lt.presentation().fill(h.state(2)));
        while (h.state(2).region != Region.EXIT) h.engine.stepRound();
        assertArrayEquals(new int[0], LockSets.of(lt, h.sim, 2));
        assertEquals("exit", lt.presentation().fill(h.state(2)));
    }

    @Test
    void declaresClassicalAssumptions() {
        LogicalTimeMe lt = new LogicalTimeMe();
        assertEquals("lamport", lt.name());
        assertTrue(lt.requirements().ids());
        assertTrue(lt.requirements().fifo());
        assertTrue(lt.requirements().completeGraph());
        assertFalse(lt.requirements().regions());
        assertEquals(List.of("mutual-exclusion", "lockout", "deadlock"),
                lt.checks(new CheckSettings(5)).stream().map(c -> c.name()).toList());
        assertEquals(List.of("rem", "try", "crit", "exit"), lt.presentation().fillValues());
    }

    @Test
    void messagesAndStateReadLikeTheSlides() {
        assertEquals("try(3,1)", new Try(3, 1).label());
        assertEquals("ack(4,2)", new Ack(4, 2).label());
        assertEquals("exit(7,1)", new Exit(7, 1).label());
        LtState s = new LtState(2);
        assertEquals(List.of(new Variable("clock", "0"), new Variable("region", "rem"), new Variable("t", "⊥"),
                new Variable("expected", "∅"), new Variable("latest", "∅"), new Variable("requests", "∅")),
                s.variables());
        s.clock = 5;
        s.region = Region.TRY;
        s.tClock = 3;
        s.tId = 1;
        s.expected = 0b110;
        s.lastClock[2] = 5;
        s.lastId[2] = 2;
        s.reqClock[0] = 3;
        s.reqId[0] = 1;
        LtState c = s.copy();
        assertEquals(s, c);
        assertEquals(s.hashCode(), c.hashCode());
        assertEquals("(3,1)", c.variables().get(2).value());
        assertEquals("2:(5,2)", c.variables().get(4).value());
        assertEquals("0:(3,1)", c.variables().get(5).value());
        c.lastClock[1] = 4;
        assertNotEquals(s, c);
        assertEquals(0, s.lastClock[1], "copy must not share the history arrays");
    }

    @Test
    void logicalTimesAreOrderedLexicographically() {
        assertTrue(LtState.precedes(3, 1, 5, 0));
        assertTrue(LtState.precedes(3, 0, 3, 1));
        assertFalse(LtState.precedes(3, 1, 3, 0));
        assertFalse(LtState.precedes(5, 0, 3, 1));
    }
}
