package dev.lockstep.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Configuration;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Violation;
import dev.lockstep.explore.ExplorationResult;
import dev.lockstep.explore.Explorer;
import dev.lockstep.explore.Finding;
import dev.lockstep.session.Input;
import dev.lockstep.session.Session;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Show without the window: a counterexample becomes the session's inputs on a branch of its own,
 * replays from them, and is not shown when the scenario's own adversary would make the replay
 * leave it. Also what the dialog refuses (a round under way, random ports with topology changes)
 * and how it reads the pairs that may be linked.
 */
class ExploreReplayTest {
    private static Session pair(String extra) throws Exception {
        String text = """
                {"format": "lockstep-scenario/1", "name": "pair", "protocol": "lme",
                  "params": {"K": 2, "variant": "paper"}, "delta": 1, "seed": 1, "rounds": 60,
                  "nodes": [{"id": "x", "x": 0, "y": 0}, {"id": "y", "x": 4, "y": 0}],
                  "edges": [["x", "y"]], %s
                  "scheduler": {"policy": "synchronous"}, "checks": {"lockoutBound": 1000000}}
                """.formatted(extra);
        Session s = Session.start(ScenarioLoader.parse(text, "pair.json"));
        s.beginRound(); // where the window rests: the round begun, nothing executed
        return s;
    }

    private static Finding flaw1(Simulation start) {
        ExploreBounds b = new ExploreBounds(100, 200_000, 2, true, 0, ExploreBounds.edges(start));
        ExplorationResult r = new Explorer(start.copy(), b.settings()).run();
        Finding f = r.first("acyclic-dependencies");
        assertNotNull(f, r.summary());
        return f;
    }

    @Test
    void aCounterexampleBecomesTheSessionsInputsOnANamedBranch() throws Exception {
        Session s = pair("");
        Simulation start = s.simulation().copy();
        Finding f = flaw1(start);
        ExploreReplay.Outcome o = ExploreReplay.play(s, start, f);
        assertTrue(o.shown(), o.message());
        int last = f.path().steps().get(f.length() - 1).round();
        assertEquals(last + 1, s.round());
        List<Violation> vs = s.simulation().violations();
        assertTrue(vs.stream().anyMatch(v -> v.check().equals("acyclic-dependencies") && v.round() == last), vs.toString());
        assertEquals(f.path().replay().configuration(), s.simulation().configuration());
        Session.Branch b = s.branches().stream().filter(Session.Branch::current).findFirst().orElseThrow();
        assertEquals("acyclic-dependencies (explored from round 0)", b.name());
        assertEquals(2, s.branches().size());
        // the policy, the workload, then one input per move
        List<Input> in = s.inputs();
        assertEquals(f.length() + 2, in.size(), in.toString());
        assertTrue(in.get(0) instanceof Input.Policy p && p.policy().name().equals("manual"));
        assertTrue(in.get(1) instanceof Input.WorkloadSwitch w && !w.on());

        Session again = Session.parse(s.toJson(), "again.json");
        assertEquals(s.simulation().configuration(), again.simulation().configuration());
        assertEquals(vs, again.simulation().violations());

        // time travel back to the start and forward again stays on the counterexample
        s.jumpTo(Session.Position.START);
        s.jumpTo(new Session.Position(last + 1, -1));
        assertEquals(vs, s.simulation().violations());
    }

    @Test
    void fromThePastTheBranchsFutureIsKept() throws Exception {
        Session s = pair("");
        s.runUntil(5);
        s.beginRound();
        s.jumpTo(new Session.Position(0, 0)); // back to round 0, begun, as the window shows it
        assertTrue(s.inPast());
        Simulation start = s.simulation().copy();
        Finding f = flaw1(start);
        assertTrue(ExploreReplay.play(s, start, f).shown());
        Session.Branch main = s.branches().stream().filter(b -> b.name().equals("main")).findFirst().orElseThrow();
        assertFalse(main.current());
        assertEquals(5, main.furthest().round(), "main keeps its future");
        s.switchTo(main.id());
        assertEquals(5, s.round());
        assertTrue(s.simulation().violations().isEmpty());
    }

    @Test
    void aReplayThatTheScenariosDynamicsWouldChangeIsNotShown() throws Exception {
        Session s = pair("\"dynamics\": [{\"round\": 6, \"cut\": [\"x\", \"y\"]}],");
        Simulation start = s.simulation().copy();
        Configuration before = start.configuration();
        Finding f = flaw1(start);
        assertTrue(f.length() > 6, "the path runs past the scripted cut");
        ExploreReplay.Outcome o = ExploreReplay.play(s, start, f);
        assertFalse(o.shown());
        assertTrue(o.message().contains("round 6"), o.message());
        assertEquals(0, s.round(), "back where it was");
        assertEquals(before, s.simulation().configuration());
        Session.Branch b = s.branches().stream().filter(Session.Branch::current).findFirst().orElseThrow();
        assertEquals("main", b.name());
        assertTrue(s.simulation().violations().isEmpty());
    }

    @Test
    void aSessionThatMovedIsNotReplayedInto() throws Exception {
        Session s = pair("");
        Simulation start = s.simulation().copy();
        Finding f = flaw1(start);
        s.stepRound();
        s.beginRound();
        int inputs = s.recorded().size();
        ExploreReplay.Outcome o = ExploreReplay.play(s, start, f);
        assertFalse(o.shown());
        assertTrue(o.message().contains("moved"), o.message());
        assertEquals(inputs, s.recorded().size());
        assertEquals(1, s.branches().size());
    }

