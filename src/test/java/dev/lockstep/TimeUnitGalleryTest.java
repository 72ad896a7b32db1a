package dev.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.adversary.LinkChanges;
import dev.lockstep.core.adversary.PoissonWorkload;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The gallery's time-unit sample shows what its entry says (sample-runs/README.md), from the run itself. */
class TimeUnitGalleryTest {
    static final String FILE = "krl-poisson-link-changes.json";

    @Test
    void krlPoisson_randomRequestsAndLinkChanges_everyChangeInTheBand_requestsServed() throws Exception {
        SampleRun run = SampleRun.of(FILE);
        assertEquals(new PoissonWorkload(10, 1, Integer.MAX_VALUE), run.scenario.workload());
        LinkChanges lc = run.scenario.linkChanges();
        int initial = run.scenario.edges().length / 2;
        assertEquals(23, initial);
        assertEquals(List.of(21, 25), List.of(lc.minEdges(initial), lc.maxEdges(initial)), "the entry's band");

        List<SampleRun.Change> changes = run.changes.stream().filter(c -> c.round() > 0).toList();
        // the entry's Watch list: the changes of rounds 40-100, the GIF's window
        List<String> window = changes.stream().filter(c -> c.round() >= 40 && c.round() <= 100)
                .map(c -> c.round() + " " + c.kind() + " " + run.name(Math.min(c.u(), c.v())) + "-" + run.name(Math.max(c.u(), c.v())))
                .toList();
        assertEquals(List.of("46 cut 11-12", "58 link 8-12", "66 cut 0-5", "92 link 3-11", "92 cut 3-7"), window);
        int edges = initial;
        for (SampleRun.Change c : changes) {
            edges += c.kind().equals("link") ? 1 : -1;
            assertTrue(edges >= 21 && edges <= 25, "round " + c.round() + ": " + edges + " edges");
        }
        // 0.05 changes per round over 999 rounds: about 50 (the entry does not promise a number)
        assertTrue(changes.size() > 30 && changes.size() < 75, changes.size() + " link changes");

        long requests = run.lockCalls.size();
        assertTrue(requests > 400, "requests arrive all along: " + requests);
        assertTrue(run.acquisitions.size() >= requests - run.sim.nodeCount(), "every request but the last few is served");
        assertTrue(run.lockCalls.stream().anyMatch(c -> c[0] > 900), "requests still arrive at the end");
    }

    @Test
    void theGalleryShowsTheGifAndTheCommandThatMadeIt() throws Exception {
        GalleryGifs.check(List.of("krl-poisson-link-changes"), true);
    }
}
