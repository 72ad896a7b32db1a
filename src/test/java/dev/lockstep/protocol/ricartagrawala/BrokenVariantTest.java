package dev.lockstep.protocol.ricartagrawala;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Violation;
import dev.lockstep.core.adversary.ScriptedWorkload;
import dev.lockstep.core.adversary.ScriptedWorkload.Entry;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.check.MutualExclusionCheck;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The mutual-exclusion check must catch an RA that never defers. */
class BrokenVariantTest {

    /**
     * p0 and p1 call Lock in round 0 and hold for 10 rounds; the synchronous adversary lets both
     * broadcast in round 0. Without deferral each answers the other's try, both collect all oks
     * within a few rounds and are in C together long before either exits.
     */
    private static RaHarness concurrentRequests(Protocol<?> protocol) {
        ScriptedWorkload w = new ScriptedWorkload(List.of(new Entry(0, 0, Call.LOCK, 10),
                new Entry(0, 1, Call.LOCK, 10)));
        RaHarness h = new RaHarness(protocol, 3, 5, 10_000, List.of(), w, new Synchronous());
        h.engine.runUntil(40);
        return h;
    }

    @Test
    void neverDeferringIsCaughtByTheMutualExclusionCheck() {
        NeverDefers broken = new NeverDefers();
        RicartAgrawala ra = new RicartAgrawala();
        assertNotSame(ra.actions().get(1), broken.actions().get(1), "ReceiveTry must have been replaced");
        RaHarness h = concurrentRequests(broken);
        List<Violation> me = h.sim.violations().stream()
                .filter(v -> v.check().equals(MutualExclusionCheck.NAME)).toList();
        assertEquals(1, me.size(), "one overlap episode: " + h.sim.violations());
        assertEquals(List.of(0, 1), me.get(0).nodes());
        assertEquals(2, h.sim.stats().locksAcquired());
    }

    /** The same schedule under the real protocol: p0's (1,0) precedes p1's (1,1), so p1 waits. */
    @Test
    void theRealProtocolSerializesTheSameSchedule() {
        RaHarness h = concurrentRequests(new RicartAgrawala());
        assertEquals(List.of(), h.sim.violations());
        assertEquals(List.of(0, 1), h.critOrder());
        assertTrue(h.quiescent());
    }
}
