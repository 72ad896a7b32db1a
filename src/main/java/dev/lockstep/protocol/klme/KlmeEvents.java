package dev.lockstep.protocol.klme;

import static dev.lockstep.protocol.klme.KlmePseudocode.A;
import static dev.lockstep.protocol.klme.KlmePseudocode.B;
import static dev.lockstep.protocol.klme.KlmePseudocode.C;
import static dev.lockstep.protocol.klme.KlmePseudocode.D;
import static dev.lockstep.protocol.klme.KlmePseudocode.E;
import static dev.lockstep.protocol.klme.KlmePseudocode.F;
import static dev.lockstep.protocol.klme.KlmePseudocode.G;
import static dev.lockstep.protocol.klme.KlmePseudocode.H;
import static dev.lockstep.protocol.klme.KlmePseudocode.INIT;
import static dev.lockstep.protocol.klme.KlmePseudocode.LOSS;

import dev.lockstep.core.Execution;
import dev.lockstep.protocol.klme.KlmeMessages.IAmHere;
import dev.lockstep.protocol.klme.KlmeMessages.IAmLeaving;
import dev.lockstep.protocol.klme.KlmeMessages.KlmeMessage;
import dev.lockstep.protocol.klme.KlmeMessages.LeaderInfo;
import dev.lockstep.protocol.klme.KlmeMessages.PerGrant;
import dev.lockstep.protocol.klme.KlmeMessages.Release;
import dev.lockstep.protocol.klme.KlmeMessages.ReqAck;
import dev.lockstep.protocol.klme.KlmeMessages.ReqCs;
import dev.lockstep.protocol.klme.KlmeMessages.TokenAck;
import dev.lockstep.protocol.klme.KlmeMessages.TokenLost;
import dev.lockstep.protocol.klme.KlmeMessages.TokenMsg;
import dev.lockstep.protocol.klme.KlmeState.Phase;
import java.util.Arrays;
import java.util.List;

/** Initialization, the election stand-in and events A–H of Sec. 3.4, executed at node i. */
final class KlmeEvents {
    private final KlmeLeader leader;
    private final KlmeVariant variant;

    KlmeEvents(KlmeLeader leader) {
        this.leader = leader;
        this.variant = leader.variant();
    }

    /**
     * A message of another neighbourhood (its receiver walked away while it was in transit) is
     * dropped: the paper's broadcasts reach one neighbourhood only.
     */
    static boolean foreign(KlmeState s, Execution x) {
        s.trail.clear();
        KlmeMessage m = (KlmeMessage) x.receivedMessage();
        if (m.visit() >= 0 && m.visit() != s.visit && m.region().equals(s.region)) {
            s.trail.note("drops it: it was meant for its earlier visit to " + s.region);
            return true;
        }
        if (m.region().equals(s.region)) return false;
        s.trail.note("drops it: it belongs to " + (m.region().isEmpty() ? "no neighbourhood" : m.region())
                + ", and " + (s.region.isEmpty() ? "it is in none" : "it is in " + s.region));
        return true;
    }

    /**
     * Initialization (ll. 1–3) at node i, and the announcement of K, l. 2: I_am_here to every node,
     * so each learns where i is (the election and every later broadcast need it).
     */
    void init(KlmeState s, Execution x) {
        s.trail.clear();
        int n = x.nodeCount();
        s.id = x.id();
        s.region = x.region();
        s.regionOf = new String[n];
        s.untold = new boolean[n];
        s.regionOf[s.id] = s.region;
        s.home = new String[n];
        s.visitOf = new int[n];
        s.home[s.id] = s.region;
        s.state = Phase.R;                                            // l. 2
        s.mThId = -1;
        s.reqAck = false;
        s.nodeReqList = new int[n];                                   // l. 3
        s.nodeReqVisit = new int[n];
        s.nodeReleaseList = new int[n];
        Arrays.fill(s.nodeReleaseList, -1);
        s.nodeLeaderNo = 0;
        s.ready = true;
        s.trail.line(INIT, 1, 2, 3).note("initialises and announces itself in "
                + (s.region.isEmpty() ? "no neighbourhood" : s.region) + " (I_am_here to every node)");
        KlmeNet.toAll(s, x, new IAmHere(s.id, s.state.name(), s.rn, s.region, true, 0));
    }

    /** Enabled once i has heard every node's initial announcement: the election can run. */
    static boolean electable(KlmeState s) {
        if (!s.ready || s.elected) return false;
        for (String r : s.home) if (r == null) return false;
        return true;
    }

