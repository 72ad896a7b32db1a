package dev.lockstep.protocol.klme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Message;
import dev.lockstep.protocol.klme.KlmeMessages.IAmHere;
import dev.lockstep.protocol.klme.KlmeMessages.IAmLeaving;
import dev.lockstep.protocol.klme.KlmeMessages.LeaderInfo;
import dev.lockstep.protocol.klme.KlmeMessages.PerGrant;
import dev.lockstep.protocol.klme.KlmeMessages.Release;
import dev.lockstep.protocol.klme.KlmeMessages.ReqAck;
import dev.lockstep.protocol.klme.KlmeMessages.ReqCs;
import dev.lockstep.protocol.klme.KlmeMessages.TokenLost;
import dev.lockstep.protocol.klme.KlmeMessages.TokenMsg;
import dev.lockstep.protocol.klme.KlmeState.Phase;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Events A–L and Sec. 7 one at a time, against the printed lines: four nodes 0..3 (shown 1..4)
 * all in neighbourhood A, k = 2; node 0 holds the token unless a test says otherwise.
 */
class KlmeEventsTest {
    private static final int N = 4;

    private final KlmeEvents corrected = events(KlmeVariant.CORRECTED);
    private final KlmeEvents paper = events(KlmeVariant.PAPER);

    private static KlmeEvents events(KlmeVariant v) {
        return new KlmeEvents(new KlmeLeader(2, v));
    }

    private static KlmeMobility mobility(KlmeVariant v) {
        KlmeLeader l = new KlmeLeader(2, v);
        return new KlmeMobility(l, new KlmeEvents(l));
    }

    /** Node i after Initialization and the election, everybody in A, 0 the leader. */
    private static KlmeState node(int i, boolean holder) {
        KlmeState s = new KlmeState();
        s.id = i;
        s.ready = true;
        s.elected = true;
        s.region = "A";
        s.regionOf = new String[] {"A", "A", "A", "A"};
        s.home = s.regionOf.clone();
        s.visitOf = new int[N];
        s.untold = new boolean[N];
        s.nodeReqList = new int[N];
        s.nodeReqVisit = new int[N];
        s.nodeReleaseList = new int[] {-1, -1, -1, -1};
        s.mThId = 0;
        s.nodeLeaderNo = 1;
        if (holder) s.token = new KlmeToken(2, N, "A");
        return s;
    }

    private static FakeExecution at(int i) {
        return new FakeExecution(i, N, "A");
    }

    @Test
    void aFreshLeaderInfoNamesTheLeaderAndAWaitingNodeResendsItsRequest() {
        KlmeState s = node(2, false);
        s.state = Phase.W;
        s.rn = 1;
        FakeExecution x = at(2).receiving(0, new LeaderInfo(1, List.of(-1, 0, -1, 0), 2, "A"));
        corrected.leaderInfo(s, x);
        assertEquals(1, s.mThId);                                     // A, l. 2
        assertEquals(2, s.nodeLeaderNo);                              // A, l. 4
        assertEquals(List.<Message>of(new ReqCs(2, 1, "A", 0)), x.to(1)); // A, ll. 7–8
    }

    @Test
    void aStaleLeaderInfoIsRejected_butThePrintedLine2NamesItsLeaderAnyway() {
        KlmeState s = node(2, false);
        s.mThId = 3;
        s.nodeLeaderNo = 5;
        corrected.leaderInfo(s, at(2).receiving(0, new LeaderInfo(1, List.of(), 4, "A")));
        assertEquals(3, s.mThId);
        KlmeState p = node(2, false);
        p.mThId = 3;
        p.nodeLeaderNo = 5;
        paper.leaderInfo(p, at(2).receiving(0, new LeaderInfo(1, List.of(), 4, "A")));
        assertEquals(1, p.mThId, "printed: M_Th_id = j comes before the staleness test");
        assertEquals(5, p.nodeLeaderNo);
    }

    @Test
    void bTheLeaderEntersAtOnce_othersAskTheLeader_withoutLeaderTheyWait() {
        KlmeState l = node(0, true);
        FakeExecution x = at(0);
        corrected.request(l, x);
        assertEquals(Phase.CS, l.state);                              // B, l. 5
        assertEquals(1, l.token.kfree);
        assertEquals("1,1 -1,0", l.token.allocText());                // Table 1 lists the leader
        assertTrue(x.requested && x.acquired);
        KlmeState o = node(1, false);
        FakeExecution y = at(1);
        corrected.request(o, y);
        assertEquals(List.<Message>of(new ReqCs(1, 1, "A", 0)), y.to(0)); // B, l. 9
        KlmeState lost = node(2, false);
        lost.mThId = -1;
        FakeExecution z = at(2);
        corrected.request(lost, z);
        assertTrue(z.sent.isEmpty());                                 // B, ll. 6–7
        assertEquals(Phase.W, lost.state);
    }

