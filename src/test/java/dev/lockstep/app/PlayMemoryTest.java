package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.app.window.MemoryWatch;
import dev.lockstep.session.Session;
import dev.lockstep.workspace.Autosave;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Playing stops, saved and with a message, when the heap is nearly full of live data, instead of
 * running out of memory; a heap that only looked full (garbage) lets it play on.
 */
class PlayMemoryTest extends AppFixture {
    private final AtomicLong used = new AtomicLong(100);
    private final AtomicLong freed = new AtomicLong();
    private final AtomicInteger collections = new AtomicInteger();

    private void watch() {
        fx(() -> window.watchMemory(new MemoryWatch(used::get, 1_000_000_000L, () -> {
            collections.incrementAndGet();
            used.addAndGet(-freed.get());
        })));
    }

    @Test
    void playingPausesBeforeTheHeapIsFull() throws Exception {
        watch();
        fx(() -> window.togglePlay());
        waitUntil("two rounds played", () -> round() >= 2);
        assertTrue(fx(() -> window.playing()));

        used.set(950_000_000L);
        waitUntil("playing paused", () -> !fx(() -> window.playing()));
        assertEquals(1, collections.get());
        String said = fx(() -> window.statusMessage());
        assertTrue(said.startsWith("Paused: the history fills 95 % of Java's 1.0 GB"), said);
        assertTrue(said.contains("Ctrl+S") && said.contains("-Xmx"), said);
        assertTrue(fx(() -> window.errors()).isEmpty());
        int at = round();
        WaitForAsyncUtils.sleep(9, TimeUnit.SECONDS); // longer than a passing message stays
        assertEquals(at, round(), "no round after the pause");
        assertEquals(said, fx(() -> window.statusMessage()), "the reason stays on screen");
        String saved = Autosave.current(home.resolve(Autosave.FILE), home.resolve(Autosave.JOURNAL));
        assertEquals(at, Session.parse(saved, "autosave").round(), "the autosave holds the round the pause kept");
    }

    @Test
    void aHeapFullOfGarbageLetsItPlayOn() {
        watch();
        fx(() -> window.togglePlay());
        waitUntil("a round played", () -> round() >= 1);
        used.set(990_000_000L);
        freed.set(600_000_000L);
        waitUntil("the watch collected", () -> collections.get() == 1);
        int at = round();
        waitUntil("rounds after the collection", () -> round() >= at + 3);
        assertTrue(fx(() -> window.playing()));
        assertFalse(fx(() -> window.statusMessage()).startsWith("Paused"), fx(() -> window.statusMessage()));
    }
}
