package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class WorkersTest {
    @Test
    void everyIdIsVisitedExactlyOnceForAnyThreadCountAndGrain() {
        for (int threads : new int[] {1, 2, 3, 8}) {
            try (Workers w = new Workers(threads)) {
                for (int n : new int[] {0, 1, 7, 100, 10_001}) {
                    for (int grain : new int[] {1, 16, 1000}) {
                        AtomicIntegerArray seen = new AtomicIntegerArray(n);
                        w.forRange(n, grain, (from, to) -> {
                            for (int i = from; i < to; i++) seen.incrementAndGet(i);
                        });
                        int[] got = new int[n];
                        for (int i = 0; i < n; i++) got[i] = seen.get(i);
                        int[] once = new int[n];
                        java.util.Arrays.fill(once, 1);
                        assertArrayEquals(once, got, threads + " threads, n " + n + ", grain " + grain);
                    }
                }
            }
        }
    }

    @Test
    void severalThreadsAreUsedWhenThereIsEnoughWork() {
        try (Workers w = new Workers(4)) {
            Set<String> names = threadsOfSlowRanges(w, 20);
            assertEquals(true, names.size() > 1, names.toString());
        }
    }

    /** The names of the threads that ran the ranges of 1000 ids, each range taking {@code millis}. */
    private static Set<String> threadsOfSlowRanges(Workers w, long millis) {
        Set<String> names = ConcurrentHashMap.newKeySet();
        w.forRange(1000, 1, (from, to) -> {
            names.add(Thread.currentThread().getName());
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return names;
    }

    /** The caller's thread is one of the threads: it takes ranges too, and no more threads run than asked for. */
    @Test
    void theCallerTakesRangesAndNoMoreThreadsRunThanAsked() {
        for (int threads : new int[] {2, 3}) {
            try (Workers w = new Workers(threads)) {
                Set<String> names = threadsOfSlowRanges(w, 5);
                assertTrue(names.contains(Thread.currentThread().getName()), names.toString());
                assertTrue(names.size() <= threads, threads + " threads: " + names);
            }
        }
    }

    @Test
    void theLowestFailingRangeIsReportedWhateverFinishesFirst() {
        try (Workers w = new Workers(4)) {
            for (int i = 0; i < 20; i++) {
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> w.forRange(1000, 1, (from, to) -> {
                    if (from >= 500) throw new IllegalStateException("range " + from);
                    if (from > 0) throw new IllegalStateException("low " + from);
                }));
                assertEquals("low 62", e.getMessage()); // 16 ranges of 1000 ids: the second starts at 62
            }
        }
    }

    @Test
    void zeroThreadsIsRefusedWithTheReason() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Workers(0));
        assertEquals("threads must be at least 1, not 0", e.getMessage());
    }
}
