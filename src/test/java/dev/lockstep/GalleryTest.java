package dev.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.SampleRun.Acquisition;
import dev.lockstep.SampleRun.Change;
import dev.lockstep.SampleRun.Exec;
import dev.lockstep.application.amoebot.NoCollisionCheck;
import dev.lockstep.application.amoebot.Particles;
import dev.lockstep.application.population.Agents;
import dev.lockstep.application.population.ConservationCheck;
import dev.lockstep.application.population.IsolationCheck;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.check.DeadlockCheck;
import dev.lockstep.core.Violation;
import dev.lockstep.protocol.lme.LmeState;
import dev.lockstep.protocol.ricartagrawala.RaState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Each sample of the gallery (sample-runs/README.md) shows what its entry says it teaches. Every
 * claim is found in the run itself — which node, which round — so a change to the protocol or the
 * scheduler that quietly stops a sample from showing its lesson fails here.
 */
class GalleryTest {

    /** The lock set a request must end with (Sec. 2.2): the node plus the neighbours that persisted. */
    private static Set<Integer> persistentNeighbourhood(SampleRun run, Acquisition a) {
        Set<Integer> expected = new TreeSet<>(Set.of(a.node()));
        expected.addAll(a.persistedNeighbours());
        return expected;
    }

    @Test
    void figure1_aNeighbourLeavesAtIPlusOneAndANewOneArrives_neitherIsLocked() throws Exception {
        SampleRun run = SampleRun.of("figure-1-persistent-neighbourhood.json");
        assertEquals(List.of(), run.violations());
        Acquisition hit = null;
        for (Acquisition a : run.acquisitions) {
            Set<Integer> gone = new TreeSet<>(a.neighboursAtRequest());
            gone.removeAll(persistentNeighbourhood(run, a));
            Set<Integer> arrived = new TreeSet<>(a.neighboursAtSuccess());
            arrived.removeAll(a.neighboursAtRequest());
            if (gone.isEmpty() || arrived.isEmpty()) continue;
            hit = a;
            assertEquals(persistentNeighbourhood(run, a), a.lockSet(), "L_j(u) is u plus the persistent neighbours");
            for (int v : gone) {
                assertFalse(a.lockSet().contains(v));
                int cutRound = run.changes("cut").stream().filter(c -> c.u() == a.node() && c.v() == v
                        || c.u() == v && c.v() == a.node()).mapToInt(Change::round).min().orElseThrow();
                assertEquals(a.requestRound() + 1, cutRound, "as in the figure, the neighbour leaves at time i+1");
            }
            for (int w : arrived) assertFalse(a.lockSet().contains(w), "a neighbour that arrived later is not locked");
            break;
        }
        assertNotNull(hit, "a request during which one neighbour left and another arrived: " + run.acquisitions);
        assertTrue(hit.lockSet().size() >= 3, "the figure's u keeps most of its neighbourhood");
    }

    @Test
    void tie_everyCompetitorLosesTheFirstTrial_andALaterTrialHasAWinner() throws Exception {
        SampleRun run = SampleRun.of("tie-everyone-loses.json");
        assertEquals(List.of(), run.violations());
        Map<Integer, Integer> firstPriority = new HashMap<>();
        for (Exec e : run.executions("CheckStart")) firstPriority.putIfAbsent(e.node(), e.record().draws()[0]);
        assertTrue(firstPriority.size() >= 2, "several nodes compete: " + firstPriority);
        assertEquals(1, new HashSet<>(firstPriority.values()).size(), "they all drew the same priority: " + firstPriority);

        List<Exec> firstWins = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        for (Exec e : run.executions("CheckWin")) if (seen.add(e.node())) firstWins.add(e);
        assertEquals(firstPriority.keySet(), seen, "every competitor finished a trial");
        int firstDecision = firstWins.stream().mapToInt(Exec::round).min().orElseThrow();
        for (Exec e : firstWins) {
            assertTrue(e.sentLabels().stream().allMatch(l -> l.startsWith("request-lock(")),
                    run.name(e.node()) + " lost its first trial and drew again: " + e.sentLabels());
        }
        // The trial's deciders: each saw the equal priorities with nobody locked, so nobody won.
        List<Exec> firstDecisions = run.executions("CheckPriorities").stream()
                .filter(e -> e.round() < firstDecision).toList();
        assertFalse(firstDecisions.isEmpty());
        for (Exec e : firstDecisions) {
            assertTrue(e.sentLabels().size() >= 2 && e.sentLabels().stream().allMatch(l -> l.equals("win(false)")),
                    "a tie: every candidate gets win(false), " + e.sentLabels());
            assertEquals(LmeState.UNLOCKED, ((LmeState) e.after()).lock(), "no lock held: the loss is the tie's");
        }
        Exec winner = run.executions("CheckWin").stream().filter(e -> e.sentLabels().contains("set-lock()"))
                .findFirst().orElseThrow(() -> new AssertionError("nobody ever won"));
        assertTrue(winner.round() > firstDecision);
        assertEquals(firstPriority.size(), run.acquisitions.size(), "everyone gets its locks in the end");
    }

