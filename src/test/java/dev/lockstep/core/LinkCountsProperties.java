package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Link counts in four bits a port until one reaches 15, then a byte a port: every count must be
 * what the byte a port it replaced gives (+1 per link, 255 wraps to 1, never 0 once linked),
 * across the switch, past the wrap, and in copies taken before and after it.
 */
class LinkCountsProperties {
    @Property(tries = 200, seed = "41")
    void countsAreAByteAPortsOnes(@ForAll long seed) {
        Random r = new Random(seed);
        int n = 1 + r.nextInt(9);
        int delta = 1 + r.nextInt(63);
        LinkCounts counts = new LinkCounts(n, delta);
        byte[] ref = new byte[n * delta];
        List<LinkCounts> copies = new ArrayList<>();
        List<byte[]> copiesRef = new ArrayList<>();
        int steps = r.nextInt(4) == 0 ? 3000 : 300; // long runs hammer few ports past 15 and 255
        int hot = 1 + r.nextInt(3);
        for (int step = 0; step < steps; step++) {
            if (r.nextInt(50) == 0) {
                copies.add(counts.copy());
                copiesRef.add(ref.clone());
                continue;
            }
            int u = steps > 300 ? r.nextInt(Math.min(n, hot)) : r.nextInt(n);
            int p = 1 + (steps > 300 ? r.nextInt(Math.min(delta, hot)) : r.nextInt(delta));
            counts.count(u, p);
            int i = u * delta + p - 1;
            int c = (ref[i] & 0xFF) + 1;
            ref[i] = (byte) (c > 255 ? 1 : c);
            assertEquals(ref[i] & 0xFF, counts.get(u, p));
        }
        check(ref, counts, n, delta);
        for (int k = 0; k < copies.size(); k++) check(copiesRef.get(k), copies.get(k), n, delta);
    }

    private static void check(byte[] ref, LinkCounts counts, int n, int delta) {
        for (int u = 0; u < n; u++) {
            for (int p = 1; p <= delta; p++) assertEquals(ref[u * delta + p - 1] & 0xFF, counts.get(u, p), u + ":" + p);
        }
    }
}