    /**
     * The leader election the paper assumes (l. 4), as a stand-in: the lowest id of each
     * neighbourhood (where the nodes were at initialisation, whatever moved since) leads and calls
     * GenerateToken (ll. 5–10). Outside every area there is no neighbourhood and no token. Node 0
     * also generates the token of every neighbourhood nobody was in at initialisation and keeps
     * it for the first node to enter (not in the paper, whose neighbourhoods all have members: a
     * node entering an empty one cannot tell alone whether another entered at once, and two
     * generating their own made two tokens).
     */
    void elect(KlmeState s, Execution x) {
        s.trail.clear();
        s.elected = true;
        s.trail.line(INIT, 4);
        String home = s.home[s.id];
        boolean lowest = true;
        for (int j = 0; j < s.id; j++) lowest &= !home.equals(s.home[j]);
        if (!home.isEmpty() && lowest && home.equals(s.region)) {
            leader.generate(s, x);
        } else {
            s.trail.note(s.region.isEmpty() ? "is in no neighbourhood" : "is not the lowest id of " + s.region);
        }
        if (s.id == 0) keepEmpty(s, x);
    }

    /** Node 0's tokens of the neighbourhoods nobody was in: to the lowest node there by now, or kept. */
    private void keepEmpty(KlmeState s, Execution x) {
        for (String r : x.regions()) {
            if (Arrays.asList(s.home).contains(r)) continue;
            KlmeToken t = leader.fresh(r, s.regionOf.length);
            int next = KlmeNet.lowestMember(s, r, j -> false);
            if (next >= 0) {                                          // it moved there before this election
                KlmeNet.send(x, next, new TokenMsg(t.copy(), false, s.visitOf[next]));
                s.keepCopy(t, next, s.visitOf[next]);
                s.trail.note("generates the token of " + r + ", where nobody was, and sends it to {" + next + "}");
            } else {
                s.parked.put(r, t);
                s.trail.note("generates the token of " + r + ", where nobody is, and keeps it for the first to enter");
            }
        }
    }

    /** A. On receiving Leader_info(j, T_alloc_id, Token_leader_no). */
    void leaderInfo(KlmeState s, Execution x) {
        if (foreign(s, x)) return;
        LeaderInfo m = (LeaderInfo) x.receivedMessage();
        s.trail.line(A, 1);
        if (variant.staleLeaderInfoNamesLeader()) {
            s.mThId = m.leader();                                     // A, l. 2 (printed: before the test)
            s.trail.line(A, 2);
        }
        if (m.leaderNo() <= s.nodeLeaderNo) {                         // A, l. 3
            s.trail.line(A, 3, 9, 10).note("rejects it as stale (Token_leader_no " + m.leaderNo() + " ≤ "
                    + s.nodeLeaderNo + ")");
            return;
        }
        s.nodeLeaderNo = m.leaderNo();                                // A, l. 4
        s.trail.line(A, 3, 4);
        if (m.leader() == s.id && s.token == null
                && m.leaderNo() <= s.tokenSeen.getOrDefault(s.region, 0)) { // that Token came by already
            s.trail.note("is named leader by an old Leader_info: the token it announces came by before");
            return;
        }
        if (m.leader() == s.id && s.token == null) {                  // Sec. 7: Leader_info before the Token
            s.trail.line(LOSS, 7, 8).note("is named leader but has no token: Token_lost to {" + KlmeNet.sender(x) + "}");
            KlmeNet.send(x, KlmeNet.sender(x), new TokenLost(s.id, s.region));
            return;
        }
        s.mThId = m.leader();                                         // A, l. 2 (corrected: only when fresh)
        s.trail.line(A, 2).note("learns that {" + m.leader() + "} leads (Token_leader_no " + m.leaderNo() + ")");
        if (s.state == Phase.R && allocated(m, s.id, s.rn)) {         // A, l. 5
            KlmeNet.send(x, m.leader(), new Release(s.id, s.rn, s.region)); // A, l. 6
            s.trail.line(A, 5, 6).note("resends its Release");
        }
        if (s.state == Phase.W && !s.reqAck) {                        // A, l. 7
            KlmeNet.send(x, s.mThId, new ReqCs(s.id, s.rn, s.region, s.visit)); // A, l. 8
            s.trail.line(A, 7, 8).note("(re)sends Req_CS to {" + s.mThId + "}");
        }
    }

