package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.app.graph.GraphView;
import dev.lockstep.app.window.panel.NarrationPanel;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Variable;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import dev.lockstep.watch.NarrationEntry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Slider;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import org.junit.jupiter.api.Test;

/**
 * The timeline: a jump shows that moment everywhere (graph, inspector, narration, checks), as a
 * fresh run to the same position shows it; the step-back keys; a different choice in the past
 * starts a branch, and switching back restores the original.
 */
class TimeTravelTest extends AppFixture {

    /** A new session of the same scenario and seed, run action by action to {@code step}. */
    static Session freshAt(Session like, long step) {
        Session f = Session.start(like.scenario(), like.seed());
        while (f.simulation().executionsBegun() < step) assertTrue(f.stepAction(10_000), "the fresh run reaches step " + step);
        return f;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static List<String> fills(Simulation sim) {
        Protocol<NodeState> p = (Protocol) sim.protocol();
        List<String> out = new ArrayList<>();
        for (int u = 0; u < sim.nodeCount(); u++) out.add(p.presentation().fill(sim.state(u)));
        return out;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static List<String> rings(Simulation sim) {
        Protocol<NodeState> p = (Protocol) sim.protocol();
        List<String> out = new ArrayList<>();
        for (int u = 0; u < sim.nodeCount(); u++) out.add(p.presentation().ring(sim.state(u)));
        return out;
    }

    static TreeSet<Long> inTransit(Simulation sim) {
        TreeSet<Long> ids = new TreeSet<>();
        for (int v = 0; v < sim.nodeCount(); v++) {
            for (int i = 0; i < sim.channels().size(v); i++) {
                Envelope e = sim.channels().get(v, i);
                ids.add(e.id());
            }
        }
        return ids;
    }

    static List<String> narrations(History h, long upToStep) {
        List<String> out = new ArrayList<>();
        for (History.Event e : h.upTo(upToStep)) if (e instanceof History.Executed x) out.add(x.narration());
        return out;
    }

    /** Everything on screen shows the moment the fresh session is at. */
    void assertShows(Session fresh, int inspected) {
        settle();
        Simulation f = fresh.simulation();
        GraphView view = window.graphView();
        Protocol<?> p = f.protocol();
        List<String> fills = fills(f);
        List<String> rings = rings(f);
        for (int u = 0; u < f.nodeCount(); u++) {
            int node = u;
            assertEquals(fills.get(u), fx(() -> view.fillValueOf(node)), "fill of " + f.nodeName(u));
            assertEquals(GraphView.ringColor(p.presentation().ringValues(), rings.get(u)), fx(() -> view.ringOf(node)), "ring of " + f.nodeName(u));
        }
        TreeSet<Long> drawn = fx(() -> {
            TreeSet<Long> ids = new TreeSet<>();
            for (GraphView.TokenView t : view.drawnTokens()) if (!t.leaving()) ids.add(t.id());
            return ids;
        });
        assertEquals(inTransit(f), drawn, "the messages drawn are those in transit then");

        // the inspector: the selected node's every variable
        if (fx(() -> window.selected()) != inspected) fx(() -> window.select(inspected));
        for (Variable v : f.state(inspected).variables()) assertEquals(v.value(), text("#var-" + v.name()), v.name());

        // the narration: one sentence per execution up to then, the same sentences
        List<String> told = fx(() -> window.narration().shownEntries()).stream()
                .filter(e -> e.kind() == NarrationEntry.Kind.ACTION).map(NarrationEntry::text).toList();
        List<String> expected = narrations(fresh.history(), f.executionsBegun());
        assertEquals(expected.subList(Math.max(0, expected.size() - told.size()), expected.size()), told);
        assertEquals(Math.min(expected.size(), NarrationPanel.CAPACITY), told.size());

        // the checks: the violations of then
        assertEquals(f.violations(), fx(() -> window.checks().violations()));
        assertEquals(f.stats().actions(), (long) fx(() -> window.session().simulation().stats().actions()));
    }

    @Test
    void draggingTheSliderShowsThatMoment() {
        fx(() -> window.runRounds(30));
        int d = node("d");
        fx(() -> window.select(d));
        long total = fx(() -> window.session().furthestStep());
        assertTrue(total > 50, "enough executions to travel: " + total);
        assertEquals(total, (long) fx(() -> window.timeline().sliderStep()));

        Slider slider = fx(() -> window.timeline().slider());
        Node thumb = fx(() -> slider.lookup(".thumb"));
        Node track = fx(() -> slider.lookup(".track"));
        Bounds b = fx(() -> track.localToScreen(track.getBoundsInLocal()));
        robot().drag(thumb, MouseButton.PRIMARY).dropTo(b.getMinX() + b.getWidth() * 0.4, b.getCenterY());

        long step = fx(() -> window.session().simulation().executionsBegun());
        assertTrue(step > total * 0.25 && step < total * 0.55, "about 40% of " + total + ": " + step);
        assertEquals(step, (long) fx(() -> window.timeline().sliderStep()), "the slider stays where it was dropped");
        assertTrue(fx(() -> window.session().inPast()));
        assertTrue(fx(() -> window.pastBanner().isVisible()), "the banner says this is the past");
        Session.Position at = fx(() -> window.session().position());
        assertEquals("round " + at.round() + ", step " + step + " of " + total, fx(() -> window.timeline().positionText()));
        assertShows(freshAt(fx(() -> window.session()), step), d);

        // and back to the end: the end again
        robot().type(KeyCode.END);
        assertEquals(total, (long) fx(() -> window.session().simulation().executionsBegun()));
        assertFalse(fx(() -> window.pastBanner().isVisible()));
        assertShows(freshAt(fx(() -> window.session()), total), d);
    }

    @Test
    void aLongSessionsPastThatIsNoLongerInMemoryShowsAsRecorded() {
        fx(() -> window.session().historyInMemory(40));
        fx(() -> window.runRounds(80));
        int d = node("d");
        long total = fx(() -> window.session().furthestStep());
        int events = fx(() -> window.session().history().size());
        assertTrue(fx(() -> window.session().history().inMemory()) < events / 2, "most of the " + events + " events replayed when read");

        fx(() -> window.timeline().dragTo(total / 5)); // rounds whose events were dropped
        assertShows(freshAt(fx(() -> window.session()), total / 5), d);
        robot().type(KeyCode.LEFT);
        assertShows(freshAt(fx(() -> window.session()), total / 5 - 1), d);
        robot().type(KeyCode.END);
        assertShows(freshAt(fx(() -> window.session()), total), d);
    }

    @Test
    void theChecksShowTheViolationsOfThatMoment() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "flaw-1-two-node-deadlock.json"))));
        fx(() -> window.runRounds(60));
        List<?> atEnd = fx(() -> window.checks().violations());
        assertFalse(atEnd.isEmpty(), "the printed LME deadlocks here");
        long total = fx(() -> window.session().furthestStep());

        // Home: the very start, nothing violated yet
        robot().type(KeyCode.HOME);
        assertEquals(0L, (long) fx(() -> window.session().simulation().executionsBegun()));
        assertTrue(fx(() -> window.checks().violations()).isEmpty());
        assertEquals("Checks", fx(() -> window.checksTabText()));

        fx(() -> window.timeline().dragTo(total / 2));
        assertShows(freshAt(fx(() -> window.session()), total / 2), 0);

        robot().type(KeyCode.END);
        assertEquals(atEnd, fx(() -> window.checks().violations()), "at the end the violations are back");
    }

    @Test
    void theStepBackKeysGoBackOneActionOneRoundAndToATopologyChange() {
        fx(() -> window.runRounds(12));
        long end = fx(() -> window.session().simulation().executionsBegun());
        robot().type(KeyCode.LEFT);
        assertEquals(end - 1, (long) fx(() -> window.session().simulation().executionsBegun()), "← : one execution back");
        robot().type(KeyCode.LEFT);
        assertEquals(end - 2, (long) fx(() -> window.session().simulation().executionsBegun()));
        assertShows(freshAt(fx(() -> window.session()), end - 2), 0);

        // Shift+←: to the start of this round, then of the previous one
        int r = round();
        robot().press(KeyCode.SHIFT).type(KeyCode.LEFT).release(KeyCode.SHIFT);
        Session.Position p = fx(() -> window.session().position());
        assertEquals(r, p.round());
        assertTrue(p.done() <= 0, "at the start of round " + r + ": " + p);
        long roundStart = fx(() -> window.session().roundStart(r));
        assertEquals(roundStart, (long) fx(() -> window.session().simulation().executionsBegun()));
        robot().press(KeyCode.SHIFT).type(KeyCode.LEFT).release(KeyCode.SHIFT);
        assertEquals(r - 1, round());

        // Shift+→ goes forward along the known future, one execution
        long here = fx(() -> window.session().simulation().executionsBegun());
        robot().press(KeyCode.SHIFT).type(KeyCode.RIGHT).release(KeyCode.SHIFT);
        assertEquals(here + 1, (long) fx(() -> window.session().simulation().executionsBegun()));

        // Page Up: the last topology change before now (the default scenario links its edges in round 0)
        List<Integer> changes = fx(() -> window.session().topologyRounds());
        assertFalse(changes.isEmpty());
        robot().type(KeyCode.PAGE_UP);
        int expected = changes.stream().filter(c -> c <= r - 1).max(Integer::compare).orElseThrow();
        assertEquals(expected, round(), "back to the round of the last topology change " + changes);
        // Page Down: forward to the next one, if the branch knows one
        robot().type(KeyCode.PAGE_DOWN);
        int next = changes.stream().filter(c -> c > expected).min(Integer::compare).orElse(expected);
        assertEquals(next, round());
        assertTrue(fx(() -> window.errors()).isEmpty());
    }

    @Test
    void aDifferentChoiceInThePastStartsABranchAndSwitchingBackRestoresTheOriginal() {
        fx(() -> window.runRounds(25));
        Session s = fx(() -> window.session());
        long originalEnd = fx(() -> s.furthestStep());
        List<String> originalFills = fx(() -> fills(s.simulation()));
        int originalEvents = fx(() -> s.history().size());
        TreeSet<Long> originalTransit = fx(() -> inTransit(s.simulation()));

        // back to round 8 (G, a round number, Enter)
        robot().type(KeyCode.G);
        onlyDialog();
        robot().clickOn("#go-to-round").eraseText(4).write("8").type(KeyCode.ENTER);
        assertEquals(8, round());
        assertTrue(fx(() -> s.inPast()));
        assertEquals(1, fx(() -> window.timeline().branchItems()).size(), "one branch so far");

        // a different choice: cut an edge (the cut tool on the graph would do the same)
        int a = node("a");
        int b = fx(() -> {
            for (int p = 1; p <= s.simulation().delta(); p++) if (s.simulation().peer(a, p) >= 0) return s.simulation().peer(a, p);
            return -1;
        });
        assertTrue(b >= 0, "a has a neighbour");
        fx(() -> window.cut(a, b));
        List<Session.Branch> branches = fx(() -> window.timeline().branchItems());
        assertEquals(2, branches.size(), "the input in the past forked: " + branches);
        Session.Branch original = branches.stream().filter(x -> !x.current()).findFirst().orElseThrow();
        Session.Branch fork = branches.stream().filter(Session.Branch::current).findFirst().orElseThrow();
        assertEquals("main", original.name());
        assertEquals(new Session.Position(25, 0).round(), original.furthest().round(), "main keeps its future");
        assertTrue(fx(() -> window.timeline().branchChooser().isVisible()), "the branch chooser shows when there are two");
        assertFalse(fx(() -> s.inPast()), "the new branch ends here");
        assertTrue(fx(() -> s.furthestStep()) < originalEnd);
        fx(() -> window.runRounds(10));
        long forkEnd = fx(() -> s.furthestStep());
        List<String> forkFills = fx(() -> fills(s.simulation()));

        // switch back with the chooser, as a person would
        @SuppressWarnings("unchecked")
        ComboBox<Session.Branch> chooser = (ComboBox<Session.Branch>) robot().lookup("#branches").query();
        robot().clickOn(chooser);
        robot().clickOn(robot().lookup(".list-cell").match(n -> n instanceof javafx.scene.control.ListCell<?> c
                && c.getText() != null && c.getText().contains("main")).<Node>query());
        assertEquals(originalEnd, (long) fx(() -> s.simulation().executionsBegun()), "at the original's end");
        assertEquals(originalFills, fx(() -> fills(s.simulation())));
        assertEquals(originalTransit, fx(() -> inTransit(s.simulation())));
        assertEquals(originalEvents, (int) fx(() -> s.history().size()), "the original history, untouched");
        assertShows(freshAt(s, originalEnd), a);
        List<Session.Branch> after = fx(() -> window.timeline().branchItems());
        assertEquals(original.id(), after.stream().filter(Session.Branch::current).findFirst().orElseThrow().id());

        // and the fork is still there to return to
        fx(() -> window.switchBranch(fork.id()));
        assertEquals(forkEnd, (long) fx(() -> s.simulation().executionsBegun()));
        assertEquals(forkFills, fx(() -> fills(s.simulation())));
        assertNotEquals(0, forkEnd);
        assertTrue(fx(() -> window.errors()).isEmpty());
    }

    /** G runs on past the branch's end on the window's thread, so how far at once is bounded, and said. */
    @Test
    void goingFarPastTheEndIsRefusedWithTheWayToGetThere() {
        fx(() -> window.runRounds(5));
        int far = 5 + MainWindow.GO_AHEAD_LIMIT + 1;
        fx(() -> window.goToRound(far));
        assertEquals(5, round(), "nothing ran");
        assertTrue(fx(() -> window.statusMessage()).contains("at most " + MainWindow.GO_AHEAD_LIMIT + " rounds beyond"),
                fx(() -> window.statusMessage()));
        fx(() -> window.goToRound(40));
        assertEquals(40, round(), "within the limit it runs on");
    }
}
