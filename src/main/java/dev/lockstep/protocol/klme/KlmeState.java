package dev.lockstep.protocol.klme;

import dev.lockstep.core.NodeState;
import dev.lockstep.core.Variable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The data structure at node i (Sec. 3.2.1), the token when i holds it (M_T_i = 1 exactly then),
 * and what the simulation needs besides: whether i has initialised and finished the leader
 * election the paper assumes, the neighbourhood it joined, the neighbourhoods it knows the other
 * nodes to be in (from I_am_here), and the old token copy of Sec. 7.
 */
public final class KlmeState implements NodeState {
    /** State_i: CS, W (waiting) or R (remainder). */
    public enum Phase { R, W, CS }

    /** i's id (the scenario index; shown 1-based), known from Initialization on; -1 before. */
    int id = -1;
    /** The last execution's lines and notes (not behaviour: outside equals). */
    final KlmeTrail trail = new KlmeTrail();
    /** Initialization has run (and I_am_here announced i's neighbourhood to every node). */
    boolean ready;
    /** The leader election stand-in has run: i has heard where every node is. */
    boolean elected;
    /** The neighbourhood i joined last (event K); "" = outside every area, no neighbourhood. */
    String region = "";
    /** The neighbourhood i left last (event I); "" if none. */
    String left = "";
    /** How many neighbourhoods i has entered (event K), and each node's count as its I_am_here said. */
    int visit;
    int[] visitOf = new int[0];
    /** Where each node was at initialisation (the election stand-in's view; null: not heard yet). */
    String[] home = new String[0];
    /** Where i believes each node is (null: not heard yet or just left). */
    String[] regionOf = new String[0];
    /**
     * Newcomers i heard I_am_here from while it did not lead: told who leads when i receives the
     * token (else a newcomer whose I_am_here met the token in transit would wait for good).
     */
    boolean[] untold = new boolean[0];
    /** The highest Token_leader_no of a Token of each neighbourhood that reached i (kept or dropped). */
    java.util.TreeMap<String, Integer> tokenSeen = new java.util.TreeMap<>();
    int rn;
    Phase state = Phase.R;
    int[] nodeReqList = new int[0];
    /** Not in the paper: the visit each request of Node_req_list was made in (Req_CS carries it). */
    int[] nodeReqVisit = new int[0];
    /** M_Th_id_i: -1 is Ø. */
    int mThId = -1;
    boolean reqAck;
    /** Node_release_list_i: request number of the release received from j, -1 none. */
    int[] nodeReleaseList = new int[0];
    int nodeLeaderNo;
    /** The token, when M_T_i = 1. */
    KlmeToken token;
    /**
     * Tokens of neighbourhoods nobody is in, as far as i knows, by neighbourhood (not in the paper,
     * which has no rule for an empty neighbourhood): of one i left as its last member, or, at node
     * 0, of one nobody was in at initialisation. Each goes to the first node i hears entering it.
     */
    java.util.TreeMap<String, KlmeToken> parked = new java.util.TreeMap<>();
    /** Sec. 7: the old token copy, kept until {@link #copyTo} acknowledges the token (-1: none). */
    KlmeToken copy;
    int copyTo = -1;
    /**
     * Not in the paper: the visit of {@link #copyTo} the Token was addressed to, so that an
     * I_am_leaving of an earlier visit of that node, arriving late, is not taken for the Token's
     * loss (two tokens; KlmeProperties, fresh seeds; ExploredRacesTest).
     */
    int copyVisit;
    /**
     * Not in the paper, whose node leads one neighbourhood at a time: unacknowledged copies of
     * tokens of neighbourhoods i left, set aside when i handed over another neighbourhood's token
     * (one copy slot would forget them, and a loss reported later could not be recovered), with
     * the node each was sent to. Found by KlmeProperties with fresh seeds; ExploredRacesTest.
     */
    java.util.TreeMap<String, KlmeToken> afar = new java.util.TreeMap<>();
    java.util.TreeMap<String, Integer> afarTo = new java.util.TreeMap<>();
    java.util.TreeMap<String, Integer> afarVisit = new java.util.TreeMap<>();

    public KlmeState() {}

    /**
     * Keeps t, sent to j's visit {@code visit}, as the copy of Sec. 7; a copy of another
     * neighbourhood's token is set aside.
     */
    void keepCopy(KlmeToken t, int j, int visit) {
        if (copy != null && !copy.region.equals(t.region)) {
            afar.put(copy.region, copy);
            afarTo.put(copy.region, copyTo);
            afarVisit.put(copy.region, copyVisit);
        }
        copy = t;
        copyTo = j;
        copyVisit = visit;
    }

    private KlmeState(KlmeState o) {
        id = o.id;
        ready = o.ready;
        elected = o.elected;
        region = o.region;
        left = o.left;
        regionOf = o.regionOf.clone();
        home = o.home.clone();
        visit = o.visit;
        visitOf = o.visitOf.clone();
        untold = o.untold.clone();
        tokenSeen = new java.util.TreeMap<>(o.tokenSeen);
        rn = o.rn;
        state = o.state;
        nodeReqList = o.nodeReqList.clone();
        nodeReqVisit = o.nodeReqVisit.clone();
        mThId = o.mThId;
        reqAck = o.reqAck;
        nodeReleaseList = o.nodeReleaseList.clone();
        nodeLeaderNo = o.nodeLeaderNo;
        token = o.token == null ? null : o.token.copy();
        copy = o.copy == null ? null : o.copy.copy();
        for (var e : o.parked.entrySet()) parked.put(e.getKey(), e.getValue().copy());
        copyTo = o.copyTo;
        copyVisit = o.copyVisit;
        for (var e : o.afar.entrySet()) afar.put(e.getKey(), e.getValue().copy());
        afarTo.putAll(o.afarTo);
        afarVisit.putAll(o.afarVisit);
    }

