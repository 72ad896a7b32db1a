package dev.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.SampleRun.Change;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.Violation;
import dev.lockstep.core.check.DeadlockCheck;
import dev.lockstep.protocol.lamport.LtState;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The Lamport samples of the gallery show what their entries say, and their GIFs are what the commands make. */
class LamportGalleryTest {

    @Test
    void lamport_3nMinus1MessagesPerRequest_servedByLogicalTime_andExitIsARegion() throws Exception {
        SampleRun run = SampleRun.of("lamport-complete-5.json");
        assertEquals(List.of(), run.violations());
        int n = run.sim.nodeCount();
        long requests = run.sim.stats().lockRequests();
        assertTrue(requests > 0);
        assertEquals(requests, run.sim.stats().locksAcquired());
        assertEquals((3L * n - 1) * requests, run.sim.stats().messagesSent(), "3n-1 messages per request");
        assertEquals(1, run.mostLockedAtOnce, "one process at a time in its critical section");
        // the entry's rounds: p3, p4, p1 enter C in rounds 16, 24, 31 (logical-time order)
        List<String> firstThree = new ArrayList<>();
        for (SampleRun.Exec e : run.executions("Crit")) {
            if (firstThree.size() < 3) firstThree.add(run.name(e.node()) + "@" + e.round());
        }
        assertEquals(List.of("p3@16", "p4@24", "p1@31"), firstThree);
        assertTrue(run.executions("Rem").stream().anyMatch(e -> e.round() > 20), "exit then rem");
    }

    @Test
    void lamportStall_aRequestIsNeverGrantedAfterTheCut_andTheOthersWaitBehindIt() throws Exception {
        SampleRun run = SampleRun.of("lamport-cut-link-stall.json");
        List<Change> cuts = run.changes("cut");
        assertEquals(1, cuts.size());
        List<Integer> stalled = new ArrayList<>();
        for (int u = 0; u < run.sim.nodeCount(); u++) {
            if (run.sim.status(u) == OperationStatus.LOCKING) stalled.add(u);
        }
        assertEquals(0, run.sim.stats().locksAcquired(), "nobody ever enters its critical section");
        int first = cuts.get(0).u();
        assertEquals(List.of(first, run.sim.indexOf("p4")), stalled);
        LtState s = (LtState) run.sim.state(first);
        long missing = s.expected & ~s.laterHeard();
        assertEquals(1, PortSet.size(missing), "one later message is missing");
        assertEquals(-1, run.sim.peer(first, PortSet.first(missing)), "the one from the severed port");
        LtState p4 = (LtState) run.sim.state(run.sim.indexOf("p4"));
        assertEquals(p4.expected, p4.laterHeard(), "p4 has heard from everybody ...");
        assertEquals(PortSet.bit(run.sim.portTo(run.sim.indexOf("p4"), first)), p4.earlierPending(),
                "... and waits for p1's earlier request");
        Violation deadlock = run.violations().stream().filter(v -> v.check().equals(DeadlockCheck.NAME)).findFirst()
                .orElseThrow(() -> new AssertionError("the deadlock check fires: " + run.violations()));
        assertEquals(9, deadlock.round());
        assertEquals(new TreeSet<>(stalled), new TreeSet<>(deadlock.nodes()));
    }

    @Test
    void theGalleryShowsEachGifAndTheCommandThatMadeIt() throws Exception {
        GalleryGifs.check(List.of("lamport-complete-5", "lamport-cut-link-stall"), true);
    }
}
