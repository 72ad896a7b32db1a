package dev.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.protocol.krl.HeightTriple;
import dev.lockstep.protocol.krl.KrlState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The KRL samples (Figs. 2-5 of the paper) show what their entries say, and their GIFs are what the commands make. */
class KrlGalleryTest {
    private static List<String> at(SampleRun run, String node, String label) {
        return run.executions(label).stream().filter(e -> run.name(e.node()).equals(node))
                .map(e -> e.round() + ":" + String.join(" ", e.sentLabels())).toList();
    }

    private static boolean sent(SampleRun run, int round, String node, String label, String message) {
        return at(run, node, label).stream().anyMatch(s -> s.startsWith(round + ":") && s.contains(message));
    }

    @Test
    void figure2_staticOperation() throws Exception {
        SampleRun run = SampleRun.of("krl-figure-2-static.json");
        assertEquals(List.of(), run.violations());
        assertEquals(5, run.sim.stats().lockRequests());
        assertEquals(5, run.sim.stats().locksAcquired());
        assertTrue(sent(run, 6, "2", "RequestCS", "Request"), "(a) 2 asks 0");
        assertTrue(sent(run, 6, "4", "RequestCS", "Request"), "(a) 4 asks 1, its lowest neighbour");
        assertTrue(sent(run, 7, "0", "ReceiveRequest", "Token(0,0,0)"), "(b) 0 gives its token to 3");
        assertTrue(sent(run, 7, "1", "ReceiveRequest", "Token(0,0,1)"), "(b) 1 gives its token to 4");
        assertTrue(sent(run, 8, "0", "ReceiveRequest", "Request(0,0,0)"), "(b) 0 follows the token with 2's request");
        assertTrue(sent(run, 9, "1", "RequestCS", "Request(0,0,1)"), "(b) 1 asks 4");
        assertTrue(sent(run, 12, "0", "ReceiveToken", "Token(0,-2,0)"), "(c) 3's token goes on from 0 to 2");
        assertTrue(sent(run, 24, "4", "RequestCS", "Request"), "(d) 4 asks 2, now its lowest neighbour");
        assertTrue(sent(run, 25, "2", "ReceiveRequest", "Token"), "(e) 2 sends 4 the token");
        assertTrue(sent(run, 27, "1", "ReceiveLinkInfo", "LinkInfo(-1,-2,1)"), "(f) 1 lowers itself below all its neighbours");
        assertEquals(new HeightTriple(-1, -2, 1), ((KrlState) run.sim.state(run.node("1"))).myHeight);
        assertTrue(run.mostLockedAtOnce <= 2, "k = 2");
    }

    @Test
    void figure3_aMovedNodeRaisesItsHeightAndReroutes() throws Exception {
        SampleRun run = SampleRun.of("krl-figure-3-link-failure.json");
        assertEquals(List.of(), run.violations());
        assertEquals(2, run.changes("cut").size());
        assertEquals(4, run.sim.stats().locksAcquired(), "3's request, lost on the cut, is still served");
        assertTrue(sent(run, 8, "3", "ReceiveLinkInfo", "LinkInfo(2,0,3) Request(2,0,3)"),
                "3 raises its height above 4 (partial reversal) and asks 4");
        assertTrue(sent(run, 18, "4", "ReceiveToken", "Token(0,-3,4)"), "the token reaches 3 through 4");
    }

    @Test
    void figures4And5_theIdleTokenAndItsForwarding() throws Exception {
        SampleRun krl = SampleRun.of("krl-figure-4-idle-token.json");
        SampleRun krlf = SampleRun.of("krlf-figure-5-forwarding.json");
        assertEquals(List.of(), krl.violations());
        assertEquals(List.of(), krlf.violations());
        assertEquals(7, krl.sim.stats().locksAcquired());
        assertEquals(7, krlf.sim.stats().locksAcquired());
        // KRL: 0's token never leaves 0, although 4, 5 and 6 wait for 1's
        assertEquals(1, ((KrlState) krl.sim.state(krl.node("0"))).numTokens);
        assertTrue(at(krl, "0", "ReleaseCS").stream().noneMatch(s -> s.contains("Token")));
        // KRLF: 0 forwards it on release, and the requesters wait less, for more messages
        assertTrue(sent(krlf, 6, "0", "ReleaseCS", "Token(0,0,0)"));
        assertTrue(krlf.sim.stats().meanWaitRounds() < krl.sim.stats().meanWaitRounds());
        assertTrue(krlf.sim.stats().messagesSent() > 2 * krl.sim.stats().messagesSent());
        assertFalse(krlf.executions("ReceiveToken").stream().noneMatch(e -> krlf.name(e.node()).equals("4")
                && e.round() == 31), "in the second wave a roaming token is already next to 4");
    }