    public Phase state() { return state; }

    public String region() { return region; }

    public String left() { return left; }

    public boolean ready() { return ready && elected; }

    public boolean holdsToken() { return token != null; }

    /** The token held, or null. */
    public KlmeToken token() { return token; }

    public int leader() { return mThId; }

    public int nodeLeaderNo() { return nodeLeaderNo; }

    public int rn() { return rn; }

    /** Whether i is leader by its own account (M_Th_id_i = i) — given its id. */
    public boolean leads() { return id >= 0 && mThId == id; }

    public int id() { return id; }

    @Override
    public KlmeState copy() {
        return new KlmeState(this);
    }

    @Override
    public List<Variable> variables() {
        List<Variable> v = new ArrayList<>(List.of(
                new Variable("region", region.isEmpty() ? "–" : region),
                new Variable("State", state.name()),
                new Variable("token", token == null ? "0" : "1"),
                new Variable("leader", mThId < 0 ? "Ø" : Integer.toString(mThId + 1)),
                new Variable("RN", Integer.toString(rn)),
                new Variable("Req_ack", reqAck ? "1" : "0"),
                new Variable("Node_leader_no", Integer.toString(nodeLeaderNo)),
                new Variable("Node_req_list", digits(nodeReqList)),
                new Variable("Node_release_list", releases(nodeReleaseList))));
        v.add(new Variable("Kfree", token == null ? "–" : Integer.toString(token.kfree)));
        v.add(new Variable("T_alloc_id", token == null ? "–" : token.allocText()));
        v.add(new Variable("queue", token == null ? "0" : Integer.toString(token.rQueue.size())));
        v.add(new Variable("R_Queue", token == null ? "–" : ids(token.rQueue)));
        v.add(new Variable("Token_leader_no", token == null ? "–" : Integer.toString(token.leaderNo)));
        v.add(new Variable("copy", copy == null ? "–" : "for " + (copyTo + 1)));
        v.add(new Variable("parked", parked.isEmpty() ? "–" : String.join(" ", parked.keySet())));
        return v;
    }

    /** Node_req_list as Table 1 prints it: one request number per node, "0010". */
    static String digits(int[] a) {
        if (a.length == 0) return "–";
        StringBuilder b = new StringBuilder();
        for (int r : a) b.append(r < 10 ? Integer.toString(r) : "(" + r + ")");
        return b.toString();
    }

    private static String releases(int[] a) {
        StringBuilder b = new StringBuilder();
        for (int j = 0; j < a.length; j++) {
            if (a[j] < 0) continue;
            if (b.length() > 0) b.append(' ');
            b.append(j + 1).append(',').append(a[j]);
        }
        return b.length() == 0 ? "∅" : b.toString();
    }

    static String ids(List<Integer> q) {
        if (q.isEmpty()) return "∅";
        StringBuilder b = new StringBuilder();
        for (int id : q) b.append(b.length() == 0 ? "" : " ").append(id + 1);
        return b.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KlmeState s && id == s.id && ready == s.ready && elected == s.elected && region.equals(s.region)
                && left.equals(s.left) && Arrays.equals(regionOf, s.regionOf) && Arrays.equals(home, s.home) && visit == s.visit && Arrays.equals(visitOf, s.visitOf) && Arrays.equals(untold, s.untold) && tokenSeen.equals(s.tokenSeen) && rn == s.rn && state == s.state
                && Arrays.equals(nodeReqList, s.nodeReqList) && Arrays.equals(nodeReqVisit, s.nodeReqVisit) && mThId == s.mThId && reqAck == s.reqAck
                && Arrays.equals(nodeReleaseList, s.nodeReleaseList) && nodeLeaderNo == s.nodeLeaderNo
                && Objects.equals(token, s.token) && Objects.equals(copy, s.copy) && parked.equals(s.parked) && copyTo == s.copyTo
                && copyVisit == s.copyVisit && afar.equals(s.afar) && afarTo.equals(s.afarTo) && afarVisit.equals(s.afarVisit);
    }

    @Override
    public int hashCode() {
        int h = Objects.hash(id, ready, elected, region, left, rn, state, mThId, reqAck, nodeLeaderNo, token, copy, copyTo, copyVisit, parked, afar, afarTo, afarVisit);
        h = h * 31 + Arrays.hashCode(regionOf) + 7 * Arrays.hashCode(home) + 11 * Arrays.hashCode(visitOf) + visit;
        h = h * 31 + Arrays.hashCode(untold) + tokenSeen.hashCode();
        h = h * 31 + Arrays.hashCode(nodeReqList) + 13 * Arrays.hashCode(nodeReqVisit);
        return h * 31 + Arrays.hashCode(nodeReleaseList);
    }

    @Override
    public String toString() {
        return variables().toString();
    }
}
