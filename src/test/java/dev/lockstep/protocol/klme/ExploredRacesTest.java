package dev.lockstep.protocol.klme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.protocol.klme.KlmeMessages.LeaderInfo;
import dev.lockstep.protocol.klme.KlmeMessages.TokenMsg;
import dev.lockstep.protocol.klme.KlmeState.Phase;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Races that {@link KlmeProperties} found with fresh seeds (-Dlockstep.explore), each as the
 * smallest state that shows it and as the property's shrunk sample, so that each fails on the
 * code before its fix (README, "Interpretation choices", KLME).
 */
class ExploredRacesTest {
    private static final int N = 5;

    /** Node i, elected, everybody in A as far as it knows, every visit 0. */
    static KlmeState node(int i) {
        KlmeState s = new KlmeState();
        s.id = i;
        s.ready = true;
        s.elected = true;
        s.region = "A";
        s.regionOf = new String[] {"A", "A", "A", "A", "A"};
        s.home = s.regionOf.clone();
        s.visitOf = new int[N];
        s.untold = new boolean[N];
        s.nodeReqList = new int[N];
        s.nodeReqVisit = new int[N];
        s.nodeReleaseList = new int[] {-1, -1, -1, -1, -1};
        s.mThId = 0;
        s.nodeLeaderNo = 1;
        return s;
    }

    /**
     * Node 2 (shown 2) walked into A (its second visit) and its request reached the holder then,
     * which queued it with that visit; the token moved on to node 2 (shown 3), whom 2's I_am_here
     * has not reached yet. When 3 leaves CS, its Token must be addressed to the visit the request
     * was made in, not to the earlier one 3 still knows of: 2 would drop it as meant for its
     * earlier visit, and its acknowledged request would be lost (a deadlock; before the fix, the
     * property's case n = 5, k = 1, seed 9800 below).
     */
    @Test
    void aTokenGoesToTheVisitTheQueuedRequestWasMadeIn() {
        KlmeState holder = node(2);
        holder.mThId = 2;
        holder.token = new KlmeToken(1, N, "A");
        holder.token.reqList[1] = 9;
        holder.token.reqVisit[1] = 1;                                 // queued by an earlier holder in 1's visit 1
        holder.token.rQueue.add(1);
        holder.state = Phase.CS;
        holder.token.kfree = 0;
        holder.token.allocate(2, 1);
        holder.rn = 1;
        FakeExecution x = new FakeExecution(2, N, "A");
        new KlmeEvents(new KlmeLeader(1, KlmeVariant.CORRECTED)).exit(holder, x);
        TokenMsg token = assertInstanceOf(TokenMsg.class, x.to(1).get(0)); // F, l. 8
        assertEquals(1, token.visit());

        KlmeState requester = node(1);
        requester.visit = 1;
        requester.state = Phase.W;
        requester.rn = 9;
        FakeExecution y = new FakeExecution(1, N, "A").receiving(2, token);
        new KlmeEvents(new KlmeLeader(1, KlmeVariant.CORRECTED)).token(requester, y);
        assertEquals(Phase.CS, requester.state);                      // H: it takes the token and enters
    }

    /**
     * Node 4 (shown 5) walked into A while the token changed hands: its I_am_here reached the
     * holder (0) only after 0 handed the token to 5, and reached 5 while 5 was not yet in A (or
     * not yet told anything). 0's Leader_info went to the members 0 knew, without 4; 5 must tell
     * 4 when the token arrives, else 4 waits for good (before the fix, the property's case n = 7,
     * k = 3, seed 30857, Sequential, below).
     */
    @Test
    void theNewHolderTellsTheMembersTheOldHoldersLeaderInfoMissed() {
        KlmeState old = node(0);
        old.token = new KlmeToken(3, N, "A");
        old.regionOf[4] = "B";                                        // 4's I_am_here has not reached 0 yet
        old.state = Phase.CS;
        old.rn = 1;
        old.token.kfree = 2;
        old.token.allocate(0, 1);
        old.token.reqList[3] = 1;
        old.token.rQueue.add(3);
        FakeExecution x = new FakeExecution(0, N, "A");
        new KlmeEvents(new KlmeLeader(3, KlmeVariant.CORRECTED)).exit(old, x);   // F, ll. 6–9
        assertEquals(List.of(), x.to(4));
        TokenMsg token = assertInstanceOf(TokenMsg.class, x.to(3).get(0));

        KlmeState next = node(3);                                     // knows 4 is in A (its I_am_here came)
        next.state = Phase.W;
        next.rn = 1;
        FakeExecution y = new FakeExecution(3, N, "A").receiving(0, token);
        new KlmeEvents(new KlmeLeader(3, KlmeVariant.CORRECTED)).token(next, y);
        assertEquals(1, y.to(4).size());
        LeaderInfo told = assertInstanceOf(LeaderInfo.class, y.to(4).get(0));
        assertEquals(3, told.leader());
        assertEquals(List.of(), y.to(1));                             // 1 and 2 had 0's Leader_info
        assertEquals(List.of(), y.to(2));
    }

