package dev.lockstep.protocol.klme;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The token of one neighbourhood (Sec. 3.2.2). Node ids are scenario indices; they are shown
 * 1-based, as the paper numbers its nodes. {@code region} is not a field of the paper's token: it
 * names the neighbourhood the token serves, so that a token arriving at a node that has walked
 * away is recognised as lost (Sec. 7) and the one-token check can count per neighbourhood.
 */
public final class KlmeToken {
    /** T_alloc_id: k entries (id, request number); id -1 is a free entry {-1, 0} (GenerateToken l. 4). */
    final int[] allocId;
    final int[] allocRn;
    /** T_req_list: the latest request number of every node. */
    final int[] reqList;
    /** Not in the paper: the requester's visit (I_am_here count) each request was made in. */
    final int[] reqVisit;
    /**
     * Not in the paper: the nodes the Leader_info announcing this hand-over went to (the sender's
     * view of the neighbourhood, the sender and the receiver), so that the receiver tells the
     * members it knows of and the sender did not (H; {@code KlmeEvents.tellNewcomers}).
     */
    final boolean[] told;
    int kfree;
    /** R_Queue: ids of requests that reached the holder but are not satisfied, front first. */
    final List<Integer> rQueue;
    int leaderNo;
    final String region;

    /** GenerateToken (Sec. 3.4, ll. 3–8): k free entries, Kfree = k, an empty queue, Token_leader_no = 1. */
    KlmeToken(int k, int n, String region) {
        allocId = new int[k];
        allocRn = new int[k];
        Arrays.fill(allocId, -1);
        reqList = new int[n];
        reqVisit = new int[n];
        told = new boolean[n];
        kfree = k;
        rQueue = new ArrayList<>();
        leaderNo = 1;
        this.region = region;
    }

    private KlmeToken(KlmeToken o) {
        allocId = o.allocId.clone();
        allocRn = o.allocRn.clone();
        reqList = o.reqList.clone();
        reqVisit = o.reqVisit.clone();
        told = o.told.clone();
        kfree = o.kfree;
        rQueue = new ArrayList<>(o.rQueue);
        leaderNo = o.leaderNo;
        region = o.region;
    }

    KlmeToken copy() {
        return new KlmeToken(this);
    }

    public int kfree() { return kfree; }

    public int leaderNo() { return leaderNo; }

    public String region() { return region; }

    public List<Integer> rQueue() { return List.copyOf(rQueue); }

    /** Whether j holds an entry of T_alloc_id (any request number). */
    boolean allocated(int j) {
        for (int id : allocId) if (id == j) return true;
        return false;
    }

    /** The entry of j, or -1. */
    int entryOf(int j) {
        for (int e = 0; e < allocId.length; e++) if (allocId[e] == j) return e;
        return -1;
    }

    /** Adds (j, rn) to T_alloc_id in the first free entry; false when all k are taken. */
    boolean allocate(int j, int rn) {
        for (int e = 0; e < allocId.length; e++) {
            if (allocId[e] == -1) {
                allocId[e] = j;
                allocRn[e] = rn;
                return true;
            }
        }
        return false;
    }

    /** Frees j's entry; whether there was one. */
    boolean free(int j) {
        int e = entryOf(j);
        if (e < 0) return false;
        allocId[e] = -1;
        allocRn[e] = 0;
        return true;
    }

    /** T_alloc_id as the paper writes it: "3,1 -1,0" (ids 1-based). */
    String allocText() {
        return allocText(allocList());
    }

    /** T_alloc_id as (id, rn) pairs flattened, for Leader_info. */
    List<Integer> allocList() {
        List<Integer> out = new ArrayList<>();
        for (int e = 0; e < allocId.length; e++) {
            out.add(allocId[e]);
            out.add(allocRn[e]);
        }
        return List.copyOf(out);
    }

    /** (id, rn) pairs as the paper's Table 1 writes T_alloc_id: "3,1 -1,0" (ids 1-based). */
    static String allocText(List<Integer> alloc) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i + 1 < alloc.size(); i += 2) {
            if (b.length() > 0) b.append(' ');
            int id = alloc.get(i);
            b.append(id < 0 ? -1 : id + 1).append(',').append(alloc.get(i + 1));
        }
        return b.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KlmeToken t && kfree == t.kfree && leaderNo == t.leaderNo && region.equals(t.region)
                && Arrays.equals(allocId, t.allocId) && Arrays.equals(allocRn, t.allocRn)
                && Arrays.equals(reqList, t.reqList) && Arrays.equals(reqVisit, t.reqVisit) && Arrays.equals(told, t.told) && rQueue.equals(t.rQueue);
    }

    @Override
    public int hashCode() {
        int h = Arrays.hashCode(allocId) * 31 + Arrays.hashCode(allocRn);
        h = h * 31 + Arrays.hashCode(reqList) + 3 * Arrays.hashCode(reqVisit) + 5 * Arrays.hashCode(told);
        h = h * 31 + rQueue.hashCode();
        h = h * 31 + kfree;
        h = h * 31 + leaderNo;
        return h * 31 + region.hashCode();
    }
}