    private static boolean allocated(LeaderInfo m, int id, int rn) {
        for (int e = 0; e + 1 < m.alloc().size(); e += 2) {
            if (m.alloc().get(e) == id && m.alloc().get(e + 1) == rn) return true;
        }
        return false;
    }

    /** B. Node i is requesting (the application's Lock). */
    void request(KlmeState s, Execution x) {
        s.trail.clear();
        if (s.state != Phase.R) {                                     // assumption 2: one request at a time
            s.trail.note("is not in R, so the call has no effect");
            return;
        }
        s.state = Phase.W;                                            // B, l. 2
        s.reqAck = false;
        s.rn++;
        s.nodeReqList[s.id]++;                                        // B, l. 3
        s.nodeReqVisit[s.id] = s.visit;
        x.lockRequested();
        s.trail.line(B, 1, 2, 3, 4).note("requests CS (RN " + s.rn + ")");
        if (s.mThId == s.id) {                                        // B, l. 4
            if (s.token == null) {                                    // printed only: a stale Leader_info named i
                s.reqAck = true;
                KlmeLeader.enter(s, x);
                s.trail.line(B, 5).note("believes it leads, has no token, and enters CS");
                return;
            }
            s.token.reqList[s.id] = s.rn;
            leader.takeOwn(s, x, B, 5);                               // B, l. 5
        } else if (s.mThId < 0) {                                     // B, l. 6
            s.trail.line(B, 6, 7).note("knows no leader yet and waits for Leader_info");
        } else {
            KlmeNet.send(x, s.mThId, new ReqCs(s.id, s.rn, s.region, s.visit)); // B, l. 9
            s.trail.line(B, 8, 9).note("sends Req_CS to {" + s.mThId + "}");
        }
    }

    /** C. On receiving Req_CS(j, RN_j) from node j. */
    void reqCs(KlmeState s, Execution x) {
        if (foreign(s, x)) return;
        ReqCs m = (ReqCs) x.receivedMessage();
        onRequest(s, x, m.id(), m.rn(), m.requestVisit());
    }

    /**
     * C's body, also run by L, l. 5 ("act as if i has received request from node j"), for j's
     * request rnj made in j's visit {@code visit}.
     */
    void onRequest(KlmeState s, Execution x, int j, int rnj, int visit) {
        s.trail.line(C, 1, 2);
        // C, l. 2; and, not printed, against the token's T_req_list: L, l. 2 zeroes Node_req_list[j],
        // so a newcomer's I_am_here that reaches a later leader late (the earlier one served its
        // request by L, l. 5) would be granted again (k-exclusion broke; ExploredRacesTest)
        if (s.nodeReqList[j] >= rnj || KlmeLeader.leads(s) && s.token.reqList[j] >= rnj) {
            s.trail.note("rejects {" + j + "}'s request " + rnj + " as stale");
            return;
        }
        if (!KlmeLeader.leads(s)) {                                   // C, l. 3
            s.nodeReqList[j] = rnj;                                   // C, l. 4
            s.nodeReqVisit[j] = visit;
            s.trail.line(C, 3, 4).note("does not hold the token and stores {" + j + "}'s request " + rnj);
            return;
        }
        KlmeToken t = s.token;
        s.trail.line(C, 5, 6);
        if (t.free(j)) {                                              // C, ll. 6–8
            t.kfree++;
            s.trail.line(C, 7, 8);
        }
        t.reqList[j] = rnj;                                           // C, l. 9
        t.reqVisit[j] = visit;
        s.nodeReqList[j] = rnj;
        KlmeNet.send(x, j, new ReqAck(rnj, s.region, s.visitOf[j]));                     // C, l. 10
        s.trail.line(C, 9, 10).note("acknowledges {" + j + "}'s request " + rnj);
        if (s.state == Phase.R) {                                     // C, l. 11
            KlmeLeader.handOverLines(s);
            leader.handOver(s, x, j, true);                           // C, ll. 12–15
        } else if (t.kfree > 0) {                                     // C, l. 16
            s.trail.line(C, 16, 17, 18);
            t.rQueue.remove(Integer.valueOf(j));
            leader.grant(s, x, j);                                    // C, ll. 17–18
        } else {
            if (!t.rQueue.contains(j)) t.rQueue.add(j);               // C, l. 20
            s.trail.line(C, 19, 20).note("no resource is free: {" + j + "} joins R_Queue");
        }
    }

