package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SeededRandomTest {
    @Test
    void aCopyContinuesWithTheSameDraws() {
        SeededRandom r = new SeededRandom(42);
        r.nextLong();
        SeededRandom c = r.copy();
        for (int i = 0; i < 100; i++) assertEquals(r.nextInt(1000 + i), c.nextInt(1000 + i));
        assertFalse(new SeededRandom(1).nextLong() == new SeededRandom(2).nextLong());
    }

    @Test
    void certainChancesSpendNoDraw() {
        SeededRandom r = new SeededRandom(7);
        SeededRandom c = r.copy();
        assertFalse(r.chance(0));
        assertFalse(r.chance(-1));
        assertTrue(r.chance(1));
        assertTrue(r.chance(2));
        assertEquals(c.nextLong(), r.nextLong());
        int hits = 0;
        for (int i = 0; i < 10_000; i++) if (r.chance(0.25)) hits++;
        assertTrue(hits > 2_250 && hits < 2_750, "hits " + hits);
    }

    /** With 2^32 mod bound close to bound (bound = 2^32 / 3 + 1), Lemire's rejection step runs for a third of the draws. */
    @Test
    void nextIntIsUniformInItsBoundEvenForHugeBounds() {
        SeededRandom r = new SeededRandom(3);
        int bound = 1_431_655_766;
        int upper = 0;
        for (int i = 0; i < 20_000; i++) {
            int v = r.nextInt(bound);
            assertTrue(v >= 0 && v < bound, "value " + v);
            if (v >= bound / 2) upper++;
        }
        assertTrue(upper > 9_500 && upper < 10_500, "upper half " + upper);
        int[] seen = new int[3];
        for (int i = 0; i < 3_000; i++) seen[r.nextInt(3)]++;
        for (int s : seen) assertTrue(s > 850 && s < 1_150, java.util.Arrays.toString(seen));
        assertEquals(0, r.nextInt(1));
        assertThrows(IllegalArgumentException.class, () -> r.nextInt(0));
        double d = r.nextDouble();
        assertTrue(d >= 0 && d < 1);
    }

    /** xoshiro256** seeded through SplitMix64, as published (Blackman and Vigna): saved runs depend on this stream. */
    private static final class Reference {
        private long seedState;
        private final long[] s = new long[4];

        Reference(long seed) {
            seedState = seed;
            for (int i = 0; i < 4; i++) s[i] = splitMixNext();
        }

        private long splitMixNext() {
            long z = (seedState += 0x9E3779B97F4A7C15L);
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }

        long next() {
            long result = Long.rotateLeft(s[1] * 5, 7) * 9;
            long t = s[1] << 17;
            s[2] ^= s[0];
            s[3] ^= s[1];
            s[1] ^= s[2];
            s[0] ^= s[3];
            s[2] ^= t;
            s[3] = Long.rotateLeft(s[3], 45);
            return result;
        }

        /** Lemire's method as plain rejection: x is kept iff the low half of x·bound is at least 2^32 mod bound. */
        int nextInt(int bound) {
            long threshold = (1L << 32) % bound;
            while (true) {
                long m = (next() >>> 32) * bound;
                if ((m & 0xFFFFFFFFL) >= threshold) return (int) (m >>> 32);
            }
        }
    }

    @Test
    void theStreamIsXoshiro256StarStarSeededBySplitMix64() {
        for (long seed : new long[] {0, 1, -7, 123456789}) {
            SeededRandom r = new SeededRandom(seed);
            Reference ref = new Reference(seed);
            for (int i = 0; i < 50; i++) assertEquals(ref.next(), r.nextLong(), "seed " + seed + " draw " + i);
            for (int bound : new int[] {1, 3, 1000, 1_431_655_766, Integer.MAX_VALUE}) {
                for (int i = 0; i < 200; i++) assertEquals(ref.nextInt(bound), r.nextInt(bound), "bound " + bound);
            }
            assertEquals((ref.next() >>> 11) * 0x1.0p-53, r.nextDouble());
        }
    }
}
