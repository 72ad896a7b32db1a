package dev.lockstep.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The watch reports a heap nearly full of live data, confirmed by a collection, at most once a second. */
class MemoryWatchTest {
    private long used;
    private long freedByCollection;
    private int collections;

    private MemoryWatch watch() {
        return new MemoryWatch(() -> used, 1_000, () -> {
            collections++;
            used -= freedByCollection;
        });
    }

    /** One look at {@code used} bytes of 1,000, a full collection freeing {@code freed}: the answer and the collections run. */
    private void look(long usedNow, long freed, boolean full, int collectionsRun) {
        MemoryWatch w = watch();
        used = usedNow;
        freedByCollection = freed;
        assertEquals(full, w.nearlyFull(0));
        assertEquals(collectionsRun, collections);
    }

    @Test
    void belowTheLimitIsNotFullAndCollectsNothing() {
        look(850, 0, false, 0);
    }

    @Test
    void aboveTheLimitAfterACollectionIsFull() {
        look(900, 40, true, 1); // still 860 of 1,000 live
        assertTrue(watch().message().contains("fills 86 % of Java's 0.0 GB"), watch().message());
    }

    @Test
    void garbageTheCollectionFreesIsNoAlarm() {
        look(990, 500, false, 1);
    }

    @Test
    void itLooksAtMostOnceASecondAndKeepsItsAnswerBetween() {
        MemoryWatch w = watch();
        used = 100;
        assertFalse(w.nearlyFull(0));
        used = 950;
        assertFalse(w.nearlyFull(999_999_999L), "the last answer within the second");
        assertEquals(0, collections);
        assertTrue(w.nearlyFull(1_000_000_000L));
        used = 100;
        assertTrue(w.nearlyFull(1_500_000_000L), "still the last answer");
        assertFalse(w.nearlyFull(2_000_000_000L), "a look once the second is over");
        assertEquals(1, collections);
    }

    @Test
    void thisJvmsWatchReadsAHeapPoolThatIsNotFull() {
        assertFalse(MemoryWatch.ofThisJvm().nearlyFull(0));
        assertTrue(MemoryWatch.ofThisJvm().message().startsWith("Paused: the history fills "));
    }
}
