package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Rounds kept in chars until one no longer fits must read as a plain int[] does after any sequence
 * of stores, moves within, copies between arrays (of either width), grown copies and widenings,
 * with values on both sides of the 65,534 boundary.
 */
class RoundArrayProperties {

    /** kind: 0–3 set, 4 fit, 5 copy within, 6 copy from the other array, 7 grown copy, 8 clone. */
    record Op(int kind, int i, int j, int count, int value) {}

    record Run(int length, int fill, List<Op> ops) {}

    @Provide
    Arbitrary<Run> runs() {
        // values crowd the boundary: −1, small rounds, just below, at and just above 65,534, huge
        Arbitrary<Integer> value = Arbitraries.oneOf(
                Arbitraries.integers().between(-1, 20),
                Arbitraries.integers().between(RoundArray.NARROW_MAX - 3, RoundArray.NARROW_MAX + 3),
                Arbitraries.integers().between(-5, Integer.MAX_VALUE));
        Arbitrary<Integer> small = Arbitraries.integers().between(0, 1 << 16);
        Arbitrary<Op> op = Combinators.combine(Arbitraries.integers().between(0, 8), small, small, small, value).as(Op::new);
        return Combinators.combine(Arbitraries.integers().between(1, 40), Arbitraries.of(-1, 0, 7, RoundArray.NARROW_MAX, 70_000),
                op.list().ofMaxSize(200)).as(Run::new);
    }

    private static void assertSame(int[] expected, RoundArray actual, String when) {
        assertEquals(expected.length, actual.length(), when);
        for (int i = 0; i < expected.length; i++) assertEquals(expected[i], actual.get(i), when + ", index " + i);
    }

    @Property(tries = 500, seed = "13")
    void readsAsAPlainIntArray(@ForAll("runs") Run run) {
        int[] ref = new int[run.length()];
        Arrays.fill(ref, run.fill());
        RoundArray a = new RoundArray(run.length(), run.fill());
        int[] otherRef = new int[run.length()];
        Arrays.fill(otherRef, 3);
        RoundArray other = new RoundArray(run.length(), 3);
        List<Runnable> copies = new ArrayList<>();
        int step = 0;
        for (Op op : run.ops()) {
            String when = "step " + step++ + " " + op;
            int n = ref.length;
            int i = op.i() % n;
            int j = op.j() % n;
            switch (op.kind()) {
                case 0, 1, 2, 3 -> {
                    ref[i] = op.value();
                    a.set(i, op.value());
                }
                case 4 -> {
                    boolean wasNarrow = a.isNarrow();
                    a.fit(op.value());
                    boolean fits = op.value() >= -1 && op.value() <= RoundArray.NARROW_MAX;
                    assertEquals(wasNarrow && fits, a.isNarrow(), when + ": fit widens exactly when the value would not fit");
                }
                case 5 -> {
                    int count = op.count() % (n - Math.max(i, j) + 1);
                    System.arraycopy(ref, i, ref, j, count);
                    a.copy(a, i, j, count);
                }
                case 6 -> {
                    int from = op.i() % otherRef.length; // the other array keeps the first length
                    int count = op.count() % (Math.min(otherRef.length - from, n - j) + 1);
                    otherRef[from] = op.value(); // the other array changes too, possibly widening
                    other.set(from, op.value());
                    System.arraycopy(otherRef, from, ref, j, count);
                    a.copy(other, from, j, count);
                    assertSame(otherRef, other, when + ": the source");
                }
                case 7 -> {
                    int length = n + op.count() % 9;
                    ref = Arrays.copyOf(ref, length);
                    a = a.copyOf(length);
                }
                default -> {
                    int[] before = ref.clone();
                    RoundArray c = a.copy();
                    copies.add(() -> assertSame(before, c, "a copy taken at " + when));
                }
            }
            assertSame(ref, a, when);
        }
        copies.forEach(Runnable::run); // later changes never reach earlier copies
    }

    @Test
    void staysNarrowUpTo65534AndWidensAbove() {
        RoundArray a = new RoundArray(3, -1);
        a.set(0, RoundArray.NARROW_MAX);
        assertEquals(65_534, RoundArray.NARROW_MAX);
        assertTrue(a.isNarrow());
        assertEquals(65_534, a.get(0));
        assertEquals(-1, a.get(1));
        a.set(1, 65_535);
        assertFalse(a.isNarrow());
        assertArrayEquals(new int[] {65_534, 65_535, -1}, new int[] {a.get(0), a.get(1), a.get(2)});
    }
}