    @Test
    void thePropertysSampleForTheMissedNewcomer() {
        KlmeHarness h = KlmeProperties.harness(7, 3, 30857, new Sequential(), 0.27, 11, KlmeVariant.CORRECTED);
        assertEquals(true, h.runAndDrain(200, 20 * 40 * 49));
        assertEquals(List.of(), h.sim.violations());
    }

    /**
     * Node 0 (shown 1) leaves A, enters B and comes back to A while the holder of A, 6, still
     * believes it in its first visit: 6 hands it A's token addressed to that visit (it served a
     * request 0 made then), then 0's old I_am_leaving reaches 6, which regenerates the token
     * (Sec. 7, case 1). The Token in transit is dead — 0 drops it as meant for its earlier visit
     * (KlmeEvents.foreign) — so A has one token, not two: before the fix {@code one-token} counted
     * the dead one (the property's case n = 7, k = 2, seed 2, Sequential). The token that 0 drops
     * must be the only other one ever seen, and A ends with one.
     */
    @Test
    void aTokenAddressedToAnEndedVisitIsNotASecondToken() {
        KlmeHarness h = KlmeProperties.harness(7, 2, 2, new Sequential(), 0.4, 11, KlmeVariant.CORRECTED);
        List<String> dropped = new java.util.ArrayList<>();
        h.sim.addListener(new dev.lockstep.core.SimulationListener() {
            @Override
            public void executed(dev.lockstep.core.ExecutionRecord r) {
                if (r.received() != null && r.received().message() instanceof TokenMsg t && t.visit() >= 0
                        && ((KlmeState) r.state()).visit != t.visit() && t.region().equals(((KlmeState) r.state()).region)) {
                    dropped.add(r.node() + ":" + t.region() + ":" + t.label());
                }
            }
        });
        assertEquals(true, h.runAndDrain(200, 20 * 40 * 49));
        assertEquals(List.of(), h.sim.violations());
        assertEquals(List.of("0:A:Token(3, Kfree 1)"), dropped);
        assertEquals("{A=[1], B=[2]}", h.tokens());
    }

    /**
     * Node 1 (shown 2) leads B, walks into A and hands B's token to 2, which walks away too before
     * it arrives; meanwhile 1 is handed A's token and hands it on, and the copy of that hand-over
     * replaced the unacknowledged copy of B's token: 2's report of the loss found nothing to
     * regenerate and B stayed without a token for good (the property's case n = 7, k = 1, seed
     * 73564, Sequential). Now the copy of B's token is set aside and recovered.
     */
    @Test
    void aCopyOfTheTokenOfAnEarlierNeighbourhoodSurvivesTheNextHandOver() {
        KlmeHarness h = KlmeProperties.harness(7, 1, 73564, new Sequential(), 0.05, 7, KlmeVariant.CORRECTED);
        assertEquals(true, h.runAndDrain(200, 20 * 40 * 49));
        assertEquals(List.of(), h.sim.violations());
        assertEquals("{A=[4], B=[6]}", h.tokens());                  // one token each
    }

    /**
     * Node 4 (shown 5) walked into A waiting; the leader then (an earlier one) served its request
     * 6 by L, l. 5, and the token's T_req_list says so. 4's I_am_here reaches the current leader 0
     * late: L, l. 2 zeroes Node_req_list[4], so C, l. 2 alone would grant request 6 again, and 4,
     * waiting with a later request, would enter on it beyond k (the property's case n = 7, k = 2,
     * seed 75, SemiSynchronous: three of B in CS).
     */
    @Test
    void aLateIAmHereDoesNotGrantARequestTheTokenHasServed() {
        KlmeState l = node(0);
        l.token = new KlmeToken(2, N, "A");
        l.state = Phase.CS;
        l.rn = 1;
        l.token.kfree = 1;
        l.token.allocate(0, 1);
        l.token.reqList[4] = 6;                                       // served (and released) before
        l.visitOf[4] = 1;
        KlmeLeader leader = new KlmeLeader(2, KlmeVariant.CORRECTED);
        FakeExecution x = new FakeExecution(0, N, "A").receiving(4,
                new KlmeMessages.IAmHere(4, "W", 6, "A", false, 1));
        new KlmeMobility(leader, new KlmeEvents(leader)).here(l, x);
        assertEquals(1, l.token.kfree);
        assertEquals(List.of(), x.to(4).stream().filter(m -> !(m instanceof LeaderInfo)).toList());
    }

