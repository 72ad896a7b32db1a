package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.app.graph.ApplicationLook;
import dev.lockstep.app.graph.GraphView;
import dev.lockstep.application.Interactive;
import dev.lockstep.core.ApplicationState;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.session.History;
import dev.lockstep.watch.NarrationEntry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;

/**
 * An application sample in the window (Sec. 6): each node's fill is its application state (and the
 * protocol's fill value its badge), nodes in an interaction under way are drawn linked, the
 * inspector shows the state and the interaction, every application step's sentence reaches the
 * narration, and going back in time restores the fills of that moment.
 */
class ApplicationWindowTest extends AppFixture {
    private static final Path WITH_LOCKS = Path.of("sample-runs/majority-with-locks-moving-16.json");
    private static final Path WITHOUT_LOCKS = Path.of("sample-runs/majority-without-locks-moving-16.json");

    private void openAndRun(Path file, int rounds) {
        assertTrue(fx(() -> window.open(file)));
        fx(() -> window.graphView().setAnimationMillis(0));
        fx(() -> window.runRounds(rounds));
        settle();
    }

    /** What the view shows as application states, node by node. */
    private List<String> shownStates() {
        return fx(() -> {
            GraphView v = window.graphView();
            List<String> out = new ArrayList<>();
            for (int u = 0; u < v.simulation().nodeCount(); u++) out.add(v.applicationStateOf(u));
            return out;
        });
    }

