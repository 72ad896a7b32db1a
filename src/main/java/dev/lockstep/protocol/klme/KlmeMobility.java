package dev.lockstep.protocol.klme;

import static dev.lockstep.protocol.klme.KlmePseudocode.I;
import static dev.lockstep.protocol.klme.KlmePseudocode.J;
import static dev.lockstep.protocol.klme.KlmePseudocode.K;
import static dev.lockstep.protocol.klme.KlmePseudocode.L;
import static dev.lockstep.protocol.klme.KlmePseudocode.LOSS;

import dev.lockstep.core.Execution;
import dev.lockstep.protocol.klme.KlmeMessages.IAmHere;
import dev.lockstep.protocol.klme.KlmeMessages.IAmLeaving;
import dev.lockstep.protocol.klme.KlmeMessages.LeaderInfo;
import dev.lockstep.protocol.klme.KlmeMessages.Release;
import dev.lockstep.protocol.klme.KlmeMessages.TokenAck;
import dev.lockstep.protocol.klme.KlmeMessages.TokenLost;
import dev.lockstep.protocol.klme.KlmeMessages.TokenMsg;
import dev.lockstep.protocol.klme.KlmeState.Phase;
import java.util.Arrays;
import java.util.List;

/** Events I–L of Sec. 3.4 (leaving and joining a neighbourhood) and Sec. 7's token-loss recovery. */
final class KlmeMobility {
    private final KlmeLeader leader;
    private final KlmeEvents events;
    private final KlmeVariant variant;

    KlmeMobility(KlmeLeader leader, KlmeEvents events) {
        this.leader = leader;
        this.events = events;
        this.variant = leader.variant();
    }

    /**
     * The adversary moved i into another area (the core's move call): event I in the neighbourhood
     * i leaves, then event K in the one it enters. A node in CS enters the new one waiting (Sec. 3.1).
     */
    void move(KlmeState s, Execution x) {
        s.trail.clear();
        String from = s.region;
        String to = x.region();
        if (to.equals(from)) {
            s.trail.note("is back in " + (to.isEmpty() ? "no neighbourhood" : to) + " before it acted: nothing to do");
            return;
        }
        boolean wasCs = s.state == Phase.CS;
        s.trail.line(I, 1);
        if (!from.isEmpty()) leave(s, x, from, wasCs);
        if (s.state == Phase.W) s.rn++;                               // waiting in the new neighbourhood is a new
        if (wasCs) x.lockRequested();                                 // request there (B, l. 2): no list of it
                                                                      // takes it for one served in the old one
        enter(s, x, to);
    }

    /** I. Node i is about to leave {@code from}. */
    private void leave(KlmeState s, Execution x, String from, boolean wasCs) {
        if (s.token != null && s.mThId == s.id && (wasCs || !variant.idleLeaderKeepsToken())) { // I, l. 2
            KlmeToken t = s.token;
            s.trail.line(I, 2);
            if (wasCs) {
                t.kfree++;                                            // I, l. 3
                t.free(s.id);
                s.state = Phase.W;
                s.trail.line(I, 3);
            }
            int next;
            if (!t.rQueue.isEmpty()) {                                // I, ll. 4–5
                next = t.rQueue.get(0);
                s.trail.line(I, 4, 5);
            } else {                                                  // I, ll. 6–7
                next = KlmeNet.lowestMember(s, from, t::allocated);
                if (next < 0) next = KlmeNet.lowestMember(s, from, j -> false); // all allocated: still the lowest
                s.trail.line(I, 6, 7);
            }
            if (next >= 0) {
                s.trail.line(I, 8);
                leader.handOver(s, x, next);                          // I, ll. 5/7–8
            } else {
                s.parked.put(from, t);                                // nobody is left to hand it to
                s.token = null;
                s.mThId = -1;
                s.trail.note("is the last node of " + from + " it knows of: it keeps the token for the next to enter");
            }
        } else if (wasCs) {                                           // I, l. 9
            if (s.mThId >= 0) KlmeNet.send(x, s.mThId, new Release(s.id, s.rn, from)); // I, l. 10
            s.state = Phase.W;
            s.trail.line(I, 9, 10).note("leaves CS and sends Release to {" + s.mThId + "}");
        }
        // I, l. 11: to every node, like I_am_here, so that members i does not know of yet hear it too
        KlmeNet.toAll(s, x, new IAmLeaving(s.id, list(s.nodeReqList), list(s.nodeReqVisit), list(s.nodeReleaseList),
                from, -1, s.visit));
        s.trail.line(I, 11).note("leaves " + from + " (I_am_leaving)");
    }

