package dev.lockstep.protocol.lamport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Violation;
import dev.lockstep.core.adversary.ScriptedWorkload;
import dev.lockstep.core.adversary.ScriptedWorkload.Entry;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.check.DeadlockCheck;
import dev.lockstep.core.check.LockoutCheck;
import dev.lockstep.core.check.MutualExclusionCheck;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each of LogicalTimeME's live checks fires on a deliberately broken variant, and not on the real one. */
class BrokenVariantTest {

    /**
     * p0 and p1 request in round 0 and hold for 10 rounds. Each soon has a later message from
     * every other process (the other's try (1,j) or an ack); only condition (b) makes p1 wait for
     * p0's earlier (1,0).
     */
    private static LtHarness concurrentRequests(Protocol<?> protocol, int lockoutBound) {
        ScriptedWorkload w = new ScriptedWorkload(List.of(new Entry(0, 0, Call.LOCK, 10),
                new Entry(0, 1, Call.LOCK, 10)));
        LtHarness h = new LtHarness(protocol, 3, 5, lockoutBound, List.of(), w, new Synchronous());
        h.engine.runUntil(40);
        return h;
    }

    private static List<Violation> of(LtHarness h, String check) {
        return h.sim.violations().stream().filter(v -> v.check().equals(check)).toList();
    }

    @Test
    void ignoringEarlierRequestsIsCaughtByTheMutualExclusionCheck() {
        LtHarness h = concurrentRequests(BrokenLamport.IGNORES_EARLIER.protocol(), 10_000);
        List<Violation> me = of(h, MutualExclusionCheck.NAME);
        assertEquals(1, me.size(), "one overlap episode: " + h.sim.violations());
        assertEquals(List.of(0, 1), me.get(0).nodes());
    }

    /** Without acks a requester never hears a later message from the others: deadlock, then lockout. */
    @Test
    void neverAckingIsCaughtByTheDeadlockAndLockoutChecks() {
        LtHarness h = new LtHarness(BrokenLamport.NEVER_ACKS.protocol(), 3, 5, 10,
                List.of(), new ScriptedWorkload(List.of(new Entry(0, 2, Call.LOCK, 1))), new Synchronous());
        h.engine.runUntil(40);
        List<Violation> deadlocks = of(h, DeadlockCheck.NAME);
        assertEquals(1, deadlocks.size(), h.sim.violations().toString());
        assertEquals(List.of(2), deadlocks.get(0).nodes());
        List<Violation> lockouts = of(h, LockoutCheck.NAME);
        assertEquals(1, lockouts.size(), h.sim.violations().toString());
        assertEquals(List.of(2), lockouts.get(0).nodes());
        assertEquals(0, h.sim.stats().locksAcquired());
    }

    /** The same schedules under the real protocol: served in order (1,0) before (1,1), nothing reported. */
    @Test
    void theRealProtocolPassesTheSameSchedules() {
        LtHarness h = concurrentRequests(new LogicalTimeMe(), 10_000);
        assertEquals(List.of(), h.sim.violations());
        assertEquals(List.of(0, 1), h.critOrder());
        assertTrue(h.quiescent());
        LtHarness single = new LtHarness(new LogicalTimeMe(), 3, 5, 10, List.of(),
                new ScriptedWorkload(List.of(new Entry(0, 2, Call.LOCK, 1))), new Synchronous());
        single.engine.runUntil(40);
        assertEquals(List.of(), single.sim.violations());
        assertEquals(1, single.sim.stats().locksAcquired());
    }
}