    private static List<String> states(Simulation sim) {
        List<String> out = new ArrayList<>();
        for (int u = 0; u < sim.nodeCount(); u++) out.add(sim.application().label(u));
        return out;
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void fillsAreTheApplicationStatesAndTheProtocolStateIsTheBadge() {
        openAndRun(WITH_LOCKS, 60);
        fx(() -> {
            GraphView v = window.graphView();
            Simulation sim = v.simulation();
            ApplicationState app = sim.application();
            List<String> table = ApplicationLook.states(app);
            assertEquals(List.of("A", "B", "a", "b"), table);
            Protocol<NodeState> p = (Protocol) sim.protocol();
            List<String> seen = new ArrayList<>();
            for (int u = 0; u < sim.nodeCount(); u++) {
                String state = app.label(u);
                seen.add(state);
                assertEquals(state, v.applicationStateOf(u), sim.nodeName(u));
                assertEquals(ApplicationLook.fill(table, state), v.fillOf(u), sim.nodeName(u) + " is filled with " + state + "'s colour");
                Color protocolFill = GraphView.fillColor(p.presentation().fillValues(), p.presentation().fill(sim.state(u)));
                assertEquals(protocolFill, v.stateBadgeOf(u), sim.nodeName(u) + "'s badge is its LME state");
                assertEquals(((Interactive) app).partnerOf(u), v.interactionPartnerOf(u), sim.nodeName(u) + "'s link");
            }
            // the states the run shows have colours of their own
            assertEquals(seen.stream().distinct().count(), seen.stream().distinct().map(s -> ApplicationLook.fill(table, s)).distinct().count());
        });
        // the colour is what is painted: some pixel just off the centre of each of a few nodes has it
        WritableImage img = snapshot(fx(() -> window.graphView().node()));
        shot(img, "application-fills.png");
        int checked = 0;
        int n = fx(() -> sim().nodeCount());
        for (int u = 0; u < n; u++) {
            int node = u;
            if (fx(() -> crowded(node))) continue; // another node drawn over it
            Point2D at = fx(() -> window.graphView().node().screenToLocal(window.graphView().nodeScreenPosition(node)));
            Color want = fx(() -> window.graphView().fillOf(node));
            assertTrue(paintedNear(img, at, want), "node " + node + " is painted in " + want + " around " + at);
            checked++;
        }
        assertTrue(checked >= 5, "enough nodes stand apart to be checked: " + checked);
    }

    /** Whether another node is drawn within 30 px of u. */
    private boolean crowded(int u) {
        GraphView v = window.graphView();
        Point2D p = v.nodeScreenPosition(u);
        for (int w = 0; w < v.simulation().nodeCount(); w++) if (w != u && v.nodeScreenPosition(w).distance(p) < 30) return true;
        return false;
    }

    /** Saves the image when the environment variable LOCKSTEP_SHOTS names a directory. */
    private static void shot(WritableImage img, String name) {
        String dir = System.getenv("LOCKSTEP_SHOTS");
        if (dir == null) return;
        try {
            LockstepApp.writePng(img, Path.of(dir, name));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Whether a pixel 5–6 px from the node's centre (between the written state and the ring) has the colour. */
    private static boolean paintedNear(WritableImage img, Point2D at, Color want) {
        var r = img.getPixelReader();
        for (int deg = 0; deg < 360; deg += 15) {
            for (double d = 5; d <= 6.5; d += 0.75) {
                int x = (int) Math.round(at.getX() + d * Math.cos(Math.toRadians(deg)));
                int y = (int) Math.round(at.getY() + d * Math.sin(Math.toRadians(deg)));
                if (x < 0 || y < 0 || x >= img.getWidth() || y >= img.getHeight()) continue;
                Color c = r.getColor(x, y);
                double dist = Math.abs(c.getRed() - want.getRed()) + Math.abs(c.getGreen() - want.getGreen())
                        + Math.abs(c.getBlue() - want.getBlue());
                if (dist < 0.06) return true;
            }
        }
        return false;
    }

    @Test
    void withoutAnApplicationNothingChanges() {
        fx(() -> window.runRounds(5));
        settle();
        fx(() -> {
            GraphView v = window.graphView();
            assertNull(v.simulation().application());
            for (int u = 0; u < v.simulation().nodeCount(); u++) {
                assertNull(v.applicationStateOf(u));
                assertNull(v.stateBadgeOf(u));
                assertEquals(-1, v.interactionPartnerOf(u));
            }
            assertTrue(window.legend().items().stream().noneMatch(s -> s.contains("interaction")));
        });
    }

    @Test
    void theNarrationTellsEveryStepAndTheInspectorShowsTheState() {
        openAndRun(WITHOUT_LOCKS, 3);
        History h = fx(() -> window.session().history());
        List<String> steps = new ArrayList<>();
        for (History.Event e : h.events()) if (e instanceof History.AppStep a) steps.add(a.sentence());
        assertTrue(steps.size() >= 5, "the unlocked agents begin interactions at once: " + steps);
        List<NarrationEntry> shown = fx(() -> window.narration().shownEntries());
        List<String> told = shown.stream().filter(e -> e.kind() == NarrationEntry.Kind.APPLICATION).map(NarrationEntry::text).toList();
        assertEquals(steps, told, "each application step's sentence, in order");
        assertTrue(told.get(0).contains(" begins to meet "), told.get(0));

        // an initiator under way: the inspector shows its state and its partner
        int u = fx(() -> {
            Interactive in = (Interactive) window.session().simulation().application();
            for (int w = 0; w < window.session().simulation().nodeCount(); w++) if (in.partnerOf(w) >= 0) return w;
            return -1;
        });
        assertTrue(u >= 0, "some interaction is under way");
        fx(() -> window.select(u));
        Simulation sim = sim();
        Interactive in = (Interactive) sim.application();
        assertEquals(in.label(u), text("#app-state"));
        String with = text("#app-interaction");
        assertTrue(with.contains("with " + sim.nodeName(in.partnerOf(u)) + " since round " + in.since(u)), with);
        assertTrue(fx(() -> window.legend().items()).containsAll(List.of("A", "B", "a", "b")));
        // the checks panel lists the application's checks beside the protocol's, with their status
        assertTrue(text("#check-isolation").startsWith("violated"), text("#check-isolation"));
        boolean broken = sim.violations().stream().anyMatch(v -> v.check().equals("majority-invariant"));
        assertEquals(broken, text("#check-majority-invariant").startsWith("violated"), text("#check-majority-invariant"));
        assertEquals("ok", text("#check-mutual-exclusion"));
    }

    @Test
    void goingBackInTimeRestoresTheFillsOfThatMoment() {
        openAndRun(WITH_LOCKS, 150);
        List<String> at150 = shownStates();
        assertEquals(states(sim()), at150);
        fx(() -> window.runRounds(250));
        settle();
        List<String> at400 = shownStates();
        assertEquals(states(sim()), at400);
        assertNotEquals(at150, at400, "the agents' states changed between rounds 150 and 400");
        fx(() -> window.goToRound(150));
        settle();
        assertEquals(150, round());
        assertEquals(at150, shownStates(), "back at round 150 the fills are those of round 150");
        fx(() -> {
            GraphView v = window.graphView();
            List<String> table = ApplicationLook.states(v.simulation().application());
            for (int u = 0; u < v.simulation().nodeCount(); u++) assertEquals(ApplicationLook.fill(table, at150.get(u)), v.fillOf(u));
        });
        fx(() -> window.goToRound(400));
        settle();
        assertEquals(at400, shownStates());
        assertNotNull(fx(() -> window.graphView().legend()));
    }
}