    @Test
    void printedKrl_viewsDrift_andTheCorrectedOneRunsClean() throws Exception {
        SampleRun run = SampleRun.of("krl-paper-views-drift.json");
        assertEquals(List.of("token-oriented"), run.violations().stream().map(v -> v.check()).distinct().toList());
        assertEquals(16, run.violations().get(0).round());
        assertTrue(run.violations().get(0).message().startsWith("2 sees 0 at (0,0,0) but it is at (0,-2,0)"));
        assertTrue(sent(run, 7, "1", "ReleaseCS", "Token(0,0,1) LinkInfo(-1,0,1)"),
                "ReleaseCS l. 3-4 as printed: 1 lowers itself without a token");
        String text = Files.readString(Path.of("sample-runs", "krl-paper-views-drift.json"));
        dev.lockstep.scenario.Scenario corrected = dev.lockstep.scenario.ScenarioLoader.parse(
                text.replace("\"variant\": \"paper\"", "\"variant\": \"corrected\""), "corrected.json");
        dev.lockstep.core.adversary.Engine engine = corrected.engine(corrected.seed());
        engine.runUntil(corrected.rounds());
        assertEquals(List.of(), engine.simulation().violations(), "the corrected KRL on the same seed");
        assertEquals(11, engine.simulation().stats().locksAcquired());
    }

    @Test
    void cutOffFromEveryToken_heightsClimbThenTheRequestIsServed() throws Exception {
        SampleRun run = SampleRun.of("krl-partition-cut-link-stall.json");
        assertEquals(List.of("lockout"), run.violations().stream().map(v -> v.check()).toList());
        assertEquals(37, run.violations().get(0).round());
        assertTrue(sent(run, 7, "2", "ReceiveRequest", "LinkInfo(4,0,2)"), "2 raises itself right after the cut");
        assertTrue(sent(run, 50, "3", "ReceiveLinkInfo", "LinkInfo(47,0,3) Request(47,0,3)"), "still climbing in round 50");
        assertTrue(sent(run, 54, "2", "ReceiveRequest", "Request(46,0,2)"), "the request goes on once the link is back");
        assertEquals(1, run.sim.stats().locksAcquired());
        assertEquals(55, run.sim.stats().maxWaitRounds());
    }

    private static dev.lockstep.core.Simulation dropOnesToken(String moreDynamics) throws Exception {
        String text = Files.readString(Path.of("sample-runs", "krl-figure-2-static.json"));
        dev.lockstep.scenario.Scenario sc = dev.lockstep.scenario.ScenarioLoader.parse(text.replace("\"workload\": [",
                "\"dynamics\": [{\"round\": 8, \"lose\": {\"from\": \"1\", \"to\": \"4\", \"message\": \"Token\"}}"
                        + moreDynamics + "],\n  \"workload\": [").replace("\"rounds\": 40", "\"rounds\": 80"), "lose.json");
        dev.lockstep.core.adversary.Engine engine = sc.engine(sc.seed());
        engine.runUntil(sc.rounds());
        return engine.simulation();
    }

    /**
     * The adversary drops 1's token on its way to 4 on a live link, outside the paper's reliable
     * links: the token is counted as lost, and 1, waiting for 4's reply to it (receivedLI[4] =
     * false) for as long as the link lasts, ignores 4's heights and sees the link the wrong way;
     * 4's requests to 1 are never queued. A cut of the link heals it (LinkDown l. 3).
     */
    @Test
    void aTokenDroppedOnALiveLinkLeavesTheSendersViewStale() throws Exception {
        dev.lockstep.core.Simulation sim = dropOnesToken("");
        assertEquals(1, sim.tokensLost());
        List<String> checks = sim.violations().stream().map(v -> v.check()).distinct().toList();
        assertEquals(List.of("token-oriented", "lockout"), checks, "tokens-conserved allows for the dropped token");
        assertTrue(sim.violations().get(0).message().startsWith("1 sees 4 at (0,-1,4) but it is at (1,0,4)"));
        assertEquals(KrlState.Status.WAITING, ((KrlState) sim.state(sim.indexOf("4"))).status);

        dev.lockstep.core.Simulation healed = dropOnesToken(", {\"round\": 40, \"cut\": [\"1\", \"4\"]}, "
                + "{\"round\": 41, \"link\": [\"1\", \"4\"]}");
        assertEquals(healed.stats().lockRequests(), healed.stats().locksAcquired(), "after the cut and the re-link every request is served");
        assertEquals(KrlState.Status.REMAINDER, ((KrlState) healed.state(healed.indexOf("4"))).status);
        assertTrue(healed.violations().stream().noneMatch(v -> v.round() > 45), healed.violations().toString());
    }

    @Test
    void theGalleryShowsEachGifAndTheCommandThatMadeIt() throws Exception {
        GalleryGifs.check(List.of("krl-figure-2-static", "krl-figure-3-link-failure", "krl-figure-4-idle-token",
                "krlf-figure-5-forwarding", "krl-paper-views-drift", "krl-partition-cut-link-stall"), true);
    }
}
