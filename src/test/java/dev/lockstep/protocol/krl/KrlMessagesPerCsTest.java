package dev.lockstep.protocol.krl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Sent;
import dev.lockstep.core.SimulationListener;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What one critical section costs on a static line n0 - n1 - ... - n(d), k = 1, the token at n0,
 * a single request from the far end once the DAG has formed: d Requests down the line, d Tokens
 * back up, and the LinkInfos of the d token receivers (each lowers itself below its sender: the
 * handshake to the sender plus the new height to its other neighbour, the corrected variant's
 * announcement; the printed one tells only outgoing neighbours: none here, as the line above the
 * receiver is higher).
 */
class KrlMessagesPerCsTest {
    private static Map<String, Integer> oneRequest(KrlVariant v, int d) {
        KrlHarness t = new KrlHarness(new Krl(1, v), d + 1, 2);
        for (int u = 0; u < d; u++) t.link(u, u + 1);
        t.settle(4 * d + 10);
        Map<String, Integer> count = new TreeMap<>();
        t.sim.addListener(new SimulationListener() {
            @Override
            public void executed(ExecutionRecord r) {
                for (Sent s : r.sent()) count.merge(s.message().label().replaceAll("\\(.*", ""), 1, Integer::sum);
            }
        });
        t.call(d, Call.LOCK);
        t.settle(8 * d + 10);
        assertEquals(KrlState.Status.CRITICAL, t.s(d).status);
        assertTrue(t.sim.violations().isEmpty(), t.sim.violations().toString());
        return count;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void aRequestAcrossDLinksCosts(int d) {
        assertEquals(Map.of("LinkInfo", 2 * d - 1, "Request", d, "Token", d), oneRequest(KrlVariant.KRL, d));
        assertEquals(Map.of("LinkInfo", d, "Request", d, "Token", d), oneRequest(KrlVariant.KRL_PAPER, d));
    }
}