    /** K. Node i entering {@code to}; "the node will delete all local information before leaving" (I). */
    private void enter(KlmeState s, Execution x, String to) {
        s.left = s.region;
        s.region = to;
        s.visit++;
        s.regionOf[s.id] = to;
        KlmeNet.toAll(s, x, new IAmHere(s.id, s.state.name(), s.rn, to, false, s.visit)); // K, l. 2 (every node learns where i is)
        s.mThId = -1;                                                 // K, l. 3
        Arrays.fill(s.nodeReqList, 0);                                // K, l. 4
        Arrays.fill(s.nodeReqVisit, 0);
        s.reqAck = false;
        Arrays.fill(s.nodeReleaseList, -1);
        s.nodeLeaderNo = 0;
        Arrays.fill(s.untold, false);                                 // (an unacknowledged copy stays: see leaving)
        s.trail.line(K, 1, 2, 3, 4).note("enters " + (to.isEmpty() ? "no neighbourhood" : to)
                + " (I_am_here) " + (s.state == Phase.W ? "waiting" : "in " + s.state) + " and waits for Leader_info");
        KlmeToken kept = s.parked.remove(to);
        if (kept != null) {                                           // back in the neighbourhood it kept the token of
            s.token = kept;
            s.mThId = s.id;
            s.token.leaderNo++;                                       // a new leadership, announced: a member that
            s.nodeLeaderNo = s.token.leaderNo;                        // entered meanwhile waits for it (ExploredRacesTest)
            KlmeNet.toMembers(s, x, to, new LeaderInfo(s.id, s.token.allocList(), s.token.leaderNo, to));
            s.trail.note("takes up the token it kept for " + to + " and announces itself (Leader_info)");
            if (s.state == Phase.W) leader.takeOwn(s, x, K, 4);
        }
    }

    private static List<Integer> list(int[] a) {
        return Arrays.stream(a).boxed().toList();
    }

    /** J. Node i receives I_am_leaving(j, Node_req_list, Node_release_list). */
    void leaving(KlmeState s, Execution x) {
        IAmLeaving m = (IAmLeaving) x.receivedMessage();
        KlmeToken aside = s.afar.get(m.region());
        if (aside == null || s.afarTo.get(m.region()) != m.id() || m.tokenNo() >= 0 && m.tokenNo() != aside.leaderNo) {
            leaving(s, x, m);
            return;
        }
        KlmeToken current = s.copy;                                   // a copy set aside (KlmeState.afar) is the one
        int currentTo = s.copyTo;                                     // this I_am_leaving is about: J as for it
        int currentVisit = s.copyVisit;
        s.copy = s.afar.remove(m.region());
        s.copyTo = s.afarTo.remove(m.region());
        s.copyVisit = s.afarVisit.remove(m.region());
        leaving(s, x, m);
        if (current != null) {
            if (s.copy != null) {                                     // a recovered copy, set aside again
                s.afar.put(s.copy.region, s.copy);
                s.afarTo.put(s.copy.region, s.copyTo);
                s.afarVisit.put(s.copy.region, s.copyVisit);
            }
            s.copy = current;
            s.copyTo = currentTo;
            s.copyVisit = currentVisit;
        }
    }