    @Test
    void dragged_theMovedNodeWasCompeting_andNeitherSideLocksTheOther() throws Exception {
        SampleRun run = SampleRun.of("node-dragged-away-mid-competition.json");
        assertEquals(List.of(), run.violations());
        Change move = run.changes("move").stream()
                .filter(c -> ((LmeState) c.uState()).state() == LmeState.State.COMPETE).findFirst()
                .orElseThrow(() -> new AssertionError("no node was dragged while competing: " + run.changes));
        int v = move.u();
        Set<Integer> cutOff = new TreeSet<>();
        Set<Integer> newNeighbours = new TreeSet<>();
        for (Change c : run.changes) {
            if (c.round() != move.round() || c.kind().equals("move")) continue;
            int other = c.u() == v ? c.v() : c.v() == v ? c.u() : -1;
            if (other < 0) continue;
            (c.kind().equals("cut") ? cutOff : newNeighbours).add(other);
        }
        assertFalse(cutOff.isEmpty(), "the drag broke v's edges");
        assertFalse(newNeighbours.isEmpty(), "and brought v next to someone new");

        Acquisition vLocked = run.acquisitions.stream().filter(a -> a.node() == v).findFirst().orElseThrow();
        assertTrue(vLocked.requestRound() < move.round() && vLocked.round() > move.round());
        assertEquals(persistentNeighbourhood(run, vLocked), vLocked.lockSet());
        for (int u : cutOff) assertFalse(vLocked.lockSet().contains(u), "v does not lock the neighbours it left");
        for (int w : newNeighbours) assertFalse(vLocked.lockSet().contains(w), "nor the one it met");
        // Those it left carry on without it.
        for (int u : cutOff) {
            for (Acquisition a : run.acquisitions) {
                if (a.node() == u && a.requestRound() < move.round()) {
                    assertFalse(a.lockSet().contains(v), run.name(u) + " locks without v");
                }
            }
        }
        assertTrue(run.acquisitions.stream().anyMatch(a -> cutOff.contains(a.node()) && a.requestRound() < move.round()),
                "a competitor v left behind still got its locks");
    }

    @Test
    void onHold_prepareDuringACompetitionWaits_thenTheApplicantsBecomeCandidates() throws Exception {
        SampleRun run = SampleRun.of("on-hold-applicants-become-candidates.json");
        assertEquals(List.of(), run.violations());
        // Per participant and port: rounds the port was first on hold, then an applicant, then a candidate.
        Map<Integer, Map<Integer, int[]>> stages = new HashMap<>();
        Map<Integer, Set<Integer>> readyOnRelease = new HashMap<>();
        for (Exec e : run.executions) {
            LmeState s = (LmeState) e.after();
            Map<Integer, int[]> byPort = stages.computeIfAbsent(e.node(), k -> new HashMap<>());
            for (int p = 1; p <= run.sim.delta(); p++) {
                int[] st = byPort.computeIfAbsent(p, k -> new int[] {-1, -1, -1});
                if (st[0] < 0 && PortSet.contains(s.H(), p)) st[0] = e.round();
                if (st[0] >= 0 && st[1] < 0 && PortSet.contains(s.A(), p) && !PortSet.contains(s.H(), p)) {
                    st[1] = e.round();
                    for (var sent : e.record().sent()) {
                        if (sent.port() == p && sent.message().label().equals("ready()")) {
                            readyOnRelease.computeIfAbsent(e.node(), k -> new HashSet<>()).add(p);
                        }
                    }
                }
                if (st[1] >= 0 && st[2] < 0 && PortSet.contains(s.C(), p)) st[2] = e.round();
            }
        }
        boolean shown = false;
        for (var byNode : stages.entrySet()) {
            List<Integer> promoted = byNode.getValue().entrySet().stream()
                    .filter(x -> x.getValue()[2] >= 0).map(Map.Entry::getKey).toList();
            if (promoted.size() < 2) continue;
            shown = true;
            for (int p : promoted) {
                int[] st = byNode.getValue().get(p);
                assertTrue(st[0] < st[1] && st[1] < st[2], "on hold, then applicant, then candidate");
                assertTrue(readyOnRelease.getOrDefault(byNode.getKey(), Set.of()).contains(p),
                        "the participant answers ready() when it releases its holds");
                int applicant = run.sim.peer(byNode.getKey(), p);
                assertTrue(run.acquisitions.stream().anyMatch(a -> a.node() == applicant && a.round() > st[2]),
                        run.name(applicant) + " gets its locks after becoming a candidate");
            }
        }
        assertTrue(shown, "a participant holds two applicants that later become candidates");
    }