    @Test
    void thePropertysSampleForTheLateIAmHere() {
        KlmeHarness h = KlmeProperties.harness(7, 2, 75, new SemiSynchronous(0.5), 0.39, 7, KlmeVariant.CORRECTED);
        assertEquals(true, h.runAndDrain(200, 20 * 40 * 49));
        assertEquals(List.of(), h.sim.violations());
    }

    /**
     * Node 1 (shown 2) dropped a Token meant for its earlier visit to A and reported it with an
     * I_am_leaving naming the Token (KlmeEvents.token); it is still in A. The report must not make
     * the receiver forget 1's membership and stored request (J, ll. 2–3 are for a move): else the
     * request is absorbed nowhere and rejected as stale when resent (the property's case n = 7,
     * k = 2, seed 2282180297, Sequential: 2 waits for good).
     */
    @Test
    void aDroppedTokensReportIsNotALeave() {
        KlmeState s = node(3);
        s.nodeReqList[1] = 7;                                         // 1's request, stored by C, l. 4
        KlmeLeader leader = new KlmeLeader(2, KlmeVariant.CORRECTED);
        FakeExecution x = new FakeExecution(3, N, "A").receiving(1,
                new KlmeMessages.IAmLeaving(1, List.of(), List.of(), List.of(), "A", 5, 0));
        new KlmeMobility(leader, new KlmeEvents(leader)).leaving(s, x);
        assertEquals("A", s.regionOf[1]);
        assertEquals(7, s.nodeReqList[1]);
    }

    @Test
    void thePropertysSampleForTheDroppedTokensReport() {
        KlmeHarness h = KlmeProperties.harness(7, 2, 2282180297L, new Sequential(), 0.33, 9, KlmeVariant.CORRECTED);
        assertEquals(true, h.runAndDrain(200, 20 * 40 * 49));
        assertEquals(List.of(), h.sim.violations());
    }

    /**
     * As above, but the old holder (0, shown 1) is back in the neighbourhood whose token copy it
     * set aside when the loss is reported (4 left A before A's Token reached it): 0 regenerates
     * it there, else A stays without a token (the property's case n = 7, k = 2, seed
     * -6329111525967030641, Sequential).
     */
    @Test
    void aCopySetAsideIsRecoveredByAnOldHolderBackInItsNeighbourhood() {
        KlmeHarness h = KlmeProperties.harness(7, 2, -6329111525967030641L, new Sequential(), 0.13, 7,
                KlmeVariant.CORRECTED);
        assertEquals(true, h.runAndDrain(200, 20 * 40 * 49));
        assertEquals(List.of(), h.sim.violations());
    }

    /**
     * A Per_grant of node 1's request 4 arrives late, when 1 waits with request 5: it must not
     * enter on it (its Release of 5 would then free another node's entry, and three of B were in
     * CS with k = 2: the property's case n = 7, k = 2, seed 486401424, SemiSynchronous).
     */
    @Test
    void aLateGrantOfAnEarlierRequestHasNoEffect() {
        KlmeState s = node(1);
        s.state = Phase.W;
        s.rn = 5;
        FakeExecution x = new FakeExecution(1, N, "A").receiving(0, new KlmeMessages.PerGrant("A", 0, 4));
        KlmeEvents events = new KlmeEvents(new KlmeLeader(2, KlmeVariant.CORRECTED));
        events.perGrant(s, x);
        assertEquals(Phase.W, s.state);
        events.perGrant(s, new FakeExecution(1, N, "A").receiving(0, new KlmeMessages.PerGrant("A", 0, 5)));
        assertEquals(Phase.CS, s.state);                              // E, l. 2
    }

    @Test
    void thePropertysSampleForTheLateGrant() {
        KlmeHarness h = KlmeProperties.harness(7, 2, 486401424, new SemiSynchronous(0.5), 0.5, 12, KlmeVariant.CORRECTED);
        assertEquals(true, h.runAndDrain(200, 20 * 40 * 49));
        assertEquals(List.of(), h.sim.violations());
    }