    private void leaving(KlmeState s, Execution x, IAmLeaving m) {
        // the copy of the token of the neighbourhood j left: a copy of another one's token (i handed it to
        // j there before j left this one) is not lost with j (two tokens and k-exclusion broke; ExploredRacesTest)
        // and a leave of an earlier visit of j than the Token was addressed to is not its loss (ExploredRacesTest)
        boolean ofCopy = s.copy != null && s.copyTo == m.id() && s.copy.region.equals(m.region())
                && (m.tokenNo() < 0 || m.tokenNo() == s.copy.leaderNo) && m.leftVisit() >= s.copyVisit;
        if (ofCopy && !s.region.equals(m.region())) {
            s.trail.clear();
            recoverAfar(s, x, m);                                     // i left too before the token was acknowledged
            return;
        }
        if (KlmeEvents.foreign(s, x)) return;
        int j = m.id();
        s.trail.line(J, 1);
        if (ofCopy) regenerate(s, x, j);                              // Sec. 7: the token was lost with j
        if (m.tokenNo() >= 0) {
            // not a move but a dropped Token's report (KlmeEvents.token): j may still be a member
            // (the Token was meant for its earlier visit); its own I_am_leaving, if it left, does
            // J, ll. 2–7. Forgetting j here lost its stored request (ExploredRacesTest).
            if (KlmeLeader.leads(s)) leader.serve(s, x, J, 5);
            return;
        }
        int[] req = new int[s.nodeReqList.length];
        int[] vis = new int[s.nodeReqList.length];
        int[] rel = new int[s.nodeReqList.length];
        Arrays.fill(rel, -1);
        for (int q = 0; q < m.reqList().size() && q < req.length; q++) req[q] = m.reqList().get(q);
        for (int q = 0; q < m.reqVisits().size() && q < vis.length; q++) vis[q] = m.reqVisits().get(q);
        for (int q = 0; q < m.releaseList().size() && q < rel.length; q++) rel[q] = m.releaseList().get(q);
        for (int q = 0; q < s.nodeReqList.length && q < req.length; q++) { // J, l. 2
            if (req[q] > s.nodeReqList[q]) s.nodeReqVisit[q] = vis[q];
            s.nodeReqList[q] = Math.max(s.nodeReqList[q], req[q]);
            s.nodeReleaseList[q] = Math.max(s.nodeReleaseList[q], rel[q]);
        }
        // an I_am_leaving of an earlier visit of j than a request of j's that reached i since (through
        // the token or stored by C, l. 4) voids nothing of that request: the channel from j is FIFO,
        // but the request came another way (ExploredRacesTest)
        boolean storedLater = s.nodeReqVisit[j] > m.leftVisit();
        if (!storedLater) {
            s.nodeReqList[j] = 0;                                     // J, l. 3
            s.nodeReleaseList[j] = -1;
        }
        if (j < s.regionOf.length && m.region().equals(s.regionOf[j])) s.regionOf[j] = null;
        s.trail.line(J, 2, 3).note("forgets {" + j + "}, which left " + m.region());
        if (!KlmeLeader.leads(s)) return;                             // J, l. 4
        KlmeToken t = s.token;
        if (t.reqVisit[j] > m.leftVisit()) {
            s.trail.note("keeps {" + j + "}'s request " + t.reqList[j] + ": it was made in a later visit");
        } else {
            t.rQueue.remove(Integer.valueOf(j));                      // J, l. 5
            t.reqList[j] = 0;
            s.trail.line(J, 4, 5);
            if (t.free(j)) {                                          // J, ll. 6–7 (printed "i": read as j)
                t.kfree++;
                s.trail.line(J, 6, 7).note("takes back {" + j + "}'s resource (Kfree " + t.kfree + ")");
            }
        }
        req[j] = 0;
        rel[j] = -1;
        KlmeEvents.absorb(s, req, vis, rel);                          // "take corresponding actions"
        leader.serve(s, x, J, 5);
    }

    /** L. Node i receives I_am_here(j, State_j). */
    void here(KlmeState s, Execution x) {
        s.trail.clear();
        IAmHere m = (IAmHere) x.receivedMessage();
        int j = m.id();
        s.regionOf[j] = m.region();
        if (m.init()) s.home[j] = m.region();
        s.visitOf[j] = m.visit();
        s.trail.line(L, 1);
        KlmeToken kept = s.parked.remove(m.region());
        if (kept != null) {                                           // the empty neighbourhood has a member again
            kept.leaderNo++;
            KlmeNet.send(x, j, new TokenMsg(kept.copy(), false, m.visit()));
            s.keepCopy(kept, j, m.visit());
            s.trail.note("hands the token it kept for " + kept.region + " to {" + j + "}, who entered it");
        }
        if (s.region.isEmpty() || !m.region().equals(s.region)) {
            s.trail.note("notes that {" + j + "} is in " + (m.region().isEmpty() ? "no neighbourhood" : m.region()));
            return;
        }
        s.nodeReqList[j] = 0;                                         // L, l. 2
        s.trail.line(L, 2).note("adds {" + j + "} to its neighbourhood");
        if (!KlmeLeader.leads(s)) {                                   // L, l. 3
            if (!m.init()) s.untold[j] = true;                        // a newcomer: told when the token comes (H)
            return;
        }
        KlmeToken t = s.token;
        KlmeNet.send(x, j, new LeaderInfo(s.id, t.allocList(), t.leaderNo, s.region)); // L, l. 4
        s.trail.line(L, 3, 4).note("tells {" + j + "} that it leads");
        if (m.state().equals(Phase.W.name())) {                       // L, l. 5
            s.trail.line(L, 5);
            events.onRequest(s, x, j, m.rn(), m.visit());
        }
    }

