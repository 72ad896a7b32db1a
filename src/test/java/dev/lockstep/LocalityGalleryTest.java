package dev.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.SampleRun.Acquisition;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The gallery's 10,000-node sample shows locality: every lock set is a node and some of its
 * neighbours, however large the network, and many far-apart nodes hold their locks at once. Its
 * entry names the file, the command that opens it and the screenshots of the level of detail.
 */
class LocalityGalleryTest {
    static final String FILE = "unit-disk-10000-locality.json";

    @Test
    void tenThousandNodes_everyLockSetStaysInItsNeighbourhood_andManyAreHeldAtOnce() throws Exception {
        SampleRun run = SampleRun.of(FILE);
        assertEquals(10_000, run.sim.nodeCount());
        assertEquals(List.of(), run.violations());
        assertTrue(run.acquisitions.size() >= 500, "acquisitions: " + run.acquisitions.size());
        for (Acquisition a : run.acquisitions) {
            Set<Integer> neighbourhood = new TreeSet<>(a.neighboursAtSuccess());
            neighbourhood.add(a.node());
            assertTrue(a.lockSet().contains(a.node()), "a node locks itself");
            assertTrue(neighbourhood.containsAll(a.lockSet()), run.name(a.node()) + " locks only its neighbourhood: "
                    + a.lockSet() + " within " + neighbourhood);
            assertTrue(a.lockSet().size() <= run.sim.delta() + 1);
        }
        assertTrue(run.mostLockedAtOnce >= 40, "lock sets held at once: " + run.mostLockedAtOnce);
    }

    @Test
    void theGalleryListsTheSampleWithItsCommandAndScreenshots() throws Exception {
        String gallery = Files.readString(Path.of("sample-runs", "README.md"));
        assertTrue(gallery.contains("](#10000-nodes-on-a-unit-disk-locality)"), "listed in the table");
        assertTrue(gallery.contains("java -jar target/lockstep.jar gui sample-runs/" + FILE), "with the command that opens it");
        for (String shot : List.of("locality-10000-zoom-6.png", "locality-10000-zoom-30.png")) {
            assertTrue(gallery.contains("](../assets/screenshots/" + shot + ")"), shot);
            assertTrue(Files.size(Path.of("assets", "screenshots", shot)) > 10_000, shot);
        }
    }
}
