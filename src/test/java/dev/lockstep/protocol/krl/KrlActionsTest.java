package dev.lockstep.protocol.krl;

import static dev.lockstep.protocol.krl.KrlHarness.h;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Sent;
import dev.lockstep.protocol.krl.KrlState.Status;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each module of the appendix on a line n0 - n1 - n2 with k = 1 (n0 holds the token), step by step. */
class KrlActionsTest {
    private static List<String> sent(ExecutionRecord r) {
        return r.sent().stream().map(Sent::message).map(m -> m.label()).toList();
    }

    /** Round 0: the links form; LinkUp sends LinkInfo(myHeight) and marks forming (LinkUp l. 1-3). */
    private static KrlHarness line() {
        KrlHarness t = new KrlHarness(KrlVariant.KRL, 1, 3);
        t.link(0, 1);
        t.link(1, 2);
        ExecutionRecord r = t.step(1, "LinkChange");
        assertEquals(List.of("LinkInfo(1,0,1)", "LinkInfo(1,0,1)"), sent(r));
        assertEquals(0b110, t.s(1).forming);
        assertEquals(0, t.s(1).n, "N grows only when a LinkInfo arrives (LinkInfo l. 1)");
        t.step(0, "LinkChange");
        t.step(2, "LinkChange");
        t.endRound();
        t.settle(10);
        return t;
    }

    @Test
    void initialHeightsAndTheFirstExchange() {
        KrlHarness t = line();
        assertEquals(h(0, 0, 0), t.s(0).myHeight);
        assertTrue(t.s(0).tokenHolder);
        assertEquals(1, t.s(0).numTokens);
        assertEquals(h(1, 0, 1), t.s(1).myHeight, "n1 already has a lower neighbour: no reversal");
        assertEquals(h(1, 0, 2), t.s(2).myHeight);
        assertEquals(0b110, t.s(1).n);
        assertEquals(0, t.s(1).forming, "LinkInfo l. 4 resets forming");
        assertEquals(h(0, 0, 0), t.s(1).height[1]);
    }

    @Test
    void aRequestTravelsDownAndTheTokenComesBack() {
        KrlHarness t = line();
        t.call(2, Call.LOCK);
        ExecutionRecord r = t.step(2, "RequestCS");
        assertEquals(Status.WAITING, t.s(2).status);                 // RequestCS l. 1
        assertEquals(List.of(0), t.s(2).q);                         // l. 2: i itself
        assertEquals(List.of("Request(1,0,2)"), sent(r));           // l. 4, ForwardRequest l. 1-2
        assertEquals(1, t.s(2).next);
        t.endRound();
        r = t.step(1, "ReceiveRequest");
        assertEquals(List.of(2), t.s(1).q, "Request l. 3: n2 is higher, enqueued");
        assertEquals(List.of("Request(1,0,1)"), sent(r), "l. 10-11: Q = [j], forwarded");
        t.endRound();
        r = t.step(0, "ReceiveRequest");
        assertEquals(List.of("Token(0,0,0)"), sent(r), "Request l. 4-6: a holder in REMAINDER gives the token");
        assertFalse(t.s(0).tokenHolder);                            // GiveTokenToNext l. 3-5
        assertEquals(h(0, -1, 1), t.s(0).height[1]);                // l. 6
        assertFalse(t.s(0).receivedLI(1));                          // l. 7
        t.endRound();
        r = t.step(1, "ReceiveToken");
        assertEquals(h(0, -1, 1), t.s(1).myHeight, "Token l. 4-7: lowered below the sender");
        // corrected: the new height to every neighbour but j (n2), the handshake to j, then the token to n2
        assertEquals(List.of("LinkInfo(0,-1,1)", "LinkInfo(0,-1,1)", "Token(0,-1,1)"), sent(r));
        t.endRound();
        t.step(0, "ReceiveLinkInfo");
        assertTrue(t.s(0).receivedLI(1), "LinkInfo l. 6: the handshake matches the guess");
        r = t.step(2, "ReceiveLinkInfo");
        t.endRound();
        r = t.step(2, "ReceiveToken");
        assertEquals(Status.CRITICAL, t.s(2).status, "GiveTokenToNext l. 11-13: own id dequeued, enter CS");
        assertEquals(h(0, -2, 2), t.s(2).myHeight);
        assertEquals(0, t.s(2).next, "next = i while holding");
        t.endRound();
        t.settle(10);
        assertTrue(t.sim.violations().isEmpty(), t.sim.violations().toString());
    }

