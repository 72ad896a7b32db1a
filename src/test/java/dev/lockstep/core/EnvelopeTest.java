package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * An envelope is a class with two-byte ports, but it must behave as the record it replaced: the
 * same components, equality, hash (hashed collections keep their order) and text.
 */
class EnvelopeTest {
    record Label(String label) implements Message {}

    /** The record Envelope was, component for component. */
    record AsRecord(long id, int from, int fromPort, int to, int toPort, int sentRound, Message message) {}

    @Test
    void componentsEqualityAndHashAreTheRecordsOnes() {
        SplittableRandom rnd = new SplittableRandom(13);
        for (int i = 0; i < 2_000; i++) {
            long id = i % 3 == 0 ? rnd.nextLong() : rnd.nextInt(1000);
            int from = rnd.nextInt(1 << 20);
            int fromPort = rnd.nextInt(64);
            int to = rnd.nextInt(1 << 20);
            int toPort = rnd.nextInt(64);
            int round = rnd.nextInt();
            Message m = i % 5 == 0 ? null : new Label("m" + rnd.nextInt(4));
            Envelope e = new Envelope(id, from, fromPort, to, toPort, round, m);
            AsRecord r = new AsRecord(id, from, fromPort, to, toPort, round, m);
            assertEquals(r.hashCode(), e.hashCode());
            assertEquals(id, e.id());
            assertEquals(from, e.from());
            assertEquals(fromPort, e.fromPort());
            assertEquals(to, e.to());
            assertEquals(toPort, e.toPort());
            assertEquals(round, e.sentRound());
            assertEquals(m, e.message());
            assertEquals(e, new Envelope(id, from, fromPort, to, toPort, round, m == null ? null : new Label(m.label())));
            assertNotEquals(e, new Envelope(id, from, fromPort, to, toPort ^ 1, round, m));
            assertNotEquals(e, new Envelope(id + 1, from, fromPort, to, toPort, round, m));
        }
        assertEquals("ping#7@3", new Envelope(7, 1, 2, 4, 3, 0, new Label("ping")).toString());
    }

    @Test
    void aPortThatDoesNotFitTwoBytesIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Envelope(1, 0, 1 << 16, 1, 1, 0, new Label("x")));
    }
}
