package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code gui FILE --rounds N --lecture} on a large file: the window starts on the default scenario
 * while the file loads in the background, and the options act on the file's session once it is on
 * screen (a --screenshot follows the same way, after the load).
 */
class LargeFileStartTest extends AppFixture {
    @Override
    LockstepApp.Options options(LockstepApp.Options defaults) {
        return LockstepApp.Options.parse(java.util.List.of(LargeFileOpenTest.SAMPLE.toString(), "--rounds", "3", "--lecture"),
                new java.util.ArrayList<>()).withHome(home);
    }

    @Test
    void theOptionsApplyToTheLargeFileOnceItIsLoaded() {
        LargeFileOpenTest.waitLong("the sample is on screen", () -> fx(() -> window.session().simulation().nodeCount()) == 10_000);
        waitUntil("its rounds have run", () -> round() == 3);
        assertTrue(fx(() -> window.lecture()));
        assertEquals(3, round());
        assertTrue(fx(() -> window.errors()).isEmpty());
    }
}
