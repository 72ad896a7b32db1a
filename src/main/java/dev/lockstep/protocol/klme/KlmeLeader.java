package dev.lockstep.protocol.klme;

import static dev.lockstep.protocol.klme.KlmePseudocode.C;
import static dev.lockstep.protocol.klme.KlmePseudocode.F;
import static dev.lockstep.protocol.klme.KlmePseudocode.INIT;

import dev.lockstep.core.Execution;
import dev.lockstep.protocol.klme.KlmeMessages.LeaderInfo;
import dev.lockstep.protocol.klme.KlmeMessages.PerGrant;
import dev.lockstep.protocol.klme.KlmeMessages.TokenMsg;
import dev.lockstep.protocol.klme.KlmeState.Phase;

/** What the token holder does with the token, shared by several events: grant, hand over, generate. */
final class KlmeLeader {
    private final int k;
    private final KlmeVariant variant;

    KlmeLeader(int k, KlmeVariant variant) {
        this.k = k;
        this.variant = variant;
    }

    KlmeVariant variant() {
        return variant;
    }

    /** Whether i holds the token and believes itself leader (the paper's test M_Th_id_i = i). */
    static boolean leads(KlmeState s) {
        return s.mThId == s.id && s.token != null;
    }

    /** Enter CS (the application's Unlock is "Exit CS", event F). */
    static void enter(KlmeState s, Execution x) {
        s.state = Phase.CS;
        x.lockAcquired();
    }

    /**
     * One resource to j (C, ll. 17–18): Kfree − 1, (j, RN_j) into T_alloc_id, Per_grant — or, when
     * j is the holder itself (its own request was queued), it enters CS at once.
     */
    void grant(KlmeState s, Execution x, int j) {
        KlmeToken t = s.token;
        t.kfree--;
        t.allocate(j, j == s.id ? s.rn : t.reqList[j]);
        if (j == s.id) {
            s.reqAck = true;
            enter(s, x);
            s.trail.note("{" + j + "} takes a free resource itself and enters CS");
        } else {
            KlmeNet.send(x, j, new PerGrant(t.region, requestVisit(s, j), t.reqList[j]));
            s.trail.note("grants {" + j + "} a resource (Per_grant)");
        }
    }

    /** H, ll. 10–11 and "take corresponding actions": free resources to the queue's front, FIFO. */
    void grantWhileFree(KlmeState s, Execution x) {
        KlmeToken t = s.token;
        while (t.kfree > 0 && !t.rQueue.isEmpty()) grant(s, x, t.rQueue.remove(0));
    }

    /**
     * Hands the token to j (C, ll. 12–15; F, ll. 6–9): Token_leader_no + 1, the Token to j with a
     * copy kept (Sec. 7), Leader_info to the neighbourhood. The corrected order sends the Token
     * first, so by FIFO j holds it before Leader_info names j; the printed C broadcasts first.
     */
    void handOver(KlmeState s, Execution x, int j) {
        handOver(s, x, j, false);
    }

    /** {@code eventC}: the hand-over of event C, whose printed order the paper variant keeps. */
    void handOver(KlmeState s, Execution x, int j, boolean eventC) {
        KlmeToken t = s.token;
        t.leaderNo++;
        t.rQueue.remove(Integer.valueOf(j));
        LeaderInfo info = new LeaderInfo(j, t.allocList(), t.leaderNo, t.region);
        for (int q = 0; q < t.told.length; q++) t.told[q] = q == s.id || q == j || t.region.equals(s.regionOf[q]);
        TokenMsg token = new TokenMsg(t.copy(), true, requestVisit(s, j));
        if (eventC && variant.leaderInfoBeforeToken()) {
            KlmeNet.toMembers(s, x, t.region, info);
            KlmeNet.send(x, j, token);
        } else {
            KlmeNet.send(x, j, token);
            KlmeNet.toMembers(s, x, t.region, info);
        }
        s.keepCopy(t.copy(), j, token.visit());
        s.nodeLeaderNo = Math.max(s.nodeLeaderNo, t.leaderNo);
        s.mThId = j;
        s.token = null;
        s.trail.note("hands the token to {" + j + "} (Token_leader_no " + t.leaderNo + ") and broadcasts Leader_info");
    }

