package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.app.graph.GraphView;
import dev.lockstep.app.graph.LatticeSwatches;
import dev.lockstep.application.amoebot.Cell;
import dev.lockstep.application.amoebot.ParticleSystem;
import dev.lockstep.figure.Look;
import dev.lockstep.scenario.LatticeWalkScenarios;
import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Point2D;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;

/**
 * Amoebots in the window (LME paper, Sec. 6), on the test-only lattice walk: going back in time
 * redraws the particles where they were (node positions and capsules), the inspector tells the
 * selected particle's cells, and the legend strip lists the lattice's entries and, as the node's
 * fill, the protocol's values (no badge: the bodies show the particles' state).
 */
class LatticeWindowTest extends AppFixture {
    private void showWalk(double move, long seed) {
        fx(() -> {
            try {
                window.show(LatticeWalkScenarios.session(LatticeWalkScenarios.hexagon(), move, false, seed), null);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            window.graphView().setAnimationMillis(0);
        });
    }

    /** Each particle's cells as the model has them now: "tail/head" per node. */
    private List<String> modelCells() {
        return fx(() -> {
            ParticleSystem ps = (ParticleSystem) window.session().simulation().application();
            List<String> out = new ArrayList<>();
            for (int u = 0; u < ps.particles(); u++) out.add(ps.tail(u) + "/" + ps.head(u));
            return out;
        });
    }

    /** The same as the view draws them, checked against where it draws the nodes: the midpoint of the cells. */
    private List<String> drawnCells() {
        return fx(() -> {
            GraphView v = window.graphView();
            List<String> out = new ArrayList<>();
            for (int u = 0; u < v.simulation().nodeCount(); u++) {
                Cell[] c = v.drawnCellsOf(u);
                out.add(c[0] + "/" + c[1]);
                Point2D at = v.nodePosition(u);
                Point2D mid = v.node().screenToLocal(v.modelToScreen((c[0].x() + c[1].x()) / 2, (c[0].y() + c[1].y()) / 2));
                assertEquals(mid.getX(), at.getX(), 0.5, "node " + u + " is drawn between its cells");
                assertEquals(mid.getY(), at.getY(), 0.5, "node " + u + " is drawn between its cells");
            }
            return out;
        });
    }

    @Test
    void goingBackInTimeRedrawsPositionsAndCapsules() {
        showWalk(0.25, 7);
        Map<Integer, List<String>> seen = new HashMap<>();
        int moved = -1;
        for (int i = 0; i < 40 && moved < 0; i++) {
            int r = round();
            seen.put(r, modelCells());
            assertEquals(seen.get(r), drawnCells(), "round " + r + ": drawn as the model has them");
            fx(() -> window.stepRound());
            settle();
            if (!modelCells().equals(seen.get(r))) moved = r;
        }
        assertTrue(moved >= 0, "some particle moved");
        List<String> after = modelCells();
        assertEquals(after, drawnCells());
        List<Cell> heads = fx(() -> {
            ParticleSystem now = (ParticleSystem) window.session().simulation().application();
            List<Cell> out = new ArrayList<>();
            for (int u = 0; u < now.particles(); u++) out.add(now.expanded(u) ? now.head(u) : null);
            return out;
        });
        // one round back: the particles are where they were before the move (moves are made at a
        // round's start, while no execution runs), and drawn there
        fx(() -> window.stepBackRound());
        settle();
        assertEquals(seen.get(moved), modelCells(), "the model is back before the move");
        assertEquals(seen.get(moved), drawnCells(), "and so is the drawing");
        assertNotEquals(after, drawnCells(), "the move is undone on screen");
        WritableImage undone = snapshot(fx(() -> window.graphView().node()));
        ParticleSystem then = (ParticleSystem) sim().application();
        int shrunk = 0;
        for (int u = 0; u < heads.size(); u++) {
            Cell h = heads.get(u);
            if (h == null || then.expanded(u)) continue;
            Point2D p = fx(() -> window.graphView().node().screenToLocal(window.graphView().modelToScreen(h.x(), h.y())));
            assertTrue(!painted(undone, p, Color.web(Look.PARTICLE), 1), "no body left at " + u + "'s former head " + h);
            shrunk++;
        }
        assertTrue(shrunk > 0, "an expansion was undone");
        int before = moved;
        fx(() -> window.goToRound(before));
        settle();
        assertEquals(before, round());
        assertEquals(seen.get(moved), modelCells());
        assertEquals(seen.get(moved), drawnCells());
        int ahead = moved + 1;
        fx(() -> window.goToRound(ahead));
        settle();
        assertEquals(after, modelCells());
        assertEquals(after, drawnCells());
        // forward again: each capsule of that moment is painted at its tail, away from its node
        WritableImage img = snapshot(fx(() -> window.graphView().node()));
        ParticleSystem ps = (ParticleSystem) sim().application();
        int capsules = 0;
        for (int u = 0; u < ps.particles(); u++) {
            if (!ps.expanded(u)) continue;
            Cell t = ps.tail(u);
            Point2D p = fx(() -> window.graphView().node().screenToLocal(window.graphView().modelToScreen(t.x(), t.y())));
            assertTrue(painted(img, p, Color.web(Look.PARTICLE), 4), "particle " + u + "'s capsule at its tail " + t);
            capsules++;
        }
        assertTrue(capsules > 0, "the move left an expanded particle");
    }

    /** Whether some pixel within {@code d} px (in x and y) of the point has the colour. */
    private static boolean painted(WritableImage img, Point2D at, Color want, int d) {
        var r = img.getPixelReader();
        for (int dx = -d; dx <= d; dx++) {
            for (int dy = -d; dy <= d; dy++) {
                int x = (int) Math.round(at.getX()) + dx;
                int y = (int) Math.round(at.getY()) + dy;
                if (x < 0 || y < 0 || x >= img.getWidth() || y >= img.getHeight()) continue;
                Color c = r.getColor(x, y);
                if (Math.abs(c.getRed() - want.getRed()) + Math.abs(c.getGreen() - want.getGreen()) + Math.abs(c.getBlue() - want.getBlue()) < 0.06) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void theInspectorTellsTheCellsAndTheLegendTheLattice() {
        showWalk(0.25, 7);
        int expanded = -1;
        int contracted = -1;
        for (int i = 0; i < 60 && (expanded < 0 || contracted < 0); i++) {
            fx(() -> window.stepRound());
            ParticleSystem ps = (ParticleSystem) sim().application();
            expanded = -1;
            contracted = -1;
            for (int u = 0; u < ps.particles(); u++) {
                if (ps.expanded(u)) expanded = u;
                else contracted = u;
            }
        }
        assertTrue(expanded >= 0 && contracted >= 0, "an expanded and a contracted particle");
        ParticleSystem ps = (ParticleSystem) sim().application();
        int e = expanded;
        fx(() -> window.select(e));
        assertEquals("tail " + ps.tail(e) + " · head " + ps.head(e), text("#app-cells"));
        int c = contracted;
        fx(() -> window.select(c));
        assertEquals(ps.tail(c) + " (contracted)", text("#app-cells"));
        assertEquals(sim().application().label(c), text("#app-state"));
        List<String> items = fx(() -> window.legend().items());
        assertTrue(items.containsAll(LatticeSwatches.ENTRIES), items.toString());
        assertArrayEquals(new String[] {"⊥", "prepare"}, items.subList(items.indexOf("collision") + 1, items.indexOf("collision") + 3).toArray(),
                "then the protocol's fill values: " + items);
        List<String> titles = fx(() -> window.legend().lookupAll(".legend-title").stream()
                .map(n -> ((javafx.scene.control.Label) n).getText()).toList());
        assertTrue(titles.contains("fill = state"), "the node's fill is LME's state, as without an application: " + titles);
        assertTrue(titles.stream().noneMatch(t -> t.startsWith("badge")), "no badge for particles: " + titles);
        // each particle's node is drawn in its LME fill, with no badge
        settle();
        fx(() -> {
            GraphView v = window.graphView();
            @SuppressWarnings({"unchecked", "rawtypes"})
            dev.lockstep.core.Protocol<dev.lockstep.core.NodeState> p = (dev.lockstep.core.Protocol) sim().protocol();
            for (int u = 0; u < sim().nodeCount(); u++) {
                String fv = p.presentation().fill(sim().state(u));
                assertEquals(GraphView.fillColor(p.presentation().fillValues(), fv), v.fillOf(u), "node " + u + " in " + fv);
                assertEquals(null, v.stateBadgeOf(u), "node " + u + " has no badge");
            }
        });
    }
}