    /**
     * Node 3 (shown 4) handed B's token to 0 as it walked into A; then 0's old I_am_leaving of A
     * reaches it. The copy it keeps is B's, for 0's visit to B: it is not lost with 0's leaving A,
     * and regenerating it in A made two tokens there (the property's case n = 6, k = 1, seed
     * -11199, Sequential: two of A in CS with k = 1).
     */
    @Test
    void aCopyOfAnotherNeighbourhoodsTokenIsNotLostWithALeaverOfThisOne() {
        KlmeState s = node(3);
        s.mThId = 0;
        s.copy = new KlmeToken(1, N, "B");
        s.copyTo = 0;
        KlmeLeader leader = new KlmeLeader(1, KlmeVariant.CORRECTED);
        FakeExecution x = new FakeExecution(3, N, "A").receiving(0,
                new KlmeMessages.IAmLeaving(0, List.of(), List.of(), List.of(), "A", -1, 0));
        new KlmeMobility(leader, new KlmeEvents(leader)).leaving(s, x);
        assertEquals(null, s.token);
        assertEquals(0, s.copyTo);
    }

    @Test
    void thePropertysSampleForTheCopyOfAnotherNeighbourhood() {
        KlmeHarness h = KlmeProperties.harness(6, 1, -11199, new Sequential(), 0.16, 6, KlmeVariant.CORRECTED);
        assertEquals(true, h.runAndDrain(200, 20 * 40 * 36));
        assertEquals(List.of(), h.sim.violations());
    }

    /**
     * Node 1 (shown 2) handed B's token to 3 twice; 3's acknowledgement of the first Token arrives
     * after the second was sent. It must not drop the copy of the second: 3 had walked away and
     * dropped it, and its report then found nothing to regenerate — B stayed without a token (the
     * property's case n = 4, k = 1, seed 1639, Asynchronous).
     */
    @Test
    void aLateAcknowledgementOfAnEarlierTokenKeepsTheCopyOfTheLaterOne() {
        KlmeState s = node(1);
        s.region = "B";
        s.copy = new KlmeToken(1, N, "B");
        s.copy.leaderNo = 13;
        s.copyTo = 3;
        KlmeLeader leader = new KlmeLeader(1, KlmeVariant.CORRECTED);
        KlmeMobility mobility = new KlmeMobility(leader, new KlmeEvents(leader));
        mobility.tokenAck(s, new FakeExecution(1, N, "B").receiving(3, new KlmeMessages.TokenAck(3, "B", 11)));
        assertEquals(3, s.copyTo);
        mobility.tokenAck(s, new FakeExecution(1, N, "B").receiving(3, new KlmeMessages.TokenAck(3, "B", 13)));
        assertEquals(null, s.copy);                                   // Sec. 7, assumption 2
    }

    @Test
    void thePropertysSampleForTheLateAcknowledgement() {
        KlmeHarness h = KlmeProperties.harness(4, 1, 1639, new dev.lockstep.core.adversary.Asynchronous(0.5, 3), 0.41,
                11, KlmeVariant.CORRECTED);
        assertEquals(true, h.runAndDrain(200, 20 * 40 * 16));
        assertEquals(List.of(), h.sim.violations());
    }

    /**
     * Node 1 (shown 2) recovered B's token while away and kept it (no member of B it knew of);
     * node 4 entered B meanwhile and waits for a leader. Taking the token up again on its return
     * to B, 1 must announce itself, else 4 waits for good (the property's case n = 6, k = 3, seed
     * 14811113616352, Sequential).
     */
    @Test
    void aNodeTakingUpItsKeptTokenAnnouncesItself() {
        KlmeState s = node(1);
        s.mThId = -1;
        s.parked.put("B", new KlmeToken(3, N, "B"));
        s.parked.get("B").leaderNo = 5;
        s.regionOf[4] = "B";
        s.regionOf[1] = "A";
        KlmeLeader leader = new KlmeLeader(3, KlmeVariant.CORRECTED);
        FakeExecution x = new FakeExecution(1, N, "A");
        x.region = "B";
        new KlmeMobility(leader, new KlmeEvents(leader)).move(s, x);
        assertEquals("B", s.region);
        LeaderInfo told = assertInstanceOf(LeaderInfo.class,
                x.to(4).stream().filter(m -> m instanceof LeaderInfo).findFirst().orElse(null));
        assertEquals(1, told.leader());
        assertEquals(6, told.leaderNo());
    }