    /** GenerateToken (Initialization, ll. 5–10): i leads a neighbourhood that has no token. */
    void generate(KlmeState s, Execution x) {
        s.token = fresh(s.region, s.regionOf.length);
        s.mThId = s.id;
        s.nodeLeaderNo = s.token.leaderNo;
        s.trail.line(INIT, 5, 6, 7, 8, 9, 10);
        s.trail.note("generates the token of " + s.region + " (Kfree " + k + ") and broadcasts Leader_info");
        KlmeNet.toMembers(s, x, s.region, new LeaderInfo(s.id, s.token.allocList(), s.token.leaderNo, s.region));
        if (s.state == Phase.W) takeOwn(s, x, KlmePseudocode.B, 5);
    }

    /** GenerateToken (ll. 5–8) for {@code region}, of n nodes. */
    KlmeToken fresh(String region, int n) {
        return new KlmeToken(k, n, region);
    }

    /**
     * The holder itself waits and takes a resource (B, l. 5; H, l. 9): Kfree − 1, its entry in
     * T_alloc_id (Table 1 lists the leader there), enter CS. Corrected: only if Kfree > 0, else it
     * queues like any requester; printed: always.
     */
    void takeOwn(KlmeState s, Execution x, int block, int line) {
        KlmeToken t = s.token;
        t.rQueue.remove(Integer.valueOf(s.id));
        s.trail.line(block, line);
        if (t.kfree > 0 || variant.entersWithoutFreeResource()) {
            t.kfree--;
            t.allocate(s.id, s.rn);
            s.reqAck = true;
            enter(s, x);
            s.trail.note("holds the token and enters CS (Kfree " + t.kfree + ")");
        } else {
            t.rQueue.add(s.id);
            s.trail.note("holds the token but no resource is free: it queues itself");
        }
    }

    /**
     * After the holder's lists changed (H, J): the token is idle at a node in R with requests
     * queued, so it goes to the front (H, ll. 13–14); otherwise free resources go to the queue.
     */
    void serve(KlmeState s, Execution x, int block, int line) {
        if (s.token == null) return;
        if (s.state == Phase.R && !s.token.rQueue.isEmpty()) {
            s.trail.line(block, line);
            handOver(s, x, s.token.rQueue.get(0));
        } else if (s.state != Phase.R) {
            grantWhileFree(s, x);
        }
    }

    /**
     * Not in the paper: requests and grants of nodes the holder knows to have left are void (their
     * I_am_leaving reached i before the token did, so J could not remove them from it).
     */
    static void purge(KlmeState s) {
        KlmeToken t = s.token;
        t.rQueue.removeIf(j -> gone(s, j));
        for (int e = 0; e < t.allocId.length; e++) {
            int j = t.allocId[e];
            if (j >= 0 && gone(s, j)) {
                t.allocId[e] = -1;
                t.allocRn[e] = 0;
                t.kfree++;
            }
        }
    }

    /**
     * The visit a grant or Token to j is addressed to: the one j's request was made in, as the
     * token carries it, unless i has heard of a later one. i's own view alone can be stale: the
     * request may have reached an earlier holder after j's I_am_here, while j's I_am_here is still
     * on its way to i (C, l. 20 queued it there; F, l. 6 or G, l. 6 serves it here); j would then
     * drop the Token as meant for an earlier visit and its request, acknowledged, would be lost
     * (found by KlmeProperties with fresh seeds; RequestVisitTest).
     */
    static int requestVisit(KlmeState s, int j) {
        return Math.max(s.visitOf[j], s.token.reqVisit[j]);
    }

    /** j made its request in a visit it has since ended, as far as i knows. */
    private static boolean gone(KlmeState s, int j) {
        return j != s.id && !s.region.equals(s.regionOf[j]) && s.visitOf[j] >= s.token.reqVisit[j];
    }

    /** The holder leaves CS (F, ll. 3–9): Kfree + 1, its entry out of T_alloc_id, the token to the queue's front. */
    void exit(KlmeState s, Execution x) {
        KlmeToken t = s.token;
        s.trail.line(F, 3, 4);
        purge(s);
        t.kfree++;
        t.free(s.id);
        if (!t.rQueue.isEmpty()) {
            s.trail.line(F, 5, 6, 7, 8, 9);
            handOver(s, x, t.rQueue.get(0));
        } else {
            s.trail.note("keeps the idle token (Kfree " + t.kfree + ")");
        }
    }

    /** C, l. 13 line numbers of the hand-over, for the trail. */
    static void handOverLines(KlmeState s) {
        s.trail.line(C, 11, 12, 13, 14, 15);
    }
}