    @Test
    void theDialogRefusesWhatCannotBeExplored() throws Exception {
        Session s = pair("\"ports\": \"random\",");
        assertNull(ExploreStart.problem(s));
        ExploreBounds none = ExploreBounds.defaults(s.simulation());
        assertNull(ExploreStart.boundsProblem(s.simulation(), none));
        ExploreBounds changes = new ExploreBounds(10, 1000, 1, true, 2, none.linkable());
        assertTrue(ExploreStart.boundsProblem(s.simulation(), changes).contains("random port assignment"));
        assertNull(ExploreStart.warnings(s.simulation(), changes), "two nodes are small; the lockout bound is far");
        ExploreBounds deep = new ExploreBounds(2_000_000, 1000, 1, true, 0, none.linkable());
        assertTrue(ExploreStart.warnings(s.simulation(), deep).contains("lockout"));

        Session manual = pair("");
        manual.policy(new dev.lockstep.core.adversary.Manual());
        manual.call(0, dev.lockstep.core.Call.LOCK);
        manual.stepRound();
        manual.beginRound();
        var c = manual.simulation().choices().get(0);
        manual.execute(c);
        ExploreStart.Problem p = ExploreStart.problem(manual);
        assertNotNull(p);
        assertTrue(p.finishRound() && p.text().contains("under way"), p.text());
        manual.stepRound();
        manual.beginRound();
        assertNull(ExploreStart.problem(manual));
    }

    @Test
    void anApplicationIsNamedAsNotExplored() throws Exception {
        // the session's copy, as the dialog explores it: the application's state and checks are in its configuration
        Session s = Session.start(ScenarioLoader.load(Path.of("sample-runs/majority-with-locks-moving-16.json")));
        s.beginRound();
        Simulation start = s.simulation().copy();
        ExploreBounds few = new ExploreBounds(2, 10_000, 1, true, 0, ExploreBounds.edges(start));
        ExplorationResult r = new Explorer(start.copy(), few.settings()).run();
        String v = ExploreSummary.verdict(r, start.config().application());
        assertEquals(ExploreSummary.verdict(r) + " Not explored: the application exact-majority and its checks"
                + " (isolation, majority-invariant); the search makes the Lock and Unlock calls in the application's place,"
                + " so no interaction begins or ends and only the lock protocol is searched.", v);
        Simulation plain = pair("").simulation().copy();
        ExplorationResult none = new Explorer(plain.copy(), new ExploreBounds(2, 100, 1, true, 0, ExploreBounds.edges(plain)).settings()).run();
        assertEquals(ExploreSummary.verdict(none), ExploreSummary.verdict(none, plain.config().application()), "no application, no sentence");
        assertFalse(ExploreSummary.verdict(none).contains("application"));
    }

    @Test
    void verdictsSayWhatWasNotExplored() throws Exception {
        Simulation start = pair("").simulation().copy();
        ExploreBounds few = new ExploreBounds(60, 50, 2, true, 0, ExploreBounds.edges(start));
        ExplorationResult r = new Explorer(start.copy(), few.settings()).run();
        String v = ExploreSummary.verdict(r);
        assertTrue(v.startsWith("No violation within the bounds; bounds reached: 50 states while expanding depth "), v);
        assertTrue(v.contains(" rounds was tried; not expanded: the rest of the states "), v);
        // as check's storage line: the collision bound, and counts up to symmetry (the pair's two ends swap)
        assertTrue(v.contains(" States stored as 64-bit fingerprints, "), v);
        assertTrue(v.contains("; P(two states shared one) <= "), v);
        assertTrue(v.endsWith("; states equal up to a renaming of the nodes counted once (symmetry)."), v);
        ExploreBounds shallow = new ExploreBounds(3, 200_000, 2, true, 0, ExploreBounds.edges(start));
        v = ExploreSummary.verdict(new Explorer(start.copy(), shallow.settings()).run());
        assertTrue(v.contains("bounds reached: depth 3; complete to depth 3: every schedule of at most 3 rounds was tried;"
                + " not explored: the "), v);
        ExploreBounds deep = new ExploreBounds(60, 200_000, 2, true, 0, ExploreBounds.edges(start));
        ExplorationResult flaw = new Explorer(start.copy(), deep.settings()).run();
        assertTrue(ExploreSummary.verdict(flaw).startsWith("2 checks violated"), ExploreSummary.verdict(flaw));
        assertTrue(ExploreSummary.finding(flaw.first("deadlock")).startsWith("deadlock after 22 rounds: "));
    }

    @Test
    void pairsAreReadByNameEvenWithHyphens() throws Exception {
        Session s = pair("");
        Simulation sim = s.simulation();
        List<int[]> p = ExploreBounds.parsePairs(sim, "y–x, x-y");
        assertEquals(2, p.size());
        assertEquals(0, p.get(0)[0]);
        assertEquals(1, p.get(0)[1]);
        assertEquals("x–y", ExploreBounds.pairs(sim, ExploreBounds.edges(sim)));
        assertTrue(ExploreBounds.parsePairs(sim, " ").isEmpty());
        assertThrows(IllegalArgumentException.class, () -> ExploreBounds.parsePairs(sim, "x–z"));
        assertThrows(IllegalArgumentException.class, () -> ExploreBounds.parsePairs(sim, "x"));
    }
}