    /** D. On receiving Req_ack() from the leader. */
    void reqAck(KlmeState s, Execution x) {
        if (foreign(s, x)) return;
        ReqAck m = (ReqAck) x.receivedMessage();
        s.trail.line(D, 1, 2);
        if (m.rn() != s.rn) {
            s.trail.note("ignores it: it acknowledges request " + m.rn() + ", not its current " + s.rn);
            return;
        }
        s.reqAck = true;                                              // D, l. 2
        s.trail.note("learns that its request is acknowledged");
    }

    /** E. On receiving Per_grant(): enter CS (and exit later, on the application's Unlock: event F). */
    void perGrant(KlmeState s, Execution x) {
        if (foreign(s, x)) return;
        s.trail.line(E, 1, 2);
        if (s.state != Phase.W) {
            s.trail.note("is not waiting (" + s.state + "), so the grant has no effect");
            return;
        }
        int rn = ((PerGrant) x.receivedMessage()).rn();
        if (rn >= 0 && rn != s.rn) {                                  // a late grant of an earlier request
            s.trail.note("the grant is for its earlier request " + rn + ", not " + s.rn + ": no effect");
            return;
        }
        KlmeLeader.enter(s, x);                                       // E, l. 2
        s.trail.note("enters CS");
    }

    /** F. Node i exits from CS (the application's Unlock). */
    void exit(KlmeState s, Execution x) {
        s.trail.clear();
        if (s.state != Phase.CS) {
            s.trail.note("is not in CS, so the call has no effect");
            return;
        }
        x.unlockRequested();
        s.state = Phase.R;                                            // F, l. 2
        x.unlockCompleted();
        s.trail.line(F, 1, 2).note("exits CS");
        if (s.mThId == s.id) {                                        // F, l. 3
            if (s.token != null) leader.exit(s, x);                   // F, ll. 4–9
        } else if (s.mThId >= 0) {
            KlmeNet.send(x, s.mThId, new Release(s.id, s.rn, s.region)); // F, l. 11
            s.trail.line(F, 10, 11).note("sends Release to {" + s.mThId + "}");
        }
    }

    /** G. On receiving Release(j, RN_j) from node j. */
    void release(KlmeState s, Execution x) {
        if (foreign(s, x)) return;
        Release m = (Release) x.receivedMessage();
        int j = m.id();
        s.trail.line(G, 1, 2);
        if (!KlmeLeader.leads(s)) {                                   // G, l. 9
            s.nodeReleaseList[j] = m.rn();                            // G, l. 10
            s.trail.line(G, 9, 10).note("does not hold the token and stores {" + j + "}'s release");
            return;
        }
        KlmeToken t = s.token;
        int e = t.entryOf(j);
        if (e < 0 || t.allocRn[e] != m.rn()) {                        // G, l. 3
            s.trail.line(G, 3, 7, 8).note("rejects {" + j + "}'s release as stale");
            return;
        }
        t.free(j);                                                    // G, l. 4
        t.kfree++;
        s.trail.line(G, 3, 4).note("frees {" + j + "}'s resource (Kfree " + t.kfree + ")");
        if (t.rQueue.isEmpty()) return;                               // G, l. 5
        s.trail.line(G, 5, 6);
        int front = t.rQueue.remove(0);
        if (variant.grantWithoutAllocation() && front != s.id) {      // G, l. 6 as printed
            KlmeNet.send(x, front, new PerGrant(s.region, KlmeLeader.requestVisit(s, front), t.reqList[front]));
            s.trail.note("sends Per_grant to {" + front + "} (Kfree stays " + t.kfree + ")");
        } else {
            leader.grant(s, x, front);
        }
    }

