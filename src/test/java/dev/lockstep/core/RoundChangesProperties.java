package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The touched nodes are kept in a bit set and a list that stops growing past n/64 entries (the
 * bit set is read then): whatever the touches, {@link RoundChanges#sorted} must be the set of
 * nodes touched since the last clear, ascending, or null before the first clear; below, at and
 * past the list's limit, in rounds that touch few nodes after rounds that touched many; a node at
 * a time or a word's worth at once ({@link RoundChanges#touchWord}).
 */
class RoundChangesProperties {
    record Run(int n, List<Integer> touches) {}

    @Provide
    Arbitrary<Run> runs() {
        // a touch is a node, or -1 for the end of round (clear), or -2 for a look (sorted)
        return Combinators.combine(Arbitraries.of(1, 5, 64, 65, 200, 1000),
                Arbitraries.frequency(net.jqwik.api.Tuple.of(30, 0), net.jqwik.api.Tuple.of(1, -1), net.jqwik.api.Tuple.of(2, -2))
                        .flatMap(k -> k < 0 ? Arbitraries.just(k) : Arbitraries.integers().between(0, 1 << 20))
                        .list().ofMaxSize(3000)).as(Run::new);
    }

    @Property(tries = 200, seed = "31")
    void sortedIsTheSetTouchedSinceTheLastClear(@ForAll("runs") Run run) {
        int n = run.n();
        RoundChanges changes = new RoundChanges(n);
        TreeSet<Integer> ref = new TreeSet<>();
        boolean unknown = true;
        for (int t : run.touches()) {
            if (t == -1) {
                check(changes, ref, unknown);
                changes.clear();
                ref.clear();
                unknown = false;
            } else if (t == -2) {
                check(changes, ref, unknown);
            } else if (t % 3 == 1) {
                // a word's worth at once (touchWord), of the nodes that exist in it
                int w = (t / 3) % ((n + 63) >>> 6);
                long bits = t * 0x9E3779B97F4A7C15L;
                if ((w << 6) + 64 > n) bits &= (1L << (n - (w << 6))) - 1;
                changes.touchWord(w, bits);
                for (long b = bits; b != 0 && !unknown; b &= b - 1) ref.add((w << 6) + Long.numberOfTrailingZeros(b));
            } else {
                // half the touches over a small range, so that few and many distinct nodes both occur
                int u = t % 2 == 0 ? t % Math.min(n, 7) : t % n;
                changes.touch(u);
                if (!unknown) ref.add(u);
            }
        }
        check(changes, ref, unknown);
    }

    private static void check(RoundChanges changes, TreeSet<Integer> ref, boolean unknown) {
        if (unknown) {
            assertNull(changes.sorted());
            return;
        }
        assertArrayEquals(ref.stream().mapToInt(Integer::intValue).toArray(), changes.sorted());
    }
}
