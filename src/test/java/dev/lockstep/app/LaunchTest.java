package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.graphstream.ui.fx_viewer.FxViewPanel;
import org.junit.jupiter.api.Test;

/** The application opens on the built-in default scenario, ready to play. */
class LaunchTest extends AppFixture {
    @Test
    void opensOnTheDefaultScenarioAtRoundZeroWithItsNodesDrawn() {
        assertTrue(fx(() -> stage.getTitle()).startsWith("Lockstep — Eleven nodes on a unit disk"), fx(() -> stage.getTitle()));
        assertEquals("Round 0", text("#round"));
        assertEquals(0, round());
        assertEquals(11, sim().nodeCount());
        assertEquals("lme", sim().protocol().name());
        assertTrue(text("#stats").startsWith("round 0"), text("#stats"));

        // GraphStream draws what the view gave it: one graphic node per simulation node
        FxViewPanel panel = robot().lookup(n -> n instanceof FxViewPanel).query();
        assertEquals(11, fx(() -> panel.getViewer().getGraphicGraph().getNodeCount()));
        // round 0 has begun: the unit disk's edges are there before the first step, and drawn
        var sc = fx(() -> window.session().scenario());
        int inRange = 0;
        for (int u = 0; u < 11; u++) {
            for (int v = u + 1; v < 11; v++) if (Math.hypot(sc.x(u) - sc.x(v), sc.y(u) - sc.y(v)) <= sc.unitDisk()) inRange++;
        }
        assertEquals(15, inRange);
        assertEquals(inRange, (int) fx(() -> window.session().simulation().graph().edgeCount()));
        assertEquals(inRange, fx(() -> panel.getViewer().getGraphicGraph().getEdgeCount()));
        assertTrue(fx(() -> window.narration().shownEntries()).stream().anyMatch(e -> e.text().startsWith("edge a–b linked")));
        settle();
        int ink = inkPixels(snapshot(window.graphView().node()));
        assertTrue(ink > 2000, "nodes, edges and labels are drawn (" + ink + " non-white pixels)");

        // a legend of LME's state (fill) and phase (ring) values
        List<String> legend = fx(() -> window.legend().items());
        assertEquals(List.of("⊥", "prepare", "compete", "win", "locked", "unlock", "⊥", "prepare", "compete"), legend);
        // the checks of LME, all ok
        assertEquals(List.of("mutual-exclusion", "persistent-lock-set", "transit-bound", "acyclic-dependencies", "lockout", "deadlock"),
                fx(() -> window.checks().checkNames()));
        for (String c : fx(() -> window.checks().checkNames())) assertEquals("ok", fx(() -> window.checks().status(c)));
        assertTrue(fx(() -> window.errors()).isEmpty(), () -> String.valueOf(fx(() -> window.errors())));
    }
}