    /** H. On receiving the Token. */
    void token(KlmeState s, Execution x) {
        TokenMsg seen = (TokenMsg) x.receivedMessage();
        s.tokenSeen.merge(seen.region(), seen.token().leaderNo, Math::max);
        if (foreign(s, x)) {                                          // i left: tell the sender (Sec. 7, case 1)
            KlmeNet.send(x, KlmeNet.sender(x), new IAmLeaving(s.id, List.of(), List.of(), List.of(), seen.region(),
                    seen.token().leaderNo, seen.visit()));
            s.trail.note("the token is lost, and it tells {" + KlmeNet.sender(x) + "} that it has left (I_am_leaving)");
            return;
        }
        TokenMsg m = (TokenMsg) x.receivedMessage();
        int from = KlmeNet.sender(x);
        if (s.token != null) {                                        // two tokens met (an empty neighbourhood's)
            s.trail.note("already holds the token of " + s.region + ": the second one is dropped");
            return;
        }
        KlmeNet.send(x, from, new TokenAck(s.id, s.region, m.token().leaderNo)); // Sec. 7, assumption 1
        s.token = m.token().copy();                                   // H, l. 2
        s.mThId = s.id;
        if (!variant.staleLeaderInfoNamesLeader()) s.nodeLeaderNo = Math.max(s.nodeLeaderNo, s.token.leaderNo);
        s.trail.line(H, 1, 2).line(LOSS, 2).note("receives the token (Token_leader_no " + s.token.leaderNo
                + ") and acknowledges it to {" + from + "}");
        if (!m.announced()) {                                         // nobody told the neighbourhood: i does
            KlmeNet.toMembers(s, x, s.region, new LeaderInfo(s.id, s.token.allocList(), s.token.leaderNo, s.region));
            s.trail.note("announces itself (Leader_info): the token was regenerated or kept");
        } else {
            tellNewcomers(s, x);
        }
        Arrays.fill(s.untold, false);
        absorb(s, s.nodeReqList, s.nodeReqVisit, s.nodeReleaseList);  // H, ll. 3–7
        s.trail.line(H, 3, 4, 5, 6, 7);
        if (s.state == Phase.W) {                                     // H, l. 8
            s.trail.line(H, 8);
            leader.takeOwn(s, x, H, 9);                               // H, l. 9
            s.trail.line(H, 10, 11);
            leader.grantWhileFree(s, x);                              // H, ll. 10–11
        } else {
            s.trail.line(H, 12, 13);
            if (s.state == Phase.R && s.token.rQueue.isEmpty()) s.trail.line(H, 15, 16).note("holds the idle token");
            leader.serve(s, x, H, 14);                                // H, ll. 13–16
        }
    }

    /**
     * Not in the paper: the newcomers whose I_am_here reached i while the token was on its way to
     * i, and the members i knows of that the sender's Leader_info did not reach (their I_am_here
     * reached the sender only after the hand-over, and i before it joined the neighbourhood),
     * learn from i that it leads (L, l. 4 for them). Without it a newcomer waits for good when its
     * I_am_here reached every holder only outside its holding period (found by KlmeProperties
     * with fresh seeds; ExploredRacesTest).
     */
    private static void tellNewcomers(KlmeState s, Execution x) {
        for (int j = 0; j < s.untold.length; j++) {
            boolean missed = j != s.id && j < s.token.told.length && !s.token.told[j];
            if (!s.untold[j] && !missed) continue;
            s.untold[j] = false;
            if (!s.region.equals(s.regionOf[j])) continue;
            KlmeToken t = s.token;
            KlmeNet.send(x, j, new LeaderInfo(s.id, t.allocList(), t.leaderNo, s.region));
            s.trail.note("tells newcomer {" + j + "} that it leads");
        }
    }

    /**
     * H, ll. 3–7 (and J's "take corresponding actions"): requests i stored while it did not hold
     * the token join R_Queue, both request lists take the later number, and releases i stored
     * free their resources. Only requests of nodes i believes still in the neighbourhood count:
     * lists carried by I_am_leaving can hold requests of nodes that left before. A request keeps
     * the visit it was made in ({@code reqVisits}): the holder's view of the requester may be older.
     */
    static void absorb(KlmeState s, int[] reqList, int[] reqVisits, int[] releaseList) {
        KlmeToken t = s.token;
        for (int j = 0; j < t.reqList.length && j < reqList.length; j++) {
            boolean member = j == s.id || s.region.equals(s.regionOf[j]); // a request of a node that left is void
            if (reqList[j] > t.reqList[j] && member) {
                t.reqList[j] = reqList[j];
                t.reqVisit[j] = j < reqVisits.length ? reqVisits[j] : s.visitOf[j];
                if (j != s.id && t.free(j)) t.kfree++;                // an older grant to j is over (C, ll. 6–8)
                if (j != s.id && !t.rQueue.contains(j)) t.rQueue.add(j);
            }
            if (t.reqList[j] > s.nodeReqList[j]) s.nodeReqVisit[j] = t.reqVisit[j];
            s.nodeReqList[j] = Math.max(s.nodeReqList[j], t.reqList[j]);
        }
        for (int e = 0; e < t.allocId.length; e++) {
            int j = t.allocId[e];
            if (j >= 0 && j < releaseList.length && releaseList[j] == t.allocRn[e]) {
                t.allocId[e] = -1;
                t.allocRn[e] = 0;
                t.kfree++;
                s.nodeReleaseList[j] = -1;
            }
        }
        KlmeLeader.purge(s);
    }
}