    @Test
    void swarm_runsLongWithChurnAndMoves_everyRequestSucceeds() throws Exception {
        SampleRun run = SampleRun.of("swarm-long-dynamic-40.json");
        assertEquals(List.of(), run.violations());
        assertTrue(run.scenario.rounds() >= 2000, "long: " + run.scenario.rounds());
        assertTrue(run.changes("move").size() >= 100, "nodes keep moving: " + run.changes("move").size());
        assertTrue(run.changes("cut").size() >= 500, "edges keep breaking: " + run.changes("cut").size());
        assertTrue(run.executions.stream().anyMatch(e -> e.record().asynchronous() && e.record().startRound() < e.round()),
                "executions span rounds");
        long requests = run.sim.stats().lockRequests();
        assertTrue(requests >= 200, "busy: " + requests);
        assertEquals(requests, run.sim.stats().locksAcquired(), "every request succeeds once the swarm settles");
        assertTrue(run.acquisitions.stream().anyMatch(a -> !a.lockSet().containsAll(a.neighboursAtRequest())),
                "some requests lose neighbours on the way and lock only the persistent ones");
        for (Acquisition a : run.acquisitions) assertEquals(persistentNeighbourhood(run, a), a.lockSet());
    }

    @Test
    void ricartAgrawala_2nMinus1MessagesPerRequest_andDeferredOks() throws Exception {
        SampleRun run = SampleRun.of("ricart-agrawala-complete-5.json");
        assertEquals(List.of(), run.violations());
        int n = run.sim.nodeCount();
        long requests = run.sim.stats().lockRequests();
        assertTrue(requests > 0);
        assertEquals(requests, run.sim.stats().locksAcquired());
        assertEquals((2L * n - 1) * requests, run.sim.stats().messagesSent(), "2n-1 messages per request");
        assertTrue(run.executions("ReceiveTry").stream().anyMatch(e -> ((RaState) e.after()).deferred != 0),
                "a process in its critical section or with an earlier request defers an ok");
        assertEquals(1, run.mostLockedAtOnce, "one process at a time in its critical section");
    }

    @Test
    void ricartAgrawalaStall_aRequestIsNeverGrantedAfterTheCut_andTheDeadlockCheckSaysSo() throws Exception {
        SampleRun run = SampleRun.of("ricart-agrawala-cut-link-stall.json");
        List<Change> cuts = run.changes("cut");
        assertEquals(1, cuts.size());
        int cutRound = cuts.get(0).round();
        List<Integer> stalled = new ArrayList<>();
        for (int u = 0; u < run.sim.nodeCount(); u++) {
            if (run.sim.status(u) == OperationStatus.LOCKING) stalled.add(u);
        }
        assertEquals(0, run.sim.stats().locksAcquired(), "nobody ever enters its critical section");
        assertTrue(stalled.size() >= 2, "the requester and whoever asks it later: " + stalled);
        int first = cuts.get(0).u();
        assertTrue(stalled.contains(first));
        RaState s = (RaState) run.sim.state(first);
        long missing = s.expected & ~s.oks;
        assertEquals(1, PortSet.size(missing), "one ok is missing");
        assertEquals(-1, run.sim.peer(first, PortSet.first(missing)), "the one from the severed port");
        for (int u : stalled) {
            if (u == first) continue;
            assertTrue(PortSet.contains(s.deferred, run.sim.portTo(first, u)),
                    run.name(first) + " defers " + run.name(u) + "'s ok behind its own stuck request");
        }
        Violation deadlock = run.violations().stream().filter(v -> v.check().equals(DeadlockCheck.NAME)).findFirst()
                .orElseThrow(() -> new AssertionError("the deadlock check fires: " + run.violations()));
        assertTrue(deadlock.round() > cutRound);
        assertEquals(new TreeSet<>(stalled), new TreeSet<>(deadlock.nodes()));
    }

