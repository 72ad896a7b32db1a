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
 * The choice cache keeps listings in a block of chars per 64 nodes (one code, or up to four
 * narrow ones, in the node's long; a code a char, or the long form for long listings and codes
 * past 16 bits; full blocks laid out again): after any sequence of stores, touches, arrivals and round ends, every answer must be
 * what a plain int[] per node with stale, effective and round-bound flags gives (the store it
 * replaced, every node round-bound in the round it is made), for listings of 0 to 300 codes and
 * codes at the char boundary; and so must its word-wide answers (which nodes' listings are not
 * known, which are known and empty).
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

    /** Listing lengths: mostly short (around the node's word's four), some around the long form's 255. */
    private static Arbitrary<Integer> lengths() {
        return Arbitraries.frequency(Tuple.of(3, 0), Tuple.of(5, 1), Tuple.of(8, 2), Tuple.of(6, 3), Tuple.of(6, 4),
                Tuple.of(6, 5), Tuple.of(6, 7),
                Tuple.of(1, 253), Tuple.of(1, 254), Tuple.of(1, 255), Tuple.of(1, 300));
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
                    int[] codes = new int[op.length()];
                    for (int k = 0; k < codes.length; k++) codes[k] = code(r);
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
                        int[] codes = new int[2 + r.nextInt(6)];
                        for (int k = 0; k < codes.length; k++) codes[k] = code(r);
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
                for (int k = 0; k < want.length; k++) assertTrue(cache.holds(v, want[k]), "holds code " + k + " of " + v);
                for (int probe : new int[] {want.length > 0 ? want[0] ^ 1 : 5, want.length > 0 ? want[0] | 0x10000 : 0x10005, 0xFFFF, 0}) {
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
