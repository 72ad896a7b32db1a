package dev.lockstep.protocol.lamport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.Message;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.Violation;
import dev.lockstep.core.adversary.ScriptedWorkload;
import dev.lockstep.core.adversary.ScriptedWorkload.Entry;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.adversary.TopologyEvent;
import dev.lockstep.core.check.DeadlockCheck;
import dev.lockstep.core.check.LockoutCheck;
import dev.lockstep.protocol.lamport.LtMessages.Ack;
import dev.lockstep.protocol.lamport.LtMessages.Try;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * LogicalTimeME has no failure detection: a cut link loses a try or an ack, and the requester
 * never has "a message with a greater logical time from every other process".
 *
 * <p>Synchronous schedule on the triangle: round 0 p0 broadcasts try(1,0); round 1 p1 and p2
 * receive it and ack. Cutting p0–p2 at the start of round 1 loses the try; of round 2, p2's ack.
 */
class CutLinkStallTest {
    private static LtHarness stalled(int cutRound, int lockoutBound, List<Message> lost) {
        List<TopologyEvent> cut = cutRound < 0 ? List.of() : List.of(new TopologyEvent.Cut(cutRound, 0, 2, "test"));
        LtHarness h = new LtHarness(new LogicalTimeMe(), 3, 9, lockoutBound, cut,
                new ScriptedWorkload(List.of(new Entry(0, 0, Call.LOCK, 0))), new Synchronous());
        h.sim.addListener(new SimulationListener() {
            @Override
            public void cut(int round, int u, int pu, int v, int pv, List<Envelope> dropped) {
                for (Envelope e : dropped) lost.add(e.message());
            }
        });
        h.engine.runUntil(40);
        return h;
    }

    @ParameterizedTest(name = "cut in round {0}")
    @ValueSource(ints = {1, 2})
    void aCutLinkStallsTheRequestForever(int cutRound) {
        List<Message> lost = new ArrayList<>();
        LtHarness h = stalled(cutRound, 10_000, lost);
        // p0's try(1,0), or p2's ack: p2's clock becomes max(0, 1) + 1 = 2 on receiving the try.
        assertEquals(List.of(cutRound == 1 ? new Try(1, 0) : new Ack(2, 2)), lost);
        assertEquals(0, h.sim.stats().locksAcquired());
        assertEquals(OperationStatus.LOCKING, h.sim.status(0));
        LtState s = h.state(0);
        assertTrue(s.ownTryArrived());
        assertEquals(0L, s.earlierPending());
        long missing = s.expected & ~s.laterHeard();
        assertEquals(1, PortSet.size(missing), s.toString());
        assertEquals(-1, h.sim.peer(0, PortSet.first(missing)), "the missing message is from the severed port");
        List<Violation> deadlocks = h.sim.violations().stream()
                .filter(v -> v.check().equals(DeadlockCheck.NAME)).toList();
        assertEquals(1, deadlocks.size(), h.sim.violations().toString());
        assertEquals(List.of(0), deadlocks.get(0).nodes());
    }

    /** The stall exceeds a lockout bound of 5 at the end of round 6 (waited 6 > 5), reported once. */
    @Test
    void theStalledRequestIsReportedAsLockout() {
        LtHarness h = stalled(1, 5, new ArrayList<>());
        List<Violation> lockouts = h.sim.violations().stream()
                .filter(v -> v.check().equals(LockoutCheck.NAME)).toList();
        assertEquals(1, lockouts.size(), h.sim.violations().toString());
        assertEquals(List.of(0), lockouts.get(0).nodes());
        assertEquals(6, lockouts.get(0).round());
    }

    /** Control: without the cut the same request succeeds well within the bound. */
    @Test
    void withoutTheCutNothingIsReported() {
        LtHarness h = stalled(-1, 5, new ArrayList<>());
        assertEquals(List.of(), h.sim.violations());
        assertEquals(1, h.sim.stats().locksAcquired());
        assertTrue(h.quiescent());
    }
}