    @Test
    void thePropertysSampleForTheKeptToken() {
        KlmeHarness h = KlmeProperties.harness(6, 3, 14811113616352L, new Sequential(), 0.12, 11, KlmeVariant.CORRECTED);
        assertEquals(true, h.runAndDrain(200, 20 * 40 * 36));
        assertEquals(List.of(), h.sim.violations());
    }

    /** The property's shrunk sample for the race above (SemiSynchronous, a move into A at round 193). */
    @Test
    void thePropertysSampleForIt() {
        KlmeHarness h = KlmeProperties.harness(5, 1, 9800, new SemiSynchronous(0.5), 0.23, 10, KlmeVariant.CORRECTED);
        assertEquals(true, h.runAndDrain(200, 20 * 40 * 25));
        assertEquals(List.of(), h.sim.violations());
    }

    /**
     * Node 1 (shown 2) walked back into A (its visit 1) and sent Req_CS to node 3, which it
     * believed to lead, before its I_am_here reached 3: 3 does not hold the token and stores the
     * request (C, l. 4) while it still knows 1 in its visit 0. When the token comes to 3, the
     * stored request joins R_Queue (H, ll. 3–7) and 3, in R, hands the token to 1: the Token must
     * be addressed to visit 1, in which the request was made — addressed to visit 0, 1 drops it
     * and its request is lost (before the fix, the property's case n = 7, k = 2, seed
     * Long.MAX_VALUE, Sequential, below). So Req_CS carries the requester's visit.
     */
    @Test
    void aStoredRequestKeepsTheVisitItWasMadeIn() {
        KlmeState s = node(3);
        s.mThId = 0;
        KlmeLeader leader = new KlmeLeader(2, KlmeVariant.CORRECTED);
        KlmeEvents events = new KlmeEvents(leader);
        events.reqCs(s, new FakeExecution(3, N, "A").receiving(1, new KlmeMessages.ReqCs(1, 4, "A", 1)));
        assertEquals(4, s.nodeReqList[1]);                            // C, l. 4
        KlmeToken t = new KlmeToken(2, N, "A");
        t.leaderNo = 2;
        FakeExecution y = new FakeExecution(3, N, "A").receiving(0, new TokenMsg(t, true, 0));
        events.token(s, y);
        TokenMsg handed = assertInstanceOf(TokenMsg.class,
                y.to(1).stream().filter(m -> m instanceof TokenMsg).findFirst().orElse(null));
        assertEquals(1, handed.visit());
        assertEquals(List.of(), handed.token().rQueue());
    }

    /** The property's sample for the stored request without a visit (above). */
    @Test
    void thePropertysSampleForTheStoredRequest() {
        KlmeHarness h = KlmeProperties.harness(7, 2, Long.MAX_VALUE, new Sequential(), 0.17, 11, KlmeVariant.CORRECTED);
        assertEquals(true, h.runAndDrain(200, 20 * 40 * 49));
        assertEquals(List.of(), h.sim.violations());
    }

    /**
     * Node 5 (shown 6) handed A's token to node 0 (shown 1), addressed to 0's visit 2 (0's request
     * of that visit came with the token), and keeps a copy (Sec. 7). 0's I_am_leaving of its
     * visit 0 — sent when it left A long before — reaches 5 only now (the channel is FIFO, but the
     * request travelled a faster way, through the token). It is not the Token's loss: 5 must keep
     * its copy, not regenerate a second token (before the fix, the property's case n = 7, k = 1,
     * seed Long.MAX_VALUE, Sequential, below: one-token and leader-number fired). The same
     * I_am_leaving of visit 2 is the loss.
     */
    @Test
    void anI_am_leavingOfAnEarlierVisitIsNotTheLossOfATokenSentToALaterOne() {
        KlmeLeader leader = new KlmeLeader(1, KlmeVariant.CORRECTED);
        for (int leftVisit : new int[] {0, 2}) {
            KlmeState s = node(4);
            s.mThId = 0;
            s.keepCopy(new KlmeToken(1, N, "A"), 0, 2);
            FakeExecution x = new FakeExecution(4, N, "A").receiving(0,
                    new KlmeMessages.IAmLeaving(0, List.of(), List.of(), List.of(), "A", -1, leftVisit));
            new KlmeMobility(leader, new KlmeEvents(leader)).leaving(s, x);
            assertEquals(leftVisit == 2, s.token != null, "regenerated on a leave of visit " + leftVisit);
            assertEquals(leftVisit == 0, s.copy != null);
        }
    }

