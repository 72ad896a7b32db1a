package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The choice cache keeps listings in a block of chars per 64 nodes (one code, up to four narrow
 * ones, or five to eight that fit a byte, in the node's long; a code a char, or the long form for
 * long listings and codes past 16 bits; full blocks laid out again): after any sequence of
 * stores, touches, arrivals and round ends, every answer must be what a plain int[] per node with
 * stale, effective and round-bound flags gives (the store it replaced, every node round-bound in
 * the round it is made), for listings of 0 to 300 codes, codes at the char boundary, and
 * listings of small codes (action and position + 1 below 16) with or without one just past a
 * byte's; and so must its word-wide answers (which nodes' listings are not known, which are
 * known and empty). A listing is kept in the word exactly when one of those forms holds it.
 */
class ChoiceCacheProperties {
    /** The cache as it was: a listing per node and its three flags. */
    static final class Reference {
        final int[][] listing;
        final boolean[] stale;
        final boolean[] effective;
        final boolean[] roundBound;
        boolean allocated;

        Reference(int n) {
            listing = new int[n][];
            stale = new boolean[n];
            effective = new boolean[n];
            roundBound = new boolean[n];
            Arrays.fill(stale, true);
        }

        /** The cache is made: every listing of this round holds for it only (earlier arrivals found nothing to mark). */
        void allocate() {
            if (!allocated) Arrays.fill(roundBound, true);
            allocated = true;
        }
    }

    record Op(int kind, int node, int length, int seed) {}

    record Run(int n, List<Op> ops) {}

    @Provide
    Arbitrary<Run> runs() {
        Arbitrary<Op> op = Combinators.combine(Arbitraries.integers().between(0, 11), Arbitraries.integers().between(0, 1 << 20),
                lengths(), Arbitraries.integers()).as(Op::new);
        return Combinators.combine(Arbitraries.of(1, 2, 63, 64, 65, 130), op.list().ofMinSize(1).ofMaxSize(300)).as(Run::new);
    }

    /**
     * Listing lengths: mostly short (around the node's word's four chars and eight bytes), some
     * around the block's longest char form (246) and the long form's 255.
     */
    private static Arbitrary<Integer> lengths() {
        return Arbitraries.frequency(Tuple.of(3, 0), Tuple.of(5, 1), Tuple.of(8, 2), Tuple.of(6, 3), Tuple.of(6, 4),
                Tuple.of(6, 5), Tuple.of(5, 6), Tuple.of(6, 7), Tuple.of(6, 8), Tuple.of(5, 9), Tuple.of(2, 12),
                Tuple.of(1, 246), Tuple.of(1, 247), Tuple.of(1, 253), Tuple.of(1, 254), Tuple.of(1, 255), Tuple.of(1, 300));
    }

    /** A code: mostly an action and a small position as the listing makes them, some at or past 16 bits. */
    private static int code(java.util.Random r) {
        return switch (r.nextInt(8)) {
            case 0 -> 0xFFFF;
            case 1 -> 0x10000 + r.nextInt(1 << 20);
            case 2 -> r.nextInt() & Integer.MAX_VALUE;
            default -> (r.nextInt(20) << 8) | r.nextInt(6);
        };
    }

    /** A code that fits a byte: an action and a message position + 1 below 16 each, their bounds often. */
    private static int small(java.util.Random r) {
        return (r.nextInt(3) == 0 ? 15 : r.nextInt(16)) << 8 | (r.nextInt(3) == 0 ? 15 : r.nextInt(16));
    }

