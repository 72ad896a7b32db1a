package dev.lockstep.core.check;

import static dev.lockstep.core.OperationStatus.LOCKED;
import static dev.lockstep.core.OperationStatus.LOCKING;
import static dev.lockstep.core.OperationStatus.UNLOCKING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Violation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The deadlock check alone, on configurations written out by hand. */
class DeadlockCheckTest {
    private static List<Violation> check(FakeView view) {
        List<Violation> out = new ArrayList<>();
        new DeadlockCheck().endOfRound(view, out);
        return out;
    }

    /** a waits for b's reply that will never come: nothing moves, and a's Lock is pending. */
    private static FakeView stuck() {
        FakeView v = new FakeView(3, 2).link(0, 1, 1, 1).status(0, LOCKING, 3);
        v.round = 9;
        return v;
    }

    @Test
    void aPendingRequestWithNothingLeftToHappenIsADeadlock() {
        List<Violation> found = check(stuck());
        assertEquals(1, found.size());
        Violation v = found.get(0);
        assertEquals("deadlock", v.check());
        assertEquals(9, v.round());
        assertEquals(List.of(0), v.nodes());
        assertEquals("no message in transit and no enabled action changes anything, yet a (lock requested in round 3) waits forever",
                v.message());
        assertEquals("deadlock", new DeadlockCheck().name());
    }

    @Test
    void everyWaitingNodeIsNamed_lockingWithItsRound_unlockingAsSuch() {
        FakeView two = stuck().status(2, UNLOCKING, 1);
        assertEquals("no message in transit and no enabled action changes anything, yet a (lock requested in round 3) and c (unlocking) wait forever",
                check(two).get(0).message());
        assertEquals(List.of(0, 2), check(two).get(0).nodes());
        FakeView three = stuck().status(1, LOCKING, 4).status(2, UNLOCKING, 1);
        assertEquals("no message in transit and no enabled action changes anything, yet a (lock requested in round 3), b (lock requested in round 4) and c (unlocking) wait forever",
                check(three).get(0).message());
        assertEquals(List.of(0, 1, 2), check(three).get(0).nodes());
    }

    @Test
    void aCrashedNodeNeitherWaitsNorPromisesAnUnlock() {
        FakeView crashedWaiter = stuck();
        crashedWaiter.crashed[0] = true;
        assertTrue(check(crashedWaiter).isEmpty(), "nobody can serve a crashed node: not a deadlock of the protocol");
        FakeView crashedHolder = stuck().status(1, LOCKED, 2);
        assertTrue(check(crashedHolder).isEmpty(), "a live holder will call Unlock");
        crashedHolder.crashed[1] = true;
        assertEquals(List.of(0), check(crashedHolder).get(0).nodes(), "a crashed holder never will: a waits forever");
    }

    @Test
    void aMessageInTransitCanStillMoveThings() {
        FakeView v = stuck();
        v.inTransit[1][1] = 1;
        assertTrue(check(v).isEmpty());
        // on the self-channel too
        FakeView self = stuck();
        self.inTransit[2][0] = 1;
        assertTrue(check(self).isEmpty());
    }

    @Test
    void anExecutionUnderWayCanStillMoveThings() {
        FakeView v = stuck();
        v.executionsInFlight = 1;
        assertTrue(check(v).isEmpty());
    }

    @Test
    void anEnabledActionThatChangesSomethingCanStillMoveThings() {
        FakeView v = stuck();
        v.anyEffectiveChoice = true;
        assertTrue(check(v).isEmpty());
    }

    @Test
    void aNodeHoldingItsLocksWillCallUnlock_soNobodyIsStuckYet() {
        // whether the locked node comes before or after the waiting one
        assertTrue(check(stuck().status(1, LOCKED, 2)).isEmpty());
        assertTrue(check(new FakeView(2, 1).status(0, LOCKED, 1).status(1, LOCKING, 2)).isEmpty());
    }

    @Test
    void withNothingPendingThereIsNothingToWaitFor() {
        assertTrue(check(new FakeView(3, 2)).isEmpty());
    }

    @Test
    void theLastNodeIsCheckedToo() {
        FakeView v = new FakeView(3, 2).status(2, LOCKING, 0);
        assertEquals(List.of(2), check(v).get(0).nodes());
    }
}
