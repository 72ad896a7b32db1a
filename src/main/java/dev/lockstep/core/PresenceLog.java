package dev.lockstep.core;

import java.util.Arrays;

/**
 * The connections that have ended, as intervals [link round, cut round) per node pair, for the
 * graph's {@code persisted} queries; the connections still up are the graph's own port tables.
 *
 * <p>Only the history a query can still need is kept. Queries about rounds before the horizon are
 * refused, so a connection cut at or before the horizon can never matter (it would have to last
 * past some round j ≥ i ≥ horizon). Cuts arrive in round order, so what is forgotten is always a
 * prefix: forgetting is O(1) amortized, and a long run keeps only the cuts since its oldest pending
 * request, however many rounds it lasts.
 *
 * <p>A request can stay pending for as long as the run (under heavy contention some nodes wait
 * hundreds of rounds, and LME promises no bound on a wait, Sec. 2.2), so the oldest pending request
 * alone bounds nothing: a mobile run of 100,000 nodes kept every one of its ten thousand cuts a
 * round, 1.8 KB a node after 1,000 rounds. So the log also holds at most {@link #limit} connections:
 * past it, the oldest half is forgotten and the horizon rises to the last forgotten cut's round,
 * which keeps every answer exact (a connection cut in round c covers no round from c on) and
 * refuses, as for any forgotten round, the questions that would need them.
 */
final class PresenceLog {
    private static final int FIELDS = 4; // smaller node, larger node, link round, cut round
    private static final int MIN_PRUNE = 1024;
    /** The least {@link #limit} a graph's log gets; beyond it, two connections a node. */
    static final int MIN_LIMIT = 1 << 16;

    /** The most connections kept for a graph of n nodes: max({@link #MIN_LIMIT}, 2n), past the minimum 32 bytes a node (the array up to twice that). */
    static int limitFor(int n) {
        return Math.max(MIN_LIMIT, 2 * n);
    }

    /** The most connections kept at once (at least 2). */
    private final int limit;

    private int[] data;
    /** Index of the first live entry's first field; entries before it are forgotten. */
    private int start;
    private int end;
    private int horizon;
    private int liveAfterPrune;

    PresenceLog(int limit) {
        if (limit < 2) throw new IllegalArgumentException("a presence log keeps at least 2 connections: " + limit);
        this.limit = limit;
        data = new int[16 * FIELDS];
    }

    private PresenceLog(PresenceLog o) {
        limit = o.limit;
        data = Arrays.copyOfRange(o.data, o.start, Math.max(o.end, o.start + 16 * FIELDS));
        end = o.end - o.start;
        horizon = o.horizon;
        liveAfterPrune = o.liveAfterPrune;
    }

    PresenceLog copy() {
        return new PresenceLog(this);
    }

    /** The connection a–b (a < b) that formed in round {@code linked} was cut in round {@code cut}. */
    void closed(int a, int b, int linked, int cut) {
        if (end > start && cut < data[end - 1]) {
            throw new IllegalArgumentException("cut in round " + cut + " after one in round " + data[end - 1]);
        }
        if (end - start == limit * FIELDS) forgetBefore(data[end - FIELDS * (limit / 2) - 1]); // the oldest half at least
        if (end + FIELDS > data.length) {
            int live = end - start;
            int[] target = start >= live ? data : new int[2 * data.length]; // reuse if half was forgotten
            System.arraycopy(data, start, target, 0, live);
            data = target;
            start = 0;
            end = live;
        }
        data[end++] = a;
        data[end++] = b;
        data[end++] = linked;
        data[end++] = cut;
    }

    /** Connections kept (for tests and memory accounting). */
    int size() {
        return (end - start) / FIELDS;
    }

    /** The oldest round a query may start at. */
    int horizon() {
        return horizon;
    }

    /** Whether enough has been added since the last {@link #forgetBefore} to make another one pay. */
    boolean worthPruning() {
        return size() >= Math.max(MIN_PRUNE, 2 * liveAfterPrune);
    }

    /** No query will start before {@code round} any more: drops every connection cut by then. */
    void forgetBefore(int round) {
        if (round > horizon) horizon = round;
        while (start < end && data[start + 3] <= horizon) start += FIELDS;
        if (start == end) {
            start = 0;
            end = 0;
        }
        liveAfterPrune = size();
    }

    /** Whether an ended connection of a–b (a < b) formed by round min(i, j) and lasted past round j. */
    boolean closedCovers(int a, int b, int i, int j) {
        int from = Math.min(i, j);
        for (int k = firstCutAfter(j); k < end; k += FIELDS) {
            if (data[k] == a && data[k + 1] == b && data[k + 2] <= from) return true;
        }
        return false;
    }

    /** Index of the first entry cut after round j (cut rounds ascend). */
    private int firstCutAfter(int j) {
        int lo = 0;
        int hi = (end - start) / FIELDS;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (data[start + mid * FIELDS + 3] <= j) lo = mid + 1;
            else hi = mid;
        }
        return start + lo * FIELDS;
    }
}
