package dev.lockstep.core;

import java.util.Arrays;

/**
 * Each node's enabled choices as last listed, kept until something they depend on changes, so a
 * scheduler listing every node every round re-enumerates only the nodes touched since.
 *
 * <p>What a node's choices depend on is local (Sec. 2.1): its state, its pending calls, the
 * messages in transit to it, its ports, detectors and region, whether it is busy, crashed or
 * already acted. Whoever changes one of these {@link #touch touches} the node. The round matters
 * too, but only for a node that already acted this round or holds a message sent this round: such
 * a listing is marked round-bound and goes stale when the round ends (which is all a message sent
 * to the node this round does to its listing: {@link #arrived}). A listing that is fresh is what
 * listing the node now would give, so a choice it holds needs no second check
 * ({@link EnabledChoices#position}). Deterministic: bit sets,
 * nothing iterates a hash collection. Arrays are made on first use, and a copy of a simulation
 * starts with an empty cache (everything stale), so snapshots carry none of it.
 *
 * <p>Every per-node bit lives in the word {@code u >>> 6}, and nothing else is shared between
 * nodes: threads that {@link #store} listings of disjoint ranges of whole words never write the
 * same memory, which is how {@link EnabledChoices#listAhead} fills the cache in parallel.
 */
final class ChoiceCache {
    private static final int[] NONE = new int[0];

    private final int n;
    /** Set bit: the node's listing is missing or stale. */
    private long[] stale;
    /** Set bit: the listing lists effective choices only (else every enabled choice). */
    private long[] effective;
    /** A listing of one choice (the usual case) sits here, in node order; longer ones in {@link #codes}. */
    private int[] one;
    private int[][] codes;
    private int[] count;
    /** Set bit: the node's listing holds for the current round only, to be made stale when it ends. */
    private long[] roundBound;

    ChoiceCache(int n) {
        this.n = n;
    }

    private void allocate() {
        int words = (n + 63) >>> 6;
        stale = new long[words];
        Arrays.fill(stale, -1L);
        effective = new long[words];
        one = new int[n];
        codes = new int[n][];
        Arrays.fill(codes, NONE);
        count = new int[n];
        roundBound = new long[words];
    }

    /** Makes the arrays now, so that threads storing listings find them made. */
    void allocated() {
        if (stale == null) allocate();
    }

    /** Something node u's choices may depend on changed. */
    void touch(int u) {
        if (stale != null) stale[u >>> 6] |= 1L << u;
    }

    /**
     * A message sent this round was put in transit to u: u's listing still holds until the round
     * ends (the message cannot be received before the next round, and it is appended to u's
     * channel, so the positions and, with FIFO channels, the receivability of the messages before
     * it stay put), then goes stale. So a node listed at the start of a synchronous round keeps
     * its listing while its neighbours' executions send to it.
     */
    void arrived(int u) {
        if (stale != null) roundBound[u >>> 6] |= 1L << u;
    }

    /** Whether u's listing in this mode is known; then {@link #copy} gives it. */
    boolean fresh(int u, boolean effectiveOnly) {
        if (stale == null) return false;
        int w = u >>> 6;
        long bit = 1L << u;
        return (stale[w] & bit) == 0 && ((effective[w] & bit) != 0) == effectiveOnly;
    }

    /** Whether u's listing (of either mode) is known; then {@link #count} and {@link #code} read it. A pure read. */
    boolean current(int u) {
        return stale != null && (stale[u >>> 6] & 1L << u) == 0;
    }

    /** How many choices u's known listing holds. */
    int count(int u) {
        return count[u];
    }

    /** The k-th code of u's known listing. */
    int code(int u, int k) {
        return count[u] == 1 ? one[u] : codes[u][k];
    }

    /** Copies u's listing into {@code buf} as far as it fits and returns its length, as an enumeration does. */
    int copy(int u, int[] buf) {
        int c = count[u];
        if (c == 1) {
            if (buf.length > 0) buf[0] = one[u];
        } else if (c > 1) {
            System.arraycopy(codes[u], 0, buf, 0, Math.min(c, buf.length));
        }
        return c;
    }

    /** Keeps u's listing of {@code c} codes from {@code buf}; {@code thisRoundOnly}: it goes stale at the round's end. */
    void store(int u, boolean effectiveOnly, int[] buf, int c, boolean thisRoundOnly) {
        if (stale == null) allocate();
        if (c == 1) {
            one[u] = buf[0];
        } else if (c > 1) {
            int[] kept = codes[u];
            if (kept.length < c) codes[u] = kept = new int[c];
            System.arraycopy(buf, 0, kept, 0, c);
        }
        count[u] = c;
        int w = u >>> 6;
        long bit = 1L << u;
        stale[w] &= ~bit;
        if (effectiveOnly) effective[w] |= bit;
        else effective[w] &= ~bit;
        if (thisRoundOnly) roundBound[w] |= bit; // an earlier listing's mark stays: stale once too often is safe
    }

    /** The round ends: listings that held for it only go stale. */
    void endRound() {
        if (stale == null) return;
        for (int w = 0; w < roundBound.length; w++) {
            stale[w] |= roundBound[w];
            roundBound[w] = 0;
        }
    }
}