    @Test
    void ring_nonAdjacentNodesHoldLocksAtTheSameTime() throws Exception {
        SampleRun run = SampleRun.of("ring-8.json");
        assertEquals(List.of(), run.violations());
        assertTrue(run.mostLockedAtOnce >= 2, "local, not global, mutual exclusion: " + run.mostLockedAtOnce);
        for (Acquisition a : run.acquisitions) assertEquals(3, a.lockSet().size(), "a node and its two neighbours");
    }

    @Test
    void gridChurn_requestsLoseNeighboursOnTheWay_andLockTheirPersistentNeighbourhood() throws Exception {
        SampleRun run = SampleRun.of("grid-5x5-churn.json");
        assertEquals(List.of(), run.violations());
        assertTrue(run.changes("cut").size() >= 50, "churn: " + run.changes("cut").size());
        long shrunk = run.acquisitions.stream().filter(a -> !a.lockSet().containsAll(a.neighboursAtRequest())).count();
        assertTrue(shrunk > 0, "a request whose neighbour was cut before it succeeded");
        for (Acquisition a : run.acquisitions) assertEquals(persistentNeighbourhood(run, a), a.lockSet());
    }

    @Test
    void unitDiskSwarm_movesAndAsynchronousExecutions_withoutViolations() throws Exception {
        SampleRun run = SampleRun.of("unit-disk-swarm-30.json");
        assertEquals(List.of(), run.violations());
        assertFalse(run.changes("move").isEmpty());
        assertTrue(run.executions.stream().anyMatch(e -> e.record().startRound() < e.round()), "executions span rounds");
        assertTrue(run.mostLockedAtOnce >= 2);
    }

    @Test
    void majority_withLocksStaysIsolatedAndConverges_withoutLocksBreaksWithinAFewRounds() throws Exception {
        SampleRun with = SampleRun.of("majority-with-locks-moving-16.json");
        assertEquals(List.of(), with.violations());
        assertFalse(with.changes("move").isEmpty(), "the graph moves");
        Agents a = (Agents) with.sim.application();
        assertEquals(a.conservedAtStart(), a.conserved());
        assertEquals(0, a.consensus(), "every agent ends with opinion A, the initial majority");
        assertTrue(a.consensusSince() > 0 && a.consensusSince() < 1000, "consensus at round " + a.consensusSince());
        SampleRun without = SampleRun.of("majority-without-locks-moving-16.json");
        assertEquals(with.scenario.nodes(), without.scenario.nodes(), "the same agents");
        Violation firstBreak = without.violations().stream().filter(v -> v.check().equals(ConservationCheck.NAME))
                .findFirst().orElseThrow(() -> new AssertionError("the invariant never broke"));
        assertTrue(firstBreak.round() <= 5, "within a few rounds: " + firstBreak);
        assertTrue(without.violations().stream().anyMatch(v -> v.check().equals(IsolationCheck.NAME) && v.round() <= firstBreak.round()),
                "a clash comes first");
        SampleRun approx = SampleRun.of("approximate-majority-with-locks-moving-16.json");
        assertEquals(List.of(), approx.violations());
        assertEquals(0, ((Agents) approx.sim.application()).consensus(), "x, the initial majority");
    }

    @Test
    void amoebots_withLocksNeverCollideAndEveryLockIsServedInTime_withoutLocksCollideWithinAFewDozenRounds() throws Exception {
        SampleRun with = SampleRun.of("amoebots-with-locks-30.json");
        assertEquals(List.of(), with.violations(), "no collision, and the lockout check (1000 rounds) stays quiet");
        Particles p = (Particles) with.sim.application();
        assertEquals(30, p.particles());
        assertTrue(p.expansions() > 30 && p.contractions() > 15, "the particles move: " + p.expansions() + ", " + p.contractions());
        assertFalse(with.changes("cut").isEmpty() || with.changes("link").isEmpty(), "the graph follows them");
        assertTrue(with.sim.stats().locksAcquired() > 50);
        SampleRun without = SampleRun.of("amoebots-without-locks-30.json");
        assertEquals(with.scenario.nodes(), without.scenario.nodes(), "the same particles");
        Violation first = without.violations().get(0);
        assertEquals(NoCollisionCheck.NAME, first.check());
        assertTrue(first.round() <= 50, "within a few dozen rounds: " + first);
        assertEquals("p05 and p07 are both expanding into (8,-2)", first.message());
        assertTrue(without.violations().stream().anyMatch(v -> v.message().startsWith("cell ")), "and some end on one cell");
        assertEquals(0, without.sim.stats().lockRequests(), "no Lock at all");
    }