    /**
     * The same late I_am_leaving at the holder, with 0's request of visit 2 queued in the token
     * (J, ll. 4–7) or stored by a non-holder (J, l. 3): the request stands. Voiding it, 0 waited
     * for good.
     */
    @Test
    void anI_am_leavingOfAnEarlierVisitVoidsNoRequestOfALaterOne() {
        KlmeLeader leader = new KlmeLeader(1, KlmeVariant.CORRECTED);
        KlmeMobility mobility = new KlmeMobility(leader, new KlmeEvents(leader));
        KlmeState holder = node(4);
        holder.mThId = 4;
        holder.state = Phase.CS;
        holder.token = new KlmeToken(1, N, "A");
        holder.token.kfree = 0;
        holder.token.allocate(4, 1);
        holder.token.reqList[0] = 3;
        holder.token.reqVisit[0] = 2;
        holder.token.rQueue.add(0);
        KlmeMessages.IAmLeaving old = new KlmeMessages.IAmLeaving(0, List.of(), List.of(), List.of(), "A", -1, 0);
        mobility.leaving(holder, new FakeExecution(4, N, "A").receiving(0, old));
        assertEquals(List.of(0), holder.token.rQueue());
        assertEquals(3, holder.token.reqList[0]);

        KlmeState other = node(3);
        other.nodeReqList[0] = 3;
        other.nodeReqVisit[0] = 2;
        mobility.leaving(other, new FakeExecution(3, N, "A").receiving(0, old));
        assertEquals(3, other.nodeReqList[0]);
        KlmeMessages.IAmLeaving current = new KlmeMessages.IAmLeaving(0, List.of(), List.of(), List.of(), "A", -1, 2);
        mobility.leaving(other, new FakeExecution(3, N, "A").receiving(0, current));
        assertEquals(0, other.nodeReqList[0]);                        // J, l. 3 for the visit it was made in
    }

    /**
     * Node 2 (shown 3) left C after handing C's token to node 0 (shown 1), addressed to 0's visit
     * 1; 0 had meanwhile left C and come back (visit 3), so it dropped the Token as meant for its
     * earlier visit and reported it (I_am_leaving naming the Token). 2 knows 0 is in C again: it
     * must send the regenerated token to 0's current visit, not keep it for the next to enter
     * while 0 waits in C for good (found with faster churn than assumption 5, -Dklme.spacing=1:
     * n = 3, k = 1, seed 135, SemiSynchronous, three areas, below).
     */
    @Test
    void aDroppedTokensReportFromANodeStillThereSendsItTheRegeneratedToken() {
        KlmeState s = node(2);
        s.regionOf[0] = "C";
        s.visitOf[0] = 3;
        KlmeToken c = new KlmeToken(1, N, "C");
        c.leaderNo = 9;
        s.keepCopy(c, 0, 1);
        KlmeLeader leader = new KlmeLeader(1, KlmeVariant.CORRECTED);
        FakeExecution x = new FakeExecution(2, N, "A").receiving(0,
                new KlmeMessages.IAmLeaving(0, List.of(), List.of(), List.of(), "C", 9, 1));
        new KlmeMobility(leader, new KlmeEvents(leader)).leaving(s, x);
        assertEquals(1, x.to(0).size(), "the regenerated token goes to 0, still in C");
        TokenMsg again = assertInstanceOf(TokenMsg.class, x.to(0).get(0));
        assertEquals("C", again.region());
        assertEquals(3, again.visit());
        assertEquals(List.of(), List.copyOf(s.parked.keySet()));
    }

    @Test
    void theFasterChurnSampleForTheDroppedTokensReport() {
        KlmeHarness h = KlmeProperties.threeAreas(3, 1, 135, new SemiSynchronous(0.5), 0.37, 12, 1, 2);
        assertEquals(true, h.runAndDrain(200, 20 * 40 * 9));
        assertEquals(List.of(), h.sim.violations());
    }

    @Test
    void thePropertysSampleForTheEarlierVisitsLeave() {
        KlmeHarness h = KlmeProperties.harness(7, 1, Long.MAX_VALUE, new Sequential(), 0.44, 10, KlmeVariant.CORRECTED);
        h.runAndDrain(200, 20 * 40 * 49);
        assertEquals(List.of(), h.sim.violations());
    }
}
