package dev.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.EventStatistics;

/**
 * The suite-wide seeds of PropertySeeds, seen from outside: each case runs a small jqwik property
 * through the JUnit platform (as surefire does) and compares the values it was given.
 */
class PropertySeedsTest {
    static final List<Long> drawn = new ArrayList<>();
    static boolean failOnce;

    static class Draws {
        @Property(tries = 7)
        void draws(@ForAll long value) {
            drawn.add(value);
        }

        @Property(tries = 7)
        void drawsToo(@ForAll long value) {
            drawn.add(value);
        }
    }

    static class Pinned {
        @Property(tries = 7, seed = "42")
        void pinned(@ForAll long value) {
            drawn.add(value);
        }

        @Property(tries = 7, seed = "42")
        void pinnedToo(@ForAll long value) {
            drawn.add(value);
        }
    }

    static class Flaky {
        @Property(tries = 7)
        void flaky(@ForAll long value) {
            drawn.add(value);
            if (failOnce && value != 0) throw new AssertionError("a failure the next run must not replay");
        }
    }

    private static List<Long> run(Class<?> fixture, String method, String explore, boolean succeeds) {
        String before = System.getProperty(PropertySeeds.EXPLORE);
        if (explore == null) System.clearProperty(PropertySeeds.EXPLORE);
        else System.setProperty(PropertySeeds.EXPLORE, explore);
        drawn.clear();
        try {
            EngineTestKit.engine("jqwik").selectors(selectMethod(fixture, method, "long")).execute().testEvents()
                    .assertStatistics(succeeds ? (EventStatistics s) -> s.succeeded(1) : (EventStatistics s) -> s.failed(1));
            return List.copyOf(drawn);
        } finally {
            if (before == null) System.clearProperty(PropertySeeds.EXPLORE);
            else System.setProperty(PropertySeeds.EXPLORE, before);
        }
    }

    @Test
    void aPropertyDrawsTheSameValuesOnEveryRun() {
        List<Long> first = run(Draws.class, "draws", null, true);
        assertEquals(7, first.size());
        assertEquals(first, run(Draws.class, "draws", null, true));
        // the seed comes from the name: another property gets other values
        assertNotEquals(first, run(Draws.class, "drawsToo", null, true));
    }

    @Test
    void aSeedThePropertyDeclaresIsKept() {
        // two properties, one declared seed: if the names set the seeds, the values would differ
        assertEquals(run(Pinned.class, "pinned", null, true), run(Pinned.class, "pinnedToo", null, true));
    }

    @Test
    void aStoredFailureDoesNotChangeTheNextRun() {
        List<Long> clean = run(Flaky.class, "flaky", null, true);
        failOnce = true;
        try {
            run(Flaky.class, "flaky", null, false);
        } finally {
            failOnce = false;
        }
        // jqwik stored the failure in its database; replaying it first would put its sample in front
        assertEquals(clean, run(Flaky.class, "flaky", null, true));
    }

    @Test
    void exploringDrawsFreshSeedsAndMoreTries() {
        List<Long> first = run(Draws.class, "draws", "3", true);
        assertEquals(21, first.size());
        assertNotEquals(first, run(Draws.class, "draws", "3", true));
        assertNotEquals(run(Pinned.class, "pinned", "2", true), run(Pinned.class, "pinned", "2", true));
    }

    /** Draws.draws with the seed its names give it, written out: the number may never change. */
    static class DrawsWithItsSeedWrittenOut {
        @Property(tries = 7, seed = "6092781284113152943")
        void draws(@ForAll long value) {
            drawn.add(value);
        }
    }

    @Test
    void theSeedOfAPropertyIsTheSameOnEveryJvm() throws NoSuchMethodException {
        // String.hashCode is specified by the JLS, so the seed made of the names is a constant
        assertEquals("6092781284113152943", PropertySeeds.seedFor(Draws.class, Draws.class.getDeclaredMethod("draws", long.class)));
        assertEquals(run(DrawsWithItsSeedWrittenOut.class, "draws", null, true), run(Draws.class, "draws", null, true));
    }
}
