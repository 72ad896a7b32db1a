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
}
