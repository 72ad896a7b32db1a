package dev.lockstep.explore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.lockstep.core.Simulation;
import dev.lockstep.protocol.lme.LmeVariant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The packed level gives back exactly what was added: each state's tree index, its counters (a
 * fresh array, so a caller's later change shows nowhere), and its simulation while kept. That the
 * search is the same whether simulations are kept or rebuilt is ExplorerTest's and
 * ReductionsProperties' (which draw the number kept).
 */
class FrontierProperties {
    @Property(tries = 200)
    void givesBackWhatWasAdded(@ForAll long seed, @ForAll @IntRange(min = 0, max = 9) int width,
                               @ForAll @IntRange(min = 0, max = 300) int states) {
        Random r = new Random(seed);
        Simulation sim = LmeStarts.pair(LmeVariant.CORRECTED, 2);
        int keep = r.nextInt(states + 2);
        Frontier f = new Frontier(width);
        List<byte[]> counters = new ArrayList<>();
        List<Integer> indices = new ArrayList<>();
        for (int i = 0; i < states; i++) {
            byte[] c = new byte[width];
            r.nextBytes(c);
            int index = r.nextInt(Integer.MAX_VALUE);
            f.add(index, c, i < keep ? sim : null);
            counters.add(c.clone());
            if (width > 0) c[0] ^= 1; // the caller's array changes afterwards
            indices.add(index);
        }
        assertEquals(states, f.size());
        assertEquals(states == 0, f.isEmpty());
        for (int i = 0; i < states; i++) {
            assertEquals(indices.get(i), f.index(i), "index of " + i);
            assertArrayEquals(counters.get(i), f.counters(i), "counters of " + i);
            if (i < keep) assertSame(sim, f.sim(i));
            else assertNull(f.sim(i));
        }
        if (states > 0) {
            int i = r.nextInt(states);
            if (width > 0) f.counters(i)[0] ^= 1;
            assertArrayEquals(counters.get(i), f.counters(i), "a returned array is a copy");
            f.release(i);
            assertNull(f.sim(i), "released");
            if (i + 1 < states) assertEquals(i + 1 < keep ? sim : null, f.sim(i + 1), "only that one released");
        }
        assertThrows(IndexOutOfBoundsException.class, () -> f.index(states));
        assertThrows(IllegalArgumentException.class, () -> f.add(0, new byte[width + 1], null));
        if (keep < states) {
            assertThrows(IllegalStateException.class, () -> f.add(0, new byte[width], sim), "kept simulations are a prefix");
        }
        assertEquals(states, f.size(), "a refused add adds nothing");
    }
}
