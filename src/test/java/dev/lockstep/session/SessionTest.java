package dev.lockstep.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionTest {
    static Scenario swarm() throws ScenarioException {
        return ScenarioLoader.load(Path.of("sample-runs", "unit-disk-swarm-30.json"));
    }

    static Scenario ring() throws ScenarioException {
        return ScenarioLoader.load(Path.of("sample-runs", "ring-8.json"));
    }

    static List<String> log(Session s) {
        List<String> out = new ArrayList<>();
        s.simulation().addListener(new SimulationListener() {
            @Override public void executed(ExecutionRecord r) {
                out.add(r.round() + " " + r.node() + " " + r.label() + " " + r.state().variables());
            }

            @Override public void linked(int round, int u, int pu, int v, int pv) {
                out.add(round + " link " + u + "-" + v + " " + pu + "/" + pv);
            }

            @Override public void cut(int round, int u, int pu, int v, int pv, List<dev.lockstep.core.Envelope> lost) {
                out.add(round + " cut " + u + "-" + v + " lost " + lost.size());
            }
        });
        return out;
    }

    /** A session with every kind of input, some given mid-round. */
    static Session played(Scenario scenario) {
        Session s = Session.start(scenario, 77);
        s.runUntil(5);
        s.move(3, 1.0, 1.0);                 // between rounds: applied now (round 5 begins)
        s.call(7, Call.LOCK);
        s.stepRound();
        s.stepAction(10);                    // round 6 has started executing
        s.move(4, 5.5, 2.0);                 // waits for round 7
        assertEquals(1, s.waiting().size());
        s.stepRound();
        s.policy(new Sequential());
        s.runUntil(20);
        s.workload(false);
        s.cut(3, s.simulation().peer(3, Long.numberOfTrailingZeros(s.simulation().ports(3) & ~1L)));
        s.runUntil(40);
        return s;
    }

    @Test
    void aSavedSessionReplaysExactly(@TempDir Path dir) throws Exception {
        Session live = Session.start(swarm(), 77);
        List<String> liveLog = log(live);
        // replay the same inputs on the live one
        Session original = played(swarm());
        Path file = dir.resolve("s.lockstep-session.json");
        original.save(file);
        Session restored = Session.load(file);
        assertEquals(original.round(), restored.round());
        assertEquals(original.simulation().configuration(), restored.simulation().configuration());
        assertEquals(original.simulation().stats().actions(), restored.simulation().stats().actions());
        assertEquals(original.simulation().violations(), restored.simulation().violations());
        assertEquals(original.inputs(), restored.inputs());
        assertEquals(original.toJson(), restored.toJson(), "saving the restored session gives the same file");
        // and both continue identically
        List<String> a = log(original);
        List<String> b = log(restored);
        original.runUntil(60);
        restored.runUntil(60);
        assertFalse(a.isEmpty());
        assertEquals(a, b);
        assertTrue(liveLog.isEmpty(), "an unused session did nothing");
    }

    @Test
    void inputsAreRecordedWithTheRoundTheyTakeEffectIn() throws Exception {
        String text = Files.readString(Path.of("sample-runs", "ring-8.json"));
        String quiet = text.replace("\"workload\": {\"lock\": 0.2, \"hold\": 3},", "");
        assertTrue(quiet.length() < text.length());
        Session s = Session.start(ScenarioLoader.parse(quiet, "ring-8 without workload"), 1);
        assertTrue(s.submit(new Input.CallInput(0, -1, 2, Call.LOCK)), "between rounds: applied at once");
        assertEquals(0, s.inputs().get(0).round());
        assertTrue(s.midRound(), "applying it began round 0");
        assertTrue(s.stepAction(5));
        int executing = s.round();
        assertFalse(s.submit(new Input.CallInput(0, -1, 4, Call.LOCK)), "after an execution: waits");
        assertEquals(executing + 1, s.waiting().get(0).round());
        assertEquals(List.of(), s.simulation().pendingCalls(4));
        s.stepRound();
        assertEquals(1, s.inputs().size(), "not applied before its round begins");
        s.stepAction(5);
        assertEquals(2, s.inputs().size());
        assertEquals(executing + 1, s.inputs().get(1).round());
        assertTrue(s.waiting().isEmpty());
    }

    @Test
    void draggingInAUnitDiskScenarioLinksAndCutsByDistance() throws Exception {
        Session s = Session.start(swarm(), 5);
        s.stepRound();
        var g = s.simulation().graph();
        int u = 0;
        // put u far away: every edge of u is cut
        s.move(u, 100, 100);
        assertEquals(0, g.degree(u));
        // bring it next to node 1: they link (if node 1 has an open port)
        double x1 = g.x(1);
        double y1 = g.y(1);
        boolean open = g.hasOpenPort(1);
        s.move(u, x1 + 0.1, y1);
        assertEquals(open, g.adjacent(u, 1));
        assertEquals(x1 + 0.1, g.x(u));
        assertEquals(2, s.inputs().size());
    }

    @Test
    void explicitEdgesAreLinkedAndCutByTheUser() throws Exception {
        Session s = Session.start(ring(), 1);
        var g = s.simulation().graph();
        s.stepRound();
        assertFalse(g.adjacent(0, 4));
        s.link(0, 4);
        assertFalse(g.adjacent(0, 4), "refused: with Δ = 2 every ring node's ports are taken");
        s.cut(0, 1);
        s.cut(4, 5);
        assertFalse(g.adjacent(0, 1));
        s.link(0, 4);
        assertTrue(g.adjacent(0, 4), "the cuts freed a port on each end");
        assertEquals(4, s.inputs().size(), "the refused link is recorded too: it replays as a refusal");
        s.move(0, 9, 9);
        assertTrue(g.adjacent(0, 4), "without a unit disk a move changes only the position");
        assertEquals(9, g.x(0));
    }

    @Test
    void badSessionFilesAreReportedNotThrown(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bad.json");
        Files.writeString(f, "{\"format\": \"lockstep-session/1\", \"seed\": 1}");
        ScenarioException e = assertThrows(ScenarioException.class, () -> Session.load(f));
        assertTrue(e.getMessage().contains("needs \"scenario\""), e.getMessage());
        Files.writeString(f, "{\"format\": \"lockstep-trace/1\"}");
        assertTrue(assertThrows(ScenarioException.class, () -> Session.load(f)).getMessage().contains("not a session file"));
        String good = played(ring()).toJson();
        Files.writeString(f, good.replace("\"node\":\"h\"", "\"node\":\"zz\""));
        if (!good.contains("\"node\":\"h\"")) return;
        assertTrue(assertThrows(ScenarioException.class, () -> Session.load(f)).getMessage().contains("unknown node \"zz\""));
    }

    /**
     * Rounds in which nothing executes (manual mode, the person ending rounds) share one step, so
     * a fork must cut the history by position, not by step alone: it kept the cut of round 5
     * when branching off in round 4 (the monkey test found it: the reloaded session's history
     * differed from the window's).
     */
    @Test
    void aForkKeepsNoEventOfTheAbandonedFutureAtTheSameStep() throws Exception {
        Session s = Session.start(ring(), 5);
        s.runUntil(3);
        s.policy(new dev.lockstep.core.adversary.Manual());
        long step = s.simulation().executionsBegun();
        s.stepRound();
        s.stepRound();
        s.cut(0, 1);                                   // round 5, still at the same step
        s.stepRound();
        assertEquals(step, s.simulation().executionsBegun(), "nothing executed since round 3");
        assertTrue(s.history().events().stream().anyMatch(e -> e instanceof History.Cut c && c.round() == 5));

        s.jumpTo(new Session.Position(4, -1));
        s.call(3, Call.LOCK);                          // an input in the past: a new branch
        assertEquals(2, s.branches().size());
        assertTrue(s.history().events().stream().noneMatch(e -> e.round() > 4),
                "the new branch has no event after round 4: " + s.history().events());
        assertTrue(s.simulation().graph().adjacent(0, 1), "and the cut of the other branch did not happen");
        Session again = Session.parse(s.toJson(), "fork.json");
        again.jumpTo(s.position());
        assertEquals(shape(s.history()), shape(again.history()), "and it replays to the same history");
    }

    private static List<String> shape(History h) {
        return h.events().stream().map(e -> e.getClass().getSimpleName() + " " + e.round() + " " + e.step()).toList();
    }
}
