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
 * to the node this round does to its listing: {@link #arrived} marks it, and the round in which
 * the cache is made marks every listing, as its earlier arrivals found nothing to mark; so a
 * listing need not look at its inbox's send rounds to know, {@code ListedChoicesTest}). A listing that is fresh is what
 * listing the node now would give, so a choice it holds needs no second check
 * ({@link EnabledChoices#position}). Deterministic: bit sets,
 * nothing iterates a hash collection. Arrays are made on first use, and a copy of a simulation
 * starts with an empty cache (everything stale), so snapshots carry none of it.
 *
 * <p>Every per-node bit lives in the word {@code u >>> 6}, and nothing else is shared between
 * nodes: threads that {@link #store} listings of disjoint ranges of whole words never write the
 * same memory, which is how {@link EnabledChoices#listAhead} fills the cache in parallel.
 *
 * <p>Storage, about 16 bytes a node where an {@code int[]} a node took 57: a listing of one code,
 * or of up to {@link #INLINE} codes that fit a char each (a code is an action and a message
 * position + 1, so it fits while the inbox holds fewer than 255 messages), is kept in the node's
 * long itself (four listings in five at 100,000 LME nodes: no block read or written), and so is
 * one of 5 to {@link #BYTES} codes that fit a byte each (action and position + 1 below 16: a node
 * with a few messages waiting, one listing in seven at 10,000 LME nodes); a longer one in its word's block of
 * chars, a code a char, or, for a listing of {@link #BYTE_FORM} + 1 codes or more or a code that
 * does not fit, its length and each code as two chars. A listing that grows is appended to the block; a block that is full
 * is laid out again with the fresh listings only, in half as much room again as they take.
 */
final class ChoiceCache {
    /** {@link #size}'s mark of a listing kept in the long form: its length, then each code, two chars each. */
    private static final int LONG_FORM = 255;

    private final int n;
    /** Set bit: the node's listing is missing or stale. */
    private long[] stale;
    /** Set bit: the listing lists effective choices only (else every enabled choice). */
    private long[] effective;
    /** Set bit: the node's listing holds for the current round only, to be made stale when it ends. */
    private long[] roundBound;
    /** Set bit: the node's listing, if known, holds a choice: a walk over the nodes skips 64 empty ones a word. */
    private long[] some;
    /** The longest listing of narrow codes kept in the node's word, a char each (one code of any width). */
    private static final int INLINE = 4;

    /**
     * The longest listing kept in the node's word a byte a code ({@link #toByte}): eight bytes
     * fill the long.
     */
    private static final int BYTES = 8;
    /**
     * {@link #size}'s mark of a listing of 5..{@link #BYTES} codes kept in the word a byte each:
     * this + its length (251..254); a listing in the block a char a code is this long at most.
     */
    private static final int BYTE_FORM = LONG_FORM - 1 - BYTES;
    /** The bits of a code that fits a byte, its action and its message position + 1 below 16 each: all others clear. */
    private static final int BYTE_CODE = 0xF0F;

    /** A listing's length up to {@link #BYTE_FORM} (codes a char each), {@link #BYTE_FORM} + 5..8 (a byte each), or {@link #LONG_FORM}. */
    private byte[] size;
    /**
     * A listing of one code: the code; of 2..{@link #INLINE} narrow codes: the codes, the k-th in
     * bits 16k..16k+15; of 5..{@link #BYTES} codes that fit a byte: the k-th's byte in bits
     * 8k..8k+7; a longer one: where it starts in its word's block.
     */
    private long[] at;
    /** Per word of 64 nodes, their listings of two codes or more; null until one is kept. */
    private char[][] block;
    /** Per word, how much of its block is taken. */
    private int[] used;

    ChoiceCache(int n) {
        this.n = n;
    }

    private void allocate() {
        int words = (n + 63) >>> 6;
        stale = new long[words];
        Arrays.fill(stale, -1L);
        effective = new long[words];
        roundBound = new long[words];
        some = new long[words];
        // messages sent this round before now found no cache to mark (arrived): every listing of
        // this round holds for it only, so that the round's arrivals need no look at the inbox
        Arrays.fill(roundBound, -1L);
        size = new byte[n];
        at = new long[n];
        block = new char[words][];
        used = new int[words];
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

    /** The nodes of word w (bit v &amp; 63 for node v) whose listing in this mode is not known: those {@link #fresh} says no for. */
    long unknown(int w, boolean effectiveOnly) {
        if (stale == null) return -1L;
        return stale[w] | (effectiveOnly ? ~effective[w] : effective[w]);
    }

    /** The nodes of word w whose listing in this mode is known and holds no choice. */
    long knownEmpty(int w, boolean effectiveOnly) {
        return stale == null ? 0 : ~unknown(w, effectiveOnly) & ~some[w];
    }

    /** Whether u's listing (of either mode) is known; then {@link #count} and {@link #code} read it. A pure read. */
    boolean current(int u) {
        return stale != null && (stale[u >>> 6] & 1L << u) == 0;
    }

    /** Whether a listing of {@link #size} s is kept in the word a byte a code. */
    private static boolean inBytes(int s) {
        return s > BYTE_FORM && s != LONG_FORM;
    }

    /** A code that fits a byte ({@link #BYTE_CODE}) as one: its position + 1 in the high nibble, its action in the low one. */
    private static int toByte(int code) {
        return code >>> 4 | code & 0xF;
    }

    /** The code whose byte ({@link #toByte}) is {@code b}. */
    private static int fromByte(int b) {
        return (b & 0xF0) << 4 | b & 0xF;
    }

    /** How many choices u's known listing holds. */
    int count(int u) {
        int s = size[u] & 0xFF;
        if (s <= BYTE_FORM) return s;
        if (s != LONG_FORM) return s - BYTE_FORM;
        char[] b = block[u >>> 6];
        int i = (int) at[u];
        return b[i] << 16 | b[i + 1];
    }

    /** The k-th code of u's known listing. */
    int code(int u, int k) {
        int s = size[u] & 0xFF;
        if (s == 1) return (int) at[u];
        if (s <= INLINE) return (int) (at[u] >>> (k << 4)) & 0xFFFF;
        if (inBytes(s)) return fromByte((int) (at[u] >>> (k << 3)) & 0xFF);
        char[] b = block[u >>> 6];
        if (s != LONG_FORM) return b[(int) at[u] + k];
        int i = (int) at[u] + 2 + 2 * k;
        return b[i] << 16 | b[i + 1];
    }

    /** Whether u's listing is known ({@link #current}) and holds {@code code}: its size and word read once. */
    boolean holds(int u, int code) {
        if (!current(u)) return false;
        int s = size[u] & 0xFF;
        long a = at[u];
        if (s == 1) return (int) a == code;
        if (s <= INLINE) {
            if ((code & ~0xFFFF) != 0) return false; // kept in the word only while every code fits a char
            for (int k = 0; k < s; k++, a >>>= 16) if (((int) a & 0xFFFF) == code) return true;
            return false;
        }
        if (inBytes(s)) {
            if ((code & ~BYTE_CODE) != 0) return false; // kept in bytes only while every code fits one
            int b = toByte(code);
            for (int k = s - BYTE_FORM; k > 0; k--, a >>>= 8) if (((int) a & 0xFF) == b) return true;
            return false;
        }
        for (int k = 0, c = count(u); k < c; k++) if (code(u, k) == code) return true;
        return false;
    }

    /** Whether u's known listing is kept in its word (none, one code, up to four chars or five to eight bytes): no block read. */
    boolean inWord(int u) {
        int s = size[u] & 0xFF;
        return s <= INLINE || inBytes(s);
    }

    /** Copies u's listing into {@code buf} as far as it fits and returns its length, as an enumeration does. */
    int copy(int u, int[] buf) {
        int s = size[u] & 0xFF;
        if (s == 1) {
            if (buf.length > 0) buf[0] = (int) at[u];
            return 1;
        }
        if (s <= INLINE) {
            long a = at[u];
            for (int k = 0, m = Math.min(s, buf.length); k < m; k++, a >>>= 16) buf[k] = (int) a & 0xFFFF;
            return s;
        }
        if (inBytes(s)) {
            long a = at[u];
            int c = s - BYTE_FORM;
            for (int k = 0, m = Math.min(c, buf.length); k < m; k++, a >>>= 8) buf[k] = fromByte((int) a & 0xFF);
            return c;
        }
        char[] b = block[u >>> 6];
        int i = (int) at[u];
        if (s != LONG_FORM) {
            for (int k = 0, m = Math.min(s, buf.length); k < m; k++) buf[k] = b[i + k];
            return s;
        }
        int c = b[i] << 16 | b[i + 1];
        for (int k = 0, m = Math.min(c, buf.length), j = i + 2; k < m; k++, j += 2) buf[k] = b[j] << 16 | b[j + 1];
        return c;
    }

    /** Keeps u's listing of {@code c} codes from {@code buf}; {@code thisRoundOnly}: it goes stale at the round's end. */
    void store(int u, boolean effectiveOnly, int[] buf, int c, boolean thisRoundOnly) {
        if (stale == null) allocate();
        int w = u >>> 6;
        long bit = 1L << u;
        some[w] = some[w] & ~bit | (c == 0 ? 0 : bit);
        if (c <= INLINE) {
            // none, one code of any width, or up to INLINE that each fit a char: in the node's long,
            // packed in one pass (most listings: one branch on their length, no block)
            long a = 0;
            int wide = 0;
            for (int k = 0; k < c; k++) {
                int code = buf[k];
                a |= (long) code << (k << 4);
                wide |= code;
            }
            if (c <= 1 || (wide & ~0xFFFF) == 0) {
                at[u] = a;
                size[u] = (byte) c;
                mark(u, effectiveOnly, thisRoundOnly);
                return;
            }
        } else if (c <= BYTES) {
            // 5..BYTES codes of a small action and message position each (a node with a few
            // messages waiting): in the node's long too, a byte a code, packed in one pass
            long a = 0;
            int wide = 0;
            for (int k = 0; k < c; k++) {
                int code = buf[k];
                a |= (long) toByte(code) << (k << 3);
                wide |= code;
            }
            if ((wide & ~BYTE_CODE) == 0) {
                at[u] = a;
                size[u] = (byte) (BYTE_FORM + c);
                mark(u, effectiveOnly, thisRoundOnly);
                return;
            }
        }
        boolean narrow = c <= BYTE_FORM;
        for (int k = 0; narrow && k < c; k++) narrow = (buf[k] & ~0xFFFF) == 0;
        int need = narrow ? c : 2 + 2 * c;
        int i = room(u) >= need ? (int) at[u] : append(w, u, need);
        char[] b = block[w];
        if (narrow) {
            for (int k = 0; k < c; k++) b[i + k] = (char) buf[k];
            size[u] = (byte) c;
        } else {
            b[i] = (char) (c >>> 16);
            b[i + 1] = (char) c;
            for (int k = 0, j = i + 2; k < c; k++, j += 2) {
                b[j] = (char) (buf[k] >>> 16);
                b[j + 1] = (char) buf[k];
            }
            size[u] = (byte) LONG_FORM;
        }
        at[u] = i;
        mark(u, effectiveOnly, thisRoundOnly);
    }

    /** u's listing is kept: fresh, of this mode, and held for this round only if so. */
    private void mark(int u, boolean effectiveOnly, boolean thisRoundOnly) {
        int w = u >>> 6;
        long bit = 1L << u;
        stale[w] &= ~bit;
        if (effectiveOnly) effective[w] |= bit;
        else effective[w] &= ~bit;
        if (thisRoundOnly) roundBound[w] |= bit; // an earlier listing's mark stays: stale once too often is safe
    }

    /** The chars u's listing takes in its block (0 for none kept there): a new listing that fits goes in its place. */
    private int room(int u) {
        int s = size[u] & 0xFF;
        if (s <= INLINE) return 0;
        if (s <= BYTE_FORM) return s;
        return s == LONG_FORM ? 2 + 2 * count(u) : 0;
    }

    /**
     * {@code need} chars at the end of word w's block for u's listing; a full block is first laid
     * out again with the other nodes' fresh listings only (a stale one is never read again), in
     * half as much room again as they and u's take.
     */
    private int append(int w, int u, int need) {
        char[] b = block[w];
        int end = used[w];
        if (b == null || end + need > b.length) {
            int from = w << 6;
            int to = Math.min(n, from + 64);
            int live = need;
            for (int v = from; v < to; v++) {
                if (v != u && (stale[w] & 1L << v) == 0) live += room(v);
            }
            // room for half as much again as the fresh listings: a block laid out again every
            // third of its length appended, in about twice the memory of the listings
            int fits = live + (live >> 1) + 8;
            char[] into = new char[b != null && fits <= b.length && b.length <= 2 * fits ? b.length : fits];
            end = 0;
            for (int v = from; v < to; v++) {
                int r = room(v);
                if (r == 0) continue;
                if (v == u || (stale[w] & 1L << v) != 0) {
                    size[v] = 0; // a stale listing's count is never read: dropping it frees its room
                    continue;
                }
                System.arraycopy(b, (int) at[v], into, end, r);
                at[v] = end;
                end += r;
            }
            block[w] = into;
        }
        used[w] = end + need;
        return end;
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
