package dev.lockstep.protocol.klme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.lockstep.core.Call;
import dev.lockstep.core.adversary.ScriptedWorkload;
import dev.lockstep.core.adversary.ScriptedWorkload.Entry;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.adversary.TopologyEvent;
import dev.lockstep.protocol.klme.KlmeMessages.IAmHere;
import dev.lockstep.protocol.klme.KlmeMessages.TokenMsg;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A neighbourhood nobody is in (README, "Interpretation choices", KLME): node 0 generates the
 * token of each one nobody was in at initialisation and keeps it, and a node keeps the tokens of
 * every neighbourhood it left as the last member, until it hears of a node entering.
 */
class EmptyNeighbourhoodTest {
    private static final int N = 5;

    /**
     * Nodes 3 and 4 (shown 4, 5) walk into empty B in the same round and both request there: one
     * token, the one node 0 kept, serves both. When each entering node made B's token itself, B
     * had two and {@code one-token} fired.
     */
    @Test
    void twoNodesEnteringAnEmptyNeighbourhoodAtOnceShareOneToken() {
        List<TopologyEvent> moves = List.of(new TopologyEvent.Move(30, 3, 7, 1, "test"),
                new TopologyEvent.Move(30, 4, 8, 2, "test"));
        List<Entry> calls = List.of(new Entry(40, 3, Call.LOCK, 5), new Entry(40, 4, Call.LOCK, 5));
        KlmeHarness h = new KlmeHarness(new Klme(1, KlmeVariant.CORRECTED), new double[] {1, 2, 3, 4, 1},
                new double[] {1, 2, 1, 2, 3}, 1, 1000, moves, new ScriptedWorkload(calls), new Synchronous());
        assertEquals(true, h.runAndDrain(60, 2000));
        assertEquals(List.of(), h.sim.violations());
        assertEquals(2, h.sim.stats().locksAcquired());
        assertEquals(1, new Neighbourhoods(h.sim).tokenNodes.get("B").size());
    }

    /** Node 3 moved into B before node 0's election: 0 sends it B's token at once. */
    @Test
    void nodeZeroSendsAnEmptyNeighbourhoodsTokenToWhoeverIsThereByNow() {
        KlmeState s = ExploredRacesTest.node(0);
        s.elected = false;
        s.mThId = -1;
        s.regionOf[3] = "B";
        s.visitOf[3] = 1;
        FakeExecution x = new FakeExecution(0, N, "A");
        KlmeLeader leader = new KlmeLeader(2, KlmeVariant.CORRECTED);
        new KlmeEvents(leader).elect(s, x);
        assertEquals("A", s.token.region());                          // 0 leads A, where it was
        TokenMsg b = assertInstanceOf(TokenMsg.class, x.to(3).get(0));
        assertEquals("B", b.region());
        assertEquals(1, b.visit());
        assertEquals(3, s.copyTo);                                    // kept until acknowledged (Sec. 7)
        assertEquals(List.of(), List.copyOf(s.parked.keySet()));
    }

    /**
     * Node 1 left A and then B as the last member of each: it keeps both tokens, and hands each to
     * the first node it hears entering that neighbourhood (one slot kept only the last).
     */
    @Test
    void aNodeKeepsTheTokensOfEveryNeighbourhoodItLeftEmpty() {
        KlmeState s = ExploredRacesTest.node(1);
        s.mThId = -1;
        s.region = "C";
        s.parked.put("A", new KlmeToken(1, N, "A"));
        s.parked.put("B", new KlmeToken(1, N, "B"));
        KlmeLeader leader = new KlmeLeader(1, KlmeVariant.CORRECTED);
        KlmeMobility mobility = new KlmeMobility(leader, new KlmeEvents(leader));
        FakeExecution x = new FakeExecution(1, N, "C").receiving(2, new IAmHere(2, "R", 0, "B", false, 3));
        mobility.here(s, x);
        TokenMsg b = assertInstanceOf(TokenMsg.class, x.to(2).get(0));
        assertEquals("B", b.region());
        assertEquals(3, b.visit());
        assertEquals(List.of("A"), List.copyOf(s.parked.keySet()));
        assertNull(s.token);
    }
}
