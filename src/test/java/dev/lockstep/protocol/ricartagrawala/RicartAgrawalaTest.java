package dev.lockstep.protocol.ricartagrawala;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Sent;
import dev.lockstep.core.Stats;
import dev.lockstep.core.Variable;
import dev.lockstep.core.Violation;
import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.ScriptedWorkload;
import dev.lockstep.core.adversary.ScriptedWorkload.Entry;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.check.DeadlockCheck;
import dev.lockstep.core.check.LockSets;
import dev.lockstep.protocol.ricartagrawala.RaMessages.Ok;
import dev.lockstep.protocol.ricartagrawala.RaMessages.Try;
import dev.lockstep.protocol.ricartagrawala.RaState.Region;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class RicartAgrawalaTest {

    static Stream<Arguments> sizesAndPolicies() {
        List<SchedulerPolicy> policies = List.of(new Synchronous(), new SemiSynchronous(0.5), new Sequential(),
                new Asynchronous(0.5, 3));
        return IntStream.of(3, 4, 5).boxed()
                .flatMap(n -> policies.stream().map(p -> Arguments.of(n, p)));
    }

    /**
     * Slide "Complexity Analysis (1)": n try messages (port 0 included) and n − 1 oks per request.
     * Every try is answered by exactly one ok (at once or at exit), so once every request has
     * completed the totals are exact, whatever the interleaving.
     */
    @ParameterizedTest(name = "n = {0}, {1}")
    @MethodSource("sizesAndPolicies")
    void everyRequestCostsTwoNMinusOneMessages(int n, SchedulerPolicy policy) {
        RaHarness h = new RaHarness(new RicartAgrawala(), n, 7 + n, 10_000, List.of(),
                new RandomWorkload(0.3, 2, 150), policy);
        assertTrue(h.runAndDrain(150, 10_000), "requests still pending");
        Stats s = h.sim.stats();
        assertTrue(s.lockRequests() >= n, "the workload should have issued requests: " + s.lockRequests());
        assertEquals(s.lockRequests(), s.locksAcquired());
        assertEquals(0, s.messagesLost());
        assertEquals((2L * n - 1) * s.lockRequests(), s.messagesSent());
        long tries = 0;
        long oks = 0;
        for (ExecutionRecord r : h.executed) {
            for (Sent m : r.sent()) {
                if (m.message() instanceof Try) tries++;
                else if (m.message() instanceof Ok) oks++;
            }
        }
        assertEquals((long) n * s.lockRequests(), tries);
        assertEquals((n - 1L) * s.lockRequests(), oks);
        assertEquals(List.of(), h.sim.violations());
    }

    /**
     * Everybody calls try in round 0 and the synchronous adversary executes every Try in that
     * round, so every request has logical time (1, i): the ids break the ties and the requests
     * are served strictly in id order, as each process in T defers every larger id until its own
     * exit. Under this maximal contention the message count still holds.
     */
    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {3, 4, 5})
    void simultaneousRequestsAreServedInIdOrder(int n) {
        List<Entry> script = new ArrayList<>();
        // Calls listed in descending id order, so the order served cannot come from the script.
        for (int u = n - 1; u >= 0; u--) script.add(new Entry(0, u, Call.LOCK, 1));
        RaHarness h = new RaHarness(new RicartAgrawala(), n, 1, 10_000, List.of(), new ScriptedWorkload(script),
                new Synchronous());
        assertTrue(h.runAndDrain(1, 10_000));
        assertEquals(IntStream.range(0, n).boxed().toList(), h.critOrder());
        assertEquals(n, h.sim.stats().lockRequests());
        assertEquals((2L * n - 1) * n, h.sim.stats().messagesSent());
        assertEquals(List.of(), h.sim.violations());
    }

    /**
     * Logical times compare the clock first. p0 completes one request alone, which advances its
     * clock beyond p1's; then both request in the same round and p1, despite its larger id, wins.
     * Clocks (Lamport rules): p0 Try 1; p1 receives try(1,0) → 2, replies ok(2); p0 receives its
     * own try → 2, ok(2) → 3, Exit → 4. In round 10: p0's t = (5,0), p1's t = (3,1).
     */
    @Test
    void smallerClockBeatsSmallerId() {
        ScriptedWorkload w = new ScriptedWorkload(List.of(new Entry(0, 0, Call.LOCK, 0),
                new Entry(10, 0, Call.LOCK, 0), new Entry(10, 1, Call.LOCK, 0)));
        RaHarness h = new RaHarness(new RicartAgrawala(), 2, 3, 10_000, List.of(), w, new Synchronous());
        h.engine.runUntil(11);
        assertEquals(Region.TRY, h.state(0).region);
        assertEquals(List.of(5, 0), List.of(h.state(0).tClock, h.state(0).tId));
        assertEquals(List.of(3, 1), List.of(h.state(1).tClock, h.state(1).tId));
        assertTrue(h.runAndDrain(11, 1_000));
        assertEquals(List.of(0, 1, 0), h.critOrder());
        assertEquals(List.of(), h.sim.violations());
    }

    /**
     * p0 is in C when p1's try arrives: p0 defers (slide "ok Messages (1)"), p1 waits quietly
     * with nothing in transit, and p0's exit sends the deferred ok. The quiet wait is not a
     * deadlock: p0 holds its lock and its application will call Exit.
     */
    @Test
    void processInCritDefersUntilExitAndTheWaitIsNoDeadlock() {
        ScriptedWorkload w = new ScriptedWorkload(List.of(new Entry(0, 0, Call.LOCK, 12),
                new Entry(5, 1, Call.LOCK, 0)));
        RaHarness h = new RaHarness(new RicartAgrawala(), 2, 3, 10_000, List.of(), w, new Synchronous());
        h.engine.runUntil(10);
        int p0ToP1 = h.sim.portTo(0, 1);
        assertEquals(Region.CRIT, h.state(0).region);
        assertEquals(1L << p0ToP1, h.state(0).deferred);
        assertEquals(Region.TRY, h.state(1).region);
        assertEquals(0L, h.state(1).oks);
        assertEquals(0, h.sim.totalInTransit());
        assertEquals(OperationStatus.LOCKING, h.sim.status(1));

        List<Violation> verdict = new ArrayList<>();
        new DeadlockCheck().endOfRound(h.sim, verdict);
        assertEquals(List.of(), verdict, "a quiet wait behind a lock holder is not a deadlock");

        assertTrue(h.runAndDrain(10, 1_000));
        assertEquals(List.of(0, 1), h.critOrder());
        assertEquals(List.of(), h.sim.violations());
        assertEquals(3L * 2, h.sim.stats().messagesSent());
    }

    /** A process in C holds every node; a process elsewhere holds nothing (global mutual exclusion). */
    @Test
    void lockSetIsEveryNodeExactlyWhileInCrit() {
        RicartAgrawala ra = new RicartAgrawala();
        RaHarness h = new RaHarness(ra, 4, 3, 10_000, List.of(),
                new ScriptedWorkload(List.of(new Entry(0, 2, Call.LOCK, 5))), new Synchronous());
        h.engine.runUntil(1);
        assertArrayEquals(new int[0], LockSets.of(ra, h.sim, 2));
        while (h.state(2).region != Region.CRIT) h.engine.stepRound();
        assertArrayEquals(new int[] {0, 1, 2, 3}, LockSets.of(ra, h.sim, 2));
        assertArrayEquals(new int[0], LockSets.of(ra, h.sim, 0));
        assertEquals("crit", ra.presentation().fill(h.state(2)));
    }

    @Test
    void declaresClassicalAssumptions() {
        RicartAgrawala ra = new RicartAgrawala();
        assertEquals("ricart-agrawala", ra.name());
        assertTrue(ra.requirements().ids());
        assertTrue(ra.requirements().fifo());
        assertTrue(ra.requirements().completeGraph());
        assertFalse(ra.requirements().regions());
        assertEquals(List.of("mutual-exclusion", "lockout", "deadlock"),
                ra.checks(new CheckSettings(5)).stream().map(c -> c.name()).toList());
    }

    @Test
    void messagesAndStateReadLikeTheSlides() {
        assertEquals("try(3,1)", new Try(3, 1).label());
        assertEquals("ok(4)", new Ok(4).label());
        RaState s = new RaState();
        assertEquals(List.of(new Variable("clock", "0"), new Variable("region", "rem"), new Variable("t", "⊥"),
                new Variable("expected", "∅"), new Variable("oks", "∅"), new Variable("deferred", "∅")), s.variables());
        s.clock = 3;
        s.region = Region.TRY;
        s.tClock = 3;
        s.tId = 1;
        s.expected = 0b110;
        s.oks = 0b100;
        RaState c = s.copy();
        assertEquals(s, c);
        assertEquals(s.hashCode(), c.hashCode());
        assertEquals("(3,1)", c.variables().get(2).value());
        assertEquals("{1,2}", c.variables().get(3).value());
        c.deferred = 0b10;
        assertNotEquals(s, c);
        assertEquals(0L, s.deferred, "copy must not share state");
    }

    @Test
    void logicalTimesAreOrderedLexicographically() {
        assertTrue(RaState.precedes(3, 1, 5, 0));
        assertTrue(RaState.precedes(3, 0, 3, 1));
        assertFalse(RaState.precedes(3, 1, 3, 0));
        assertFalse(RaState.precedes(5, 0, 3, 1));
    }
}