    /** A code just past a byte's: an action or a position + 1 of 16, an action of 255, or a bit above. */
    private static int pastByte(java.util.Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> small(r) & 0xF00 | 16;
            case 1 -> 16 << 8 | small(r) & 0xF;
            case 2 -> 0xFF;
            case 3 -> small(r) | 0xF0;
            default -> small(r) | 1 << (12 + r.nextInt(4));
        };
    }

    /** A listing of {@code length} codes: all small (fit a byte), small but one past, or {@link #code}'s mixture. */
    private static int[] listing(java.util.Random r, int length) {
        int[] codes = new int[length];
        int kind = r.nextInt(4);
        for (int k = 0; k < length; k++) codes[k] = kind == 3 ? code(r) : small(r);
        if (kind == 2 && length > 0) codes[r.nextInt(length)] = pastByte(r);
        return codes;
    }

    /** Whether the cache keeps {@code codes} in the node's word: none or one, up to four chars, five to eight bytes. */
    private static boolean inWord(int[] codes) {
        int c = codes.length;
        if (c <= 1) return true;
        if (c <= 4) return Arrays.stream(codes).allMatch(x -> (x & ~0xFFFF) == 0);
        return c <= 8 && Arrays.stream(codes).allMatch(x -> (x & ~0xF0F) == 0);
    }

    @Property(tries = 300, seed = "29")
    void everyAnswerIsThePlainListingsOne(@ForAll("runs") Run run) {
        int n = run.n();
        ChoiceCache cache = new ChoiceCache(n);
        Reference ref = new Reference(n);
        for (Op op : run.ops()) {
            int u = op.node() % n;
            java.util.Random r = new java.util.Random(op.seed());
            switch (op.kind()) {
                case 0, 1, 2, 3, 4, 5 -> {
                    int[] codes = listing(r, op.length());
                    int[] buf = Arrays.copyOf(codes, codes.length + r.nextInt(3)); // the scratch may be longer
                    boolean effectiveOnly = r.nextBoolean();
                    boolean thisRound = r.nextInt(4) == 0;
                    cache.store(u, effectiveOnly, buf, codes.length, thisRound);
                    ref.allocate();
                    ref.listing[u] = codes;
                    ref.stale[u] = false;
                    ref.effective[u] = effectiveOnly;
                    if (thisRound) ref.roundBound[u] = true;
                }
                case 6, 7 -> {
                    cache.touch(u);
                    if (ref.allocated) ref.stale[u] = true;
                }
                case 8 -> {
                    cache.arrived(u);
                    if (ref.allocated) ref.roundBound[u] = true;
                }
                case 9 -> {
                    cache.endRound();
                    for (int v = 0; v < n; v++) {
                        if (ref.roundBound[v]) ref.stale[v] = true;
                        ref.roundBound[v] = false;
                    }
                }
                case 10 -> {
                    cache.allocated();
                    ref.allocate();
                }
                default -> { // many stores in one word: its block fills and is laid out again
                    int from = (u >>> 6) << 6;
                    for (int v = from; v < Math.min(n, from + 64); v++) {
                        int[] codes = listing(r, 2 + r.nextInt(9));
                        cache.store(v, false, codes, codes.length, false);
                        ref.allocate();
                        ref.listing[v] = codes;
                        ref.stale[v] = false;
                        ref.effective[v] = false;
                    }
                }
            }
            for (int v = 0; v < n; v++) {
                assertEquals(!ref.stale[v], cache.current(v), "current " + v);
                assertEquals(!ref.stale[v] && ref.effective[v], cache.fresh(v, true), "fresh effective " + v);
                assertEquals(!ref.stale[v] && !ref.effective[v], cache.fresh(v, false), "fresh " + v);
                if (ref.stale[v]) {
                    assertFalse(cache.holds(v, 0), "a listing not known holds nothing");
                    continue;
                }
                int[] want = ref.listing[v];
                assertEquals(want.length, cache.count(v));
                assertEquals(inWord(want), cache.inWord(v), "kept in the word: " + Arrays.toString(want));
                for (int k = 0; k < want.length; k++) assertTrue(cache.holds(v, want[k]), "holds code " + k + " of " + v);
                int first = want.length > 0 ? want[0] : 5;
                // probes near a held code: another action or position, one past a byte's, a wide one
                for (int probe : new int[] {first ^ 1, first ^ 0x100, first | 0x10, first | 0x1000, first ^ 0x10, first ^ 0x1000,
                        first | 0x10000, 0xFFFF, 0xF0F, 0}) {
                    assertEquals(Arrays.stream(want).anyMatch(c -> c == probe), cache.holds(v, probe), "holds " + probe + " at " + v);
                }
                for (int k = 0; k < want.length; k++) assertEquals(want[k], cache.code(v, k), "code " + k + " of " + v);
                int[] full = new int[want.length + 1];
                assertEquals(want.length, cache.copy(v, full));
                assertArrayEquals(want, Arrays.copyOf(full, want.length));
                int[] part = new int[Math.min(1, want.length)]; // a buffer too short takes what fits
                assertEquals(want.length, cache.copy(v, part));
                assertArrayEquals(Arrays.copyOf(want, part.length), part);
            }
            for (int w = 0; w < (n + 63) >>> 6; w++) { // the word-wide answers that walks over the nodes take
                for (boolean effectiveOnly : new boolean[] {true, false}) {
                    long unknown = cache.unknown(w, effectiveOnly);
                    long empty = cache.knownEmpty(w, effectiveOnly);
                    for (int v = w << 6; v < Math.min(n, (w + 1) << 6); v++) {
                        boolean fresh = !ref.stale[v] && ref.effective[v] == effectiveOnly;
                        assertEquals(!fresh, (unknown >>> v & 1) != 0, "unknown " + v);
                        assertEquals(fresh && ref.listing[v].length == 0, (empty >>> v & 1) != 0, "known empty " + v);
                    }
                }
            }
        }
    }
}
