package dev.lockstep.protocol.klme;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lockstep.core.Call;
import dev.lockstep.core.adversary.ScriptedWorkload;
import dev.lockstep.core.adversary.ScriptedWorkload.Entry;
import dev.lockstep.core.adversary.Synchronous;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Messages per critical section on a static neighbourhood of n = 4 (Sec. 5.1): none at the token
 * holder; Req_CS, Req_ack, Per_grant and Release when the leader is in CS with a resource free
 * (the paper's best case of three plus the acknowledgement); a hand-over of the idle token costs
 * Req_CS, Req_ack, Token, Token_ack and a Leader_info to each of the n − 1 others.
 */
class MessageCountTest {
    private static long messagesBetween(List<Entry> calls, int from, int to) {
        KlmeHarness h = new KlmeHarness(new Klme(2, KlmeVariant.CORRECTED), new double[] {1, 2, 3, 4},
                new double[] {1, 1, 1, 1}, 1, 1000, List.of(), new ScriptedWorkload(calls), new Synchronous());
        h.engine.runUntil(from);
        long before = h.sim.stats().messagesSent();
        h.engine.runUntil(to);
        assertEquals(List.of(), h.sim.violations());
        return h.sim.stats().messagesSent() - before;
    }

    @Test
    void theHolderPaysNothing() {
        assertEquals(0, messagesBetween(List.of(new Entry(10, 0, Call.LOCK, 2)), 10, 20));
    }

    @Test
    void aGrantWhileTheLeaderIsInCsCostsFour() {
        List<Entry> calls = List.of(new Entry(10, 0, Call.LOCK, 30), new Entry(12, 1, Call.LOCK, 3));
        assertEquals(4, messagesBetween(calls, 12, 25));
    }

    @Test
    void aHandOverOfTheIdleTokenCostsFourPlusNMinusOne() {
        assertEquals(4 + 3, messagesBetween(List.of(new Entry(10, 2, Call.LOCK, 3)), 10, 25));
    }
}
