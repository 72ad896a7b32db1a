package dev.lockstep.protocol.ricartagrawala;

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
import dev.lockstep.protocol.ricartagrawala.RaMessages.Ok;
import dev.lockstep.protocol.ricartagrawala.RaMessages.Try;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * RA has no failure detection: a cut link loses a try or an ok and the requester waits forever.
 *
 * <p>Synchronous schedule on the triangle p0, p1, p2: round 0 p0 broadcasts try(1,0); round 1 p0
 * receives its own try while p1 and p2 receive theirs and reply ok; round 2 p0 receives p1's ok.
 * Cutting p0–p2 at the start of round 1 loses the try to p2; at the start of round 2, p2's ok.
 */
class CutLinkStallTest {
    private static final int HORIZON = 40;

    private static RaHarness stalled(int cutRound, int lockoutBound, List<Message> lost) {
        List<TopologyEvent> cut = cutRound < 0 ? List.of() : List.of(new TopologyEvent.Cut(cutRound, 0, 2, "test"));
        RaHarness h = new RaHarness(new RicartAgrawala(), 3, 9, lockoutBound, cut,
                new ScriptedWorkload(List.of(new Entry(0, 0, Call.LOCK, 0))), new Synchronous());
        h.sim.addListener(new SimulationListener() {
            @Override
            public void cut(int round, int u, int pu, int v, int pv, List<Envelope> dropped) {
                for (Envelope e : dropped) lost.add(e.message());
            }
        });
        h.engine.runUntil(HORIZON);
        return h;
    }

    @ParameterizedTest(name = "cut in round {0}")
    @ValueSource(ints = {1, 2})
    void aCutLinkStallsTheRequestForever(int cutRound) {
        List<Message> lost = new ArrayList<>();
        RaHarness h = stalled(cutRound, 10_000, lost);

        // p0's try(1,0), or p2's answer: p2's clock becomes max(0, 1) + 1 = 2 on receiving it.
        assertEquals(List.of(cutRound == 1 ? new Try(1, 0) : new Ok(2)), lost);
        assertEquals(1, h.sim.stats().messagesLost());
        // 3 tries + p1's ok, + p2's ok (sent, then lost) when the cut comes after p2 answered.
        assertEquals(cutRound == 1 ? 4 : 5, h.sim.stats().messagesSent());

        assertEquals(0, h.sim.stats().locksAcquired());
        assertEquals(OperationStatus.LOCKING, h.sim.status(0));
        RaState s = h.state(0);
        assertEquals(PortSet.bit(h.sim.portTo(0, 1)), s.oks);
        long missing = s.expected & ~s.oks;
        assertEquals(1, PortSet.size(missing));
        assertEquals(-1, h.sim.peer(0, PortSet.first(missing)), "the missing ok is from the severed port");

        // Reported once, when p0 has received p1's ok and nothing is left to happen.
        List<Violation> deadlocks = h.sim.violations().stream()
                .filter(v -> v.check().equals(DeadlockCheck.NAME)).toList();
        assertEquals(1, deadlocks.size(), h.sim.violations().toString());
        assertEquals(List.of(0), deadlocks.get(0).nodes());
        assertEquals(2, deadlocks.get(0).round());
    }

    /** The stall exceeds a lockout bound of 5 at the end of round 6 (waited 6 > 5), reported once. */
    @Test
    void theStalledRequestIsReportedAsLockout() {
        RaHarness h = stalled(1, 5, new ArrayList<>());
        List<Violation> lockouts = h.sim.violations().stream()
                .filter(v -> v.check().equals(LockoutCheck.NAME)).toList();
        assertEquals(1, lockouts.size(), h.sim.violations().toString());
        assertEquals(List.of(0), lockouts.get(0).nodes());
        assertEquals(6, lockouts.get(0).round());
        assertTrue(lockouts.get(0).message().contains("p0"), lockouts.get(0).message());
    }

    /** Control: without the cut the same request succeeds well within the bound. */
    @Test
    void withoutTheCutNothingIsReported() {
        RaHarness h = stalled(-1, 5, new ArrayList<>());
        assertEquals(List.of(), h.sim.violations());
        assertEquals(1, h.sim.stats().locksAcquired());
        assertTrue(h.sim.stats().maxWaitRounds() <= 5);
        assertTrue(h.quiescent());
    }
}