    /**
     * Sec. 7, first case: the node the token was sent to left before receiving it. The old
     * holder regenerates the token from its copy. Corrected: as a new leadership (Token_leader_no
     * + 1, Leader_info), else nobody learns where the token is; printed: the copy as it was.
     */
    private void regenerate(KlmeState s, Execution x, int j) {
        s.token = s.copy;
        s.copy = null;
        s.copyTo = -1;
        s.mThId = s.id;
        s.trail.line(LOSS, 4, 5, 6).note("regenerates the token lost with {" + j + "} from its old copy");
        if (!variant.staleLeaderInfoNamesLeader()) {
            s.token.leaderNo++;
            s.nodeLeaderNo = s.token.leaderNo;
            KlmeNet.toMembers(s, x, s.region, new LeaderInfo(s.id, s.token.allocList(), s.token.leaderNo, s.region));
        }
        KlmeEvents.absorb(s, s.nodeReqList.clone(), s.nodeReqVisit.clone(), s.nodeReleaseList.clone()); // as H, ll. 3–7
        if (s.state == Phase.W) leader.takeOwn(s, x, LOSS, 6);     // a waiting regenerator is served as by H, l. 9
    }

    /**
     * Not in the paper: i handed the token over, left the neighbourhood before the acknowledgement,
     * and now hears that the receiver left too without it. i regenerates the token from its copy
     * and sends it to the lowest member of that neighbourhood it knows of (or keeps it for the next
     * to enter), so the neighbourhood does not stay without a token.
     */
    private void recoverAfar(KlmeState s, Execution x, IAmLeaving m) {
        int j = m.id();
        KlmeToken t = s.copy;
        s.copy = null;
        s.copyTo = -1;
        // a dropped Token's report from j, whom i knows in a later visit of that neighbourhood (the
        // Token was addressed to an earlier one): j is still there and can have the token (else the
        // token was kept for the next to enter while j waited in it; found with faster churn)
        boolean stayed = m.tokenNo() >= 0 && t.region.equals(s.regionOf[j]) && s.visitOf[j] > m.leftVisit();
        if (!stayed) {
            t.rQueue.remove(Integer.valueOf(j));
            if (t.free(j)) t.kfree++;
        }
        t.leaderNo++;
        int next = KlmeNet.lowestMember(s, t.region, q -> q == j && !stayed);
        s.trail.line(LOSS, 4, 5);
        if (next >= 0) {
            KlmeNet.send(x, next, new TokenMsg(t.copy(), false, s.visitOf[next]));
            s.keepCopy(t, next, s.visitOf[next]);                     // kept until acknowledged, as any hand-over
            s.trail.note("regenerates the token of " + t.region + " lost with {" + j + "} and sends it to {" + next + "}");
        } else {
            s.parked.merge(t.region, t, (a, c) -> a.leaderNo >= c.leaderNo ? a : c);
            s.trail.note("regenerates the token of " + t.region + " lost with {" + j + "} and keeps it for the next to enter");
        }
    }

    /** Sec. 7, second case: the intended receiver reports the loss; the copy goes to it again. */
    void tokenLost(KlmeState s, Execution x) {
        if (KlmeEvents.foreign(s, x)) return;
        TokenLost m = (TokenLost) x.receivedMessage();
        s.trail.line(LOSS, 9, 10);
        if (s.copy == null || s.copyTo != m.id()) {
            s.trail.note("has no copy of a token sent to {" + m.id() + "}: nothing to regenerate");
            return;
        }
        KlmeNet.send(x, m.id(), new TokenMsg(s.copy.copy(), true, s.visitOf[m.id()]));
        s.trail.note("regenerates the token from its copy and sends it to {" + m.id() + "} again");
    }

    /** Sec. 7, assumption 2: the acknowledgement lets the old holder drop its copy. */
    void tokenAck(KlmeState s, Execution x) {
        TokenAck m = (TokenAck) x.receivedMessage();
        if (s.afar.containsKey(m.region()) && s.afarTo.get(m.region()) == m.id()
                && (m.leaderNo() < 0 || m.leaderNo() == s.afar.get(m.region()).leaderNo)) {
            s.afar.remove(m.region());
            s.afarTo.remove(m.region());
            s.afarVisit.remove(m.region());
            s.trail.clear();
            s.trail.line(LOSS, 2, 3).note("drops its copy of the token of " + m.region() + ": {" + m.id() + "} has it");
            return;
        }
        boolean mine = s.copy != null && s.copyTo == m.id() && s.copy.region.equals(m.region());
        if (!mine && KlmeEvents.foreign(s, x)) return;
        s.trail.clear();
        s.trail.line(LOSS, 2, 3);
        if (mine && m.leaderNo() >= 0 && m.leaderNo() != s.copy.leaderNo) {
            s.trail.note("the acknowledgement is of an earlier Token: it keeps its copy");
        } else if (s.copyTo == m.id()) {
            s.copy = null;
            s.copyTo = -1;
            s.trail.note("drops its copy of the token: {" + m.id() + "} has it");
        }
    }
}
