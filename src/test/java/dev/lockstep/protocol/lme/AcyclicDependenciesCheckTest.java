package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Violation;
import dev.lockstep.core.check.FakeView;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The waits-for graph of Lemma 4.6 on configurations written out by hand: an initiator that
 * competes waits for the participants whose win() it holds (W); a participant waits for the
 * initiators whose priority it holds (P). Port 0 is the node itself.
 */
class AcyclicDependenciesCheckTest {
    /** A ring of n nodes, node i's port 1 to i+1 and port 2 to i-1. */
    private static FakeView ring(int n) {
        FakeView v = new FakeView(n, 2);
        for (int i = 0; i < n; i++) {
            v.states[i] = new LmeState(2, true);
            v.link(i, 1, (i + 1) % n, 2);
        }
        v.round = 7;
        return v;
    }

    private static LmeState s(FakeView v, int u) {
        return (LmeState) v.states[u];
    }

    /** Every initiator competes and holds its successor's win; every participant holds its own node's priority. */
    private static FakeView waitingInACircle(int n) {
        FakeView v = ring(n);
        for (int i = 0; i < n; i++) {
            s(v, i).state(LmeState.State.COMPETE);
            s(v, i).W(0b010);
            s(v, i).P(0b001);
        }
        return v;
    }

    private static List<Violation> check(FakeView v) {
        List<Violation> out = new ArrayList<>();
        new AcyclicDependenciesCheck().endOfRound(v, out);
        return out;
    }

    @Test
    void aCircleOfWaitsIsReportedWithEveryRole() {
        List<Violation> found = check(waitingInACircle(3));
        assertEquals(1, found.size());
        Violation v = found.get(0);
        assertEquals("acyclic-dependencies", v.check());
        assertEquals(7, v.round());
        assertEquals(List.of(0, 1, 2), v.nodes());
        assertEquals("waits-for cycle: a's initiator → b's participant → b's initiator → c's participant → c's initiator"
                + " → a's participant → a's initiator", v.message());
        assertEquals("acyclic-dependencies", new AcyclicDependenciesCheck().name());
    }

    @Test
    void aLongCircleIsFoundToo() {
        // 20 vertices on the search path: deeper than the search's first stack
        Violation v = check(waitingInACircle(10)).get(0);
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), v.nodes());
        assertTrue(v.message().startsWith("waits-for cycle: a's initiator → b's participant → b's initiator"), v.message());
        assertTrue(v.message().endsWith("j's initiator → a's participant → a's initiator"), v.message());
    }

    @Test
    void oneBrokenLinkInTheCircleIsNoCycle() {
        FakeView notCompeting = waitingInACircle(3);
        s(notCompeting, 1).state(LmeState.State.WIN);  // its W no longer counts
        assertTrue(check(notCompeting).isEmpty());

        FakeView answered = waitingInACircle(3);
        s(answered, 2).P(0);
        assertTrue(check(answered).isEmpty());

        FakeView cut = waitingInACircle(3);
        cut.unprocessed[0] = 0b010; // a has not processed the cut of its port 1: its win from b is stale
        assertTrue(check(cut).isEmpty());

        FakeView gone = waitingInACircle(3);
        gone.peer[2][1] = -1; // c's port 1 leads nowhere
        assertTrue(check(gone).isEmpty());
    }

    @Test
    void aCycleThatDoesNotStartAtTheFirstNodeIsFound() {
        // a waits on b, which is in a cycle with c
        FakeView v = ring(3);
        s(v, 0).state(LmeState.State.COMPETE);
        s(v, 0).W(0b010);
        for (int i = 1; i <= 2; i++) {
            s(v, i).state(LmeState.State.COMPETE);
            s(v, i).P(0b001);
        }
        s(v, 1).W(0b010);  // b → c's participant
        s(v, 2).W(0b100);  // c → b's participant
        Violation found = check(v).get(0);
        assertEquals(List.of(1, 2), found.nodes());
        assertEquals("waits-for cycle: b's participant → b's initiator → c's participant → c's initiator → b's participant",
                found.message());
    }

    @Test
    void nobodyWaitingIsNoCycle() {
        assertTrue(check(ring(4)).isEmpty());
    }

    /**
     * A run's instance reuses its visit marks from round to round (a stamp raised each search,
     * cleared when it would overflow): over 70,000 ends of round, whose graph alternates between a
     * cycle and none, told the changes or not, it reports what a fresh full pass reports each time:
     * searching from one changed node of 40, and peeling the whole graph when all changed.
     */
    @Test
    void aRunsSearchReportsTheSameRoundAfterRound() {
        FakeView v = waitingInACircle(40);
        dev.lockstep.core.Check running = new AcyclicDependenciesCheck().forRun();
        int[] all = java.util.stream.IntStream.range(0, 40).toArray();
        int found = 0;
        for (int round = 0; round < 70_000; round++) {
            boolean cycle = round % 5 < 2;
            s(v, 2).P(cycle ? 0b001 : 0);
            List<Violation> out = new ArrayList<>();
            running.endOfRound(v, round % 7 == 0 ? null : (round % 5 == 0 || round % 5 == 2) ? new int[] {2} : all, out);
            assertEquals(check(v), out, "round " + round);
            found += out.size();
        }
        assertEquals(28_000, found);
    }
}