    @Test
    void majority_pairLocksWaitLessThanNeighbourhoodLocks_andStayIsolated() throws Exception {
        SampleRun pair = SampleRun.of("majority-pair-locks-moving-16.json");
        SampleRun whole = SampleRun.of("majority-with-locks-moving-16.json");
        assertEquals(whole.scenario.nodes(), pair.scenario.nodes(), "the same agents");
        assertEquals(List.of(), pair.violations());
        Agents a = (Agents) pair.sim.application();
        assertEquals(a.conservedAtStart(), a.conserved());
        assertEquals(0, a.consensus(), "every agent ends with opinion A, the initial majority");
        double pairWait = pair.sim.stats().meanWaitRounds(), wholeWait = whole.sim.stats().meanWaitRounds();
        assertTrue(pairWait < 0.75 * wholeWait, "no lengthy competition: mean wait " + pairWait + " against " + wholeWait);
        assertTrue(a.interactions() > ((Agents) whole.sim.application()).interactions(), "more interactions");
        assertTrue(a.alone() > 0, "some chosen partners walk away during the wait");
        // p06 has four neighbours but prepares only itself and its chosen partner p15
        int p06 = pair.sim.indexOf("p06");
        Exec init = pair.executions("InitLock").stream().filter(e -> e.record().node() == p06).findFirst().orElseThrow();
        assertEquals(List.of(0, 4), init.record().sent().stream().map(dev.lockstep.core.Sent::port).toList());
    }

    @Test
    void flaw4_theSecondLockCallConsumesTheCutWithoutProcessingIt_andXWaitsForever() throws Exception {
        SampleRun run = SampleRun.of("flaw-4-lock-call-drops-cut.json");
        int x = run.sim.indexOf("x");
        List<Change> cuts = run.changes("cut");
        assertEquals(1, cuts.size());
        assertEquals(1, cuts.get(0).round());
        List<Exec> calls = run.executions("InitLock");
        assertEquals(2, calls.size(), "two Lock calls at x");
        Exec second = calls.get(1);
        assertEquals(1, second.round(), "in the round of the cut");
        assertEquals(PortSet.of(1), second.record().disconnected(), "the call's execution consumed the cut ...");
        assertEquals(PortSet.of(0, 1), ((LmeState) second.after()).L(), "... and did not process it");
        assertEquals(LmeState.State.PREPARE, ((LmeState) second.after()).state());
        assertEquals(1, run.sim.stats().lockRequests(), "the second call did not apply");
        Violation deadlock = run.violations().stream().filter(v -> v.check().equals(DeadlockCheck.NAME)).findFirst()
                .orElseThrow(() -> new AssertionError("deadlock: " + run.violations()));
        assertEquals(3, deadlock.round());
        assertEquals(List.of(x), deadlock.nodes());
    }

    /** Every scenario in sample-runs/ has a gallery entry that says how to open it. */
    @Test
    void everySampleHasAGalleryEntry() throws Exception {
        String gallery = Files.readString(Path.of("sample-runs", "README.md"));
        for (Path p : SampleRunsTest.samples()) {
            String command = "java -jar target/lockstep.jar gui sample-runs/" + p.getFileName();
            assertTrue(gallery.contains(command), "sample-runs/README.md lacks `" + command + "`");
        }
        assertTrue(Files.readString(Path.of("README.md")).contains("sample-runs/README.md"),
                "the main README links the gallery");
        GalleryGifs.check(List.of("figure-1-persistent-neighbourhood", "tie-everyone-loses",
                "node-dragged-away-mid-competition", "on-hold-applicants-become-candidates", "swarm-long-dynamic-40",
                "ricart-agrawala-cut-link-stall"), false);
        GalleryGifs.check(List.of("majority-with-locks-moving-16", "majority-without-locks-moving-16",
                "approximate-majority-with-locks-moving-16", "majority-pair-locks-moving-16",
                "amoebots-with-locks-30", "amoebots-without-locks-30"), true);
    }

    /** The budget for the gallery, GIFs included. */
    @Test
    void theGalleryStaysUnder20MB() throws Exception {
        long bytes;
        try (var files = Files.walk(Path.of("sample-runs"))) {
            bytes = files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
        assertTrue(bytes < 20L * 1024 * 1024, bytes + " bytes");
    }
}