    @Test
    void aCutLinkMakesTheStrandedNodeRaiseItsHeight() {
        KrlHarness t = line();
        t.call(1, Call.LOCK);
        t.step(1, "RequestCS");
        t.endRound();
        t.sim.cut(0, 1);                                            // the Request is lost with the link
        ExecutionRecord r = t.step(1, "LinkChange");
        assertEquals(0b100, t.s(1).n, "LinkDown l. 1");
        // LinkDown l. 4-6: no lower neighbour left; RaiseHeight l. 1: h1 = 1 + min h1 = 2, S = ∅ keeps h2
        assertEquals(h(2, 0, 1), t.s(1).myHeight);
        assertEquals(List.of("LinkInfo(2,0,1)", "Request(2,0,1)"), sent(r), "RaiseHeight l. 4 and l. 7");
        t.endRound();
        t.step(2, "ReceiveLinkInfo");
        // n2 (1,0,2) now lower than all its neighbours and no token: RaiseHeight
        assertEquals(h(3, -1, 2).h1(), t.s(2).myHeight.h1());
    }

    @Test
    void aTokenHolderWithoutIncomingLinkLowersItself() {
        KrlHarness t = new KrlHarness(KrlVariant.KRL, 1, 2);
        t.link(0, 1);
        t.step(0, "LinkChange");
        t.step(1, "LinkChange");
        t.endRound();
        t.step(0, "ReceiveLinkInfo");
        assertEquals(h(0, 0, 0), t.s(0).myHeight, "n1 (1,0,1) is higher: n0 has an incoming link");
        KrlHarness u = new KrlHarness(KrlVariant.KRL, 2, 3);        // n0, n1 hold tokens, n2 does not
        u.link(0, 1);
        u.step(0, "LinkChange");
        u.step(1, "LinkChange");
        u.endRound();
        ExecutionRecord r = u.step(1, "ReceiveLinkInfo");
        // LinkInfo l. 8-10: n1 (0,0,1) above its only neighbour n0 (0,0,0); LowerHeight l. 1-3: h1 = 0 - 1, S = ∅
        assertEquals(h(-1, 0, 1), u.s(1).myHeight);
        assertEquals(List.of("LinkInfo(-1,0,1)"), sent(r), "LowerHeight l. 4");
    }

    @Test
    void krlfForwardsAnIdleTokenToTheLowestUnvisitedNeighbour() {
        KrlHarness t = new KrlHarness(KrlVariant.KRLF, 1, 3);
        t.link(0, 1);
        t.link(0, 2);
        t.step(0, "LinkChange");
        t.step(1, "LinkChange");
        t.step(2, "LinkChange");
        t.endRound();
        t.settle(10);
        t.call(0, Call.LOCK);
        t.step(0, "RequestCS");
        assertEquals(Status.CRITICAL, t.s(0).status);
        t.endRound();
        t.call(0, Call.UNLOCK);
        ExecutionRecord r = t.step(0, "ReleaseCS");
        // F ReleaseCS l. 2-3, PickLowest l. 3-10: n1 (1,0,1) is the lowest unvisited neighbour
        assertEquals(List.of("Token(0,0,0)"), sent(r));
        assertEquals(1, t.s(0).next);
        assertEquals(0b010, t.s(0).visited);
        assertFalse(t.s(0).tokenHolder);
        assertEquals(Status.REMAINDER, t.s(0).status);
        t.endRound();
        r = t.step(1, "ReceiveToken");
        assertEquals(0b001 << 1, t.s(1).visited, "F Token l. 1: the link to n0 is visited");
        // n1's only neighbour n0 is visited: PickLowest l. 1-2 resets, and the token goes back
        assertTrue(sent(r).contains("Token(0,-1,1)"), sent(r).toString());
    }

    /** A Token in transit on a cut edge is gone; tokens-conserved counts it as lost and stays silent. */
    @Test
    void aTokenLostOnACutIsCountedAsLost() {
        KrlHarness t = line();
        t.call(1, Call.LOCK);
        t.step(1, "RequestCS");
        t.endRound();
        assertEquals(List.of("Token(0,0,0)"), sent(t.step(0, "ReceiveRequest")));
        t.endRound();
        t.sim.cut(0, 1);
        t.settle(20);
        assertEquals(1, t.sim.tokensLost());
        assertEquals(0, t.s(0).numTokens + t.s(1).numTokens + t.s(2).numTokens, "no token left anywhere");
        assertEquals(Status.WAITING, t.s(1).status, "KRL does not regenerate tokens: 1 waits");
        assertTrue(t.sim.violations().stream().noneMatch(v -> v.check().equals(KrlTokensCheck.NAME)),
                t.sim.violations().toString());
    }
}