    @Test
    void cTheIdleLeaderHandsTheTokenOver_tokenBeforeLeaderInfo_printedTheOtherWayRound() {
        KlmeState l = node(0, true);
        FakeExecution x = at(0).receiving(2, new ReqCs(2, 1, "A", 0));
        corrected.reqCs(l, x);
        List<Message> to2 = x.to(2);
        assertInstanceOf(ReqAck.class, to2.get(0));                   // C, l. 10
        assertInstanceOf(TokenMsg.class, to2.get(1));                 // C, l. 14
        assertInstanceOf(LeaderInfo.class, to2.get(2));               // C, l. 13
        assertEquals(2, ((TokenMsg) to2.get(1)).token().leaderNo);    // C, l. 12
        assertNull(l.token);                                          // C, l. 15
        assertEquals(2, l.mThId);
        assertEquals(2, l.copyTo, "Sec. 7: the old copy is kept");
        KlmeState p = node(0, true);
        FakeExecution y = at(0).receiving(2, new ReqCs(2, 1, "A", 0));
        paper.reqCs(p, y);
        assertInstanceOf(LeaderInfo.class, y.to(2).get(1), "printed: Broadcast Leader_info, then Send Token");
        assertInstanceOf(TokenMsg.class, y.to(2).get(2));
    }

    @Test
    void cTheLeaderInCsGrantsWhileResourcesLast_thenQueues_andStoresWhenTheTokenLeft() {
        KlmeState l = node(0, true);
        corrected.request(l, at(0));                                  // leader in CS, Kfree 1
        FakeExecution x = at(0).receiving(1, new ReqCs(1, 1, "A", 0));
        corrected.reqCs(l, x);
        assertEquals(new PerGrant("A", 0, 1), x.to(1).get(1));         // C, l. 17
        assertEquals(0, l.token.kfree);
        corrected.reqCs(l, at(0).receiving(2, new ReqCs(2, 1, "A", 0)));
        assertEquals(List.of(2), l.token.rQueue);                    // C, l. 20
        corrected.reqCs(l, at(0).receiving(2, new ReqCs(2, 1, "A", 0)));
        assertEquals(List.of(2), l.token.rQueue, "C, l. 2: a stale request is rejected");
        KlmeState o = node(3, false);
        corrected.reqCs(o, at(3).receiving(2, new ReqCs(2, 4, "A", 0)));
        assertEquals(4, o.nodeReqList[2]);                            // C, l. 4
    }

    @Test
    void fTheLeaderLeavesCsAndHandsTheTokenToTheQueue_othersRelease() {
        KlmeState l = node(0, true);
        corrected.request(l, at(0));
        l.token.kfree = 0;
        l.token.rQueue.add(3);
        FakeExecution x = at(0);
        corrected.exit(l, x);
        assertEquals(Phase.R, l.state);                               // F, l. 2
        assertInstanceOf(TokenMsg.class, x.to(3).get(0));             // F, l. 8
        KlmeToken sent = ((TokenMsg) x.to(3).get(0)).token();
        assertEquals(1, sent.kfree);                                  // F, l. 4
        assertEquals("-1,0 -1,0", sent.allocText());                  // F, l. 7
        KlmeState o = node(2, false);
        o.state = Phase.CS;
        o.rn = 3;
        FakeExecution y = at(2);
        corrected.exit(o, y);
        assertEquals(List.<Message>of(new Release(2, 3, "A")), y.to(0)); // F, l. 11
    }

    @Test
    void gAReleaseFreesAndGrantsTheFront_printedWithoutKfreeMinus1() {
        for (KlmeVariant v : KlmeVariant.values()) {
            KlmeState l = node(0, true);
            l.state = Phase.CS;
            l.token.allocate(0, 1);
            l.token.allocate(1, 1);
            l.token.kfree = 0;
            l.token.rQueue.add(3);
            l.token.reqList[3] = 1;
            FakeExecution x = at(0).receiving(1, new Release(1, 1, "A"));
            events(v).release(l, x);
            assertEquals(new PerGrant("A", 0, 1), x.to(3).get(0));    // G, l. 6
            assertEquals(v == KlmeVariant.PAPER ? 1 : 0, l.token.kfree, v.json());
            assertEquals(v == KlmeVariant.PAPER ? "1,1 -1,0" : "1,1 4,1", l.token.allocText(), v.json());
        }
        KlmeState o = node(2, false);
        corrected.release(o, at(2).receiving(1, new Release(1, 2, "A")));
        assertEquals(2, o.nodeReleaseList[1]);                        // G, l. 10
    }

