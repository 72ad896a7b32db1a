package dev.lockstep.protocol.krl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.NodeMarks;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Pseudocode.Span;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.protocol.krl.KrlMessages.Request;
import dev.lockstep.protocol.krl.KrlMessages.Token;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** KRL's looks on Fig. 2's run: the lines each execution ran, its sentence, marks and arrows. */
class KrlPresentationTest {
    private record Shown(ExecutionRecord r, List<Span> lines, String sentence) {}

    @SuppressWarnings("unchecked")
    private static List<Shown> run(String sample) throws Exception {
        Scenario sc = ScenarioLoader.load(Path.of("sample-runs", sample));
        Engine e = sc.engine(sc.seed());
        Simulation sim = e.simulation();
        ProtocolPresentation<NodeState> p = (ProtocolPresentation<NodeState>) (Object) sim.protocol().presentation();
        NodeState[] before = new NodeState[sim.nodeCount()];
        for (int u = 0; u < before.length; u++) before[u] = sim.state(u).copy();
        List<Shown> out = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override
            public void executed(ExecutionRecord r) {
                NodeState b = before[r.node()];
                out.add(new Shown(r, p.executedLines(r, b, sim), p.narrate(r, b, sim)));
                before[r.node()] = r.state().copy();
            }
        });
        e.runUntil(sc.rounds());
        return out;
    }

    private static Shown find(List<Shown> all, int round, int node, String label) {
        return all.stream().filter(s -> s.r().round() == round && s.r().node() == node && s.r().label().equals(label))
                .findFirst().orElseThrow();
    }

    @Test
    void executedLinesFollowTheBranchesTaken() throws Exception {
        List<Shown> all = run("krl-figure-2-static.json");
        // 4 receives 1's token: Token l. 1-4, lowered (l. 5-7), l. 8-9; GiveTokenToNext l. 1-2, 11-13
        Shown token = find(all, 8, 4, "ReceiveToken");
        assertEquals(List.of(new Span(KrlModules.TOKEN, 1, 9), new Span(KrlModules.GIVE_TOKEN, 1, 2),
                new Span(KrlModules.GIVE_TOKEN, 11, 13)), token.lines());
        assertEquals("4 received Token(0,0,1) from 1: lowered its height to (0,-1,4), entered the critical section.",
                token.sentence());
        // 0, no longer a holder, forwards 2's request: Request l. 1-4 (the test), 7-8, 10-11, ForwardRequest l. 1-2
        Shown forward = find(all, 8, 0, "ReceiveRequest");
        assertEquals(List.of(new Span(KrlModules.REQUEST, 1, 4), new Span(KrlModules.REQUEST, 7, 8),
                new Span(KrlModules.REQUEST, 10, 11), new Span(KrlModules.FORWARD_REQUEST, 1, 2)), forward.lines());
        assertEquals("0 received Request(2,0,2) from 2: sent a Request to 3.", forward.sentence());
        // round 0: link formation at 0 (two links): LinkUp l. 1-3
        Shown up = find(all, 0, 0, "LinkChange");
        assertEquals(List.of(new Span(KrlModules.LINK_UP, 1, 3)), up.lines());
        assertEquals("0 processed link changes: detected a new link to 2, detected a new link to 3.", up.sentence());
        // 1 lowers itself as a holder without a higher neighbour (Fig. 2(f))
        Shown lower = find(all, 27, 1, "ReceiveLinkInfo");
        assertTrue(lower.lines().contains(new Span(KrlModules.LOWER, 1, 4)), lower.lines().toString());
        assertTrue(lower.sentence().endsWith("lowered its height to (-1,-2,1)."), lower.sentence());
    }

    @Test
    void aLinkFailureIsNarratedAndHighlighted() throws Exception {
        List<Shown> all = run("krl-figure-3-link-failure.json");
        Shown three = find(all, 7, 3, "LinkChange");
        assertEquals(List.of(new Span(KrlModules.LINK_DOWN, 1, 5), new Span(KrlModules.LINK_DOWN, 7, 8),
                new Span(KrlModules.LINK_UP, 1, 3), new Span(KrlModules.FORWARD_REQUEST, 1, 2)), three.lines());
        assertTrue(three.sentence().startsWith("3 processed link changes: detected the failure of its link to 0, "
                + "detected the failure of its link to 2"), three.sentence());
    }

    /** KRLF's panel shows its own ReleaseCS, Token and LinkUp in KRL's places, PickLowest last. */
    @Test
    void krlfShowsItsModulesInPlace() throws Exception {
        List<Shown> all = run("krlf-figure-5-forwarding.json");
        Shown release = find(all, 6, 0, "ReleaseCS");
        assertEquals(List.of(new Span(KrlModules.RELEASE_CS, 1, 3), new Span(KrlModules.RELEASE_CS, 6, 6),
                new Span(KrlModules.LOWER + 1, 1, 1), new Span(KrlModules.LOWER + 1, 3, 10)), release.lines());
        assertEquals("0 released the CS: forwarded its idle token to 3.", release.sentence());
        var blocks = new Krl(2, KrlVariant.KRLF).presentation().pseudocode().blocks();
        assertEquals(12, blocks.size());
        assertEquals("KRLF: When node i releases the CS", blocks.get(KrlModules.RELEASE_CS).title());
        assertEquals("KRLF: Procedure PickLowest&ForwardToken()", blocks.get(11).title());
    }

    @Test
    void marksArrowsAndMessageTokens() {
        Krl krl = new Krl(2, KrlVariant.KRL);
        KrlPresentation p = (KrlPresentation) krl.presentation();
        KrlState a = krl.initialState(3, 0);
        KrlState b = krl.initialState(3, 4);
        assertEquals(new NodeMarks(1, false, 0, "(0,0,0)"), p.marks(a));
        assertEquals(new NodeMarks(0, false, 0, "(1,0,4)"), p.marks(b));
        assertEquals(-1, p.orientation(a, b), "4 is higher: the arrow goes from 4 to 0");
        assertEquals(1, p.orientation(b, a));
        assertEquals(1, p.tokens(new Token(a.myHeight)));
        assertEquals(0, p.tokens(new Request(a.myHeight)));
        assertEquals("height", p.labelName());
        assertEquals(List.of("REMAINDER", "WAITING", "CRITICAL"), p.fillValues());
        assertEquals("idle", p.ring(a), "a holder in REMAINDER with an empty queue: an idle token (Sec. 4.4)");
        assertEquals("none or in use", p.ring(b));
    }
}