    @Test
    void hTheTokenTakesStoredRequestsAndReleasesIntoAccount_andAWaitingHolderEnters() {
        KlmeToken t = new KlmeToken(2, N, "A");
        t.allocate(1, 1);
        t.kfree = 1;
        t.leaderNo = 2;
        java.util.Arrays.fill(t.told, true);                          // the sender's Leader_info reached every member
        KlmeState s = node(2, false);
        s.state = Phase.W;
        s.rn = 1;
        s.nodeReqList[3] = 1;                                         // a request it stored (C, l. 4)
        s.nodeReleaseList[1] = 1;                                     // a release it stored (G, l. 10)
        FakeExecution x = at(2).receiving(0, new TokenMsg(t, true, 0));
        corrected.token(s, x);
        assertEquals(Phase.CS, s.state);                              // H, l. 9
        assertEquals("3,1 4,1", s.token.allocText(), "1's release freed its entry; 4 got the other resource");
        assertEquals(0, s.token.kfree);
        assertEquals(new PerGrant("A", 0, 1), x.to(3).get(0));       // H, l. 11
    }

    @Test
    void iAnIdleLeaderWalkingAwayHandsTheTokenOver_thePrintedOneTakesItAlong() {
        KlmeState l = node(0, true);
        l.regionOf[3] = "B";                                          // B has a member: no token to generate there
        FakeExecution x = at(0);
        x.region = "B";
        mobility(KlmeVariant.CORRECTED).move(l, x);
        assertNull(l.token);
        assertInstanceOf(TokenMsg.class, x.to(1).get(0), "the lowest id present, not in T_alloc_id (I, l. 7)");
        assertEquals("B", l.region);
        assertTrue(x.to(1).stream().anyMatch(m -> m instanceof IAmLeaving));  // I, l. 11
        assertTrue(x.to(1).stream().anyMatch(m -> m instanceof IAmHere));     // K, l. 2
        KlmeState p = node(0, true);
        p.regionOf[3] = "B";
        FakeExecution y = at(0);
        y.region = "B";
        mobility(KlmeVariant.PAPER).move(p, y);
        assertEquals("A", p.token.region, "printed I, l. 2: only a leader in CS hands the token over");
    }

    @Test
    void iANodeInCsLeavesWithARelease_andEntersTheNextNeighbourhoodWaiting() {
        KlmeState s = node(2, false);
        s.state = Phase.CS;
        s.rn = 1;
        s.regionOf[3] = "B";
        FakeExecution x = at(2);
        x.region = "B";
        mobility(KlmeVariant.CORRECTED).move(s, x);
        assertEquals(new Release(2, 1, "A"), x.to(0).get(0));         // I, l. 10
        assertEquals(Phase.W, s.state);
        assertTrue(x.requested, "hungry in the new neighbourhood");
        assertEquals(2, s.rn, "a new request there");
        assertEquals(-1, s.mThId);                                    // K, l. 3
    }

    @Test
    void sec7ALeaderInfoNamingINoTokenIsALoss_theOldHolderForwardsItsCopy() {
        KlmeState j = node(2, false);
        FakeExecution x = at(2).receiving(0, new LeaderInfo(2, List.of(), 2, "A"));
        corrected.leaderInfo(j, x);
        assertEquals(List.<Message>of(new TokenLost(2, "A")), x.to(0));
        KlmeState i = node(0, true);
        corrected.reqCs(i, at(0).receiving(2, new ReqCs(2, 1, "A", 0)));   // hands the token to 2, keeps a copy
        FakeExecution y = at(0).receiving(2, new TokenLost(2, "A"));
        mobility(KlmeVariant.CORRECTED).tokenLost(i, y);
        assertInstanceOf(TokenMsg.class, y.to(2).get(0));
        KlmeState i2 = node(0, true);
        corrected.reqCs(i2, at(0).receiving(2, new ReqCs(2, 1, "A", 0)));
        mobility(KlmeVariant.CORRECTED).leaving(i2, at(0).receiving(2, new IAmLeaving(2, List.of(), List.of(), List.of(), "A", -1, 0)));
        assertTrue(i2.token != null && i2.mThId == 0, "the receiver left: the old holder regenerates the token");
        assertFalse(i2.token.rQueue.contains(2));
    }
}
