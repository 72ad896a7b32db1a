package dev.lockstep.app.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import dev.lockstep.session.Session;
import java.util.Locale;
import java.util.Random;
import javafx.geometry.Point2D;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A large graph (from {@link DrawnScene#BULK_FROM_NODES} nodes on) is drawn by the view itself:
 * GraphStream's graph stays empty, yet every node shows its fill colour where it is, the edges show
 * under the nodes, and the nodes shrink when the edges are short on screen.
 */
@ExtendWith(ApplicationExtension.class)
class GraphViewLargeTest {
    Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void nodesAndEdgesOfALargeGraphAreDrawnByTheView(FxRobot robot) throws Exception {
        // no workload: no messages, so nothing lies over the nodes' centres
        Session session = Fx.sessionFromJson(unitDisk(1000, 7));
        session.stepRound(); // the unit-disk edges exist from the first round on
        Simulation sim = session.simulation();
        assertTrue(sim.graph().edgeCount() > 2000, "edges: " + sim.graph().edgeCount());
        GraphView view = Fx.show(robot, stage, session, 1100, 800);
        assertEquals(0, view.graph().getNodeCount(), "GraphStream draws no node of a large graph");
        assertEquals(sim.graph().edgeCount(), view.drawnEdges().size());
        assertFalse(view.detailed(), "the whole graph: no labels");

        WritableImage shot = GraphViewLookTest.shot(robot, stage);
        Fx.save(shot, "graph-view-large.png");
        PixelReader px = shot.getPixelReader();
        Point2D origin = view.node().localToScene(0, 0);
        int checked = 0;
        for (int u = 0; u < sim.nodeCount(); u++) {
            Point2D p = view.nodePosition(u);
            if (crowded(view, sim, u, 14)) continue;
            Color seen = px.getColor((int) (origin.getX() + p.getX()), (int) (origin.getY() + p.getY()));
            Color fill = view.fillOf(u);
            assertTrue(close(seen, fill), "node " + u + " drawn in " + fill + ", seen " + seen);
            checked++;
        }
        assertTrue(checked >= 20, "nodes with room around them checked: " + checked);

        // an edge is seen halfway along it, where no node covers it
        int edgesSeen = 0;
        for (int[] e : view.drawnEdges()) {
            Point2D a = view.nodePosition(e[0]);
            Point2D b = view.nodePosition(e[1]);
            Point2D m = a.midpoint(b);
            if (a.distance(b) < 24 || nearAny(view, sim, m, Styles.NODE_SIZE / 2 + 2)) continue;
            Color mid = px.getColor((int) (origin.getX() + m.getX()), (int) (origin.getY() + m.getY()));
            if (mid.getBrightness() < 0.95) edgesSeen++;
        }
        assertTrue(edgesSeen >= 3, "edges seen: " + edgesSeen);

        // shrunk: a node is smaller than GraphStream's, whose radius reaches past the edge's end
        double r = Styles.NODE_SIZE / 2;
        int lone = -1;
        for (int u = 0; u < sim.nodeCount() && lone < 0; u++) if (!crowded(view, sim, u, r + 6)) lone = u;
        assertTrue(lone >= 0, "a lone node");
        Point2D p = view.nodePosition(lone);
        int fillAround = 0;
        for (int k = 0; k < 8; k++) {
            double a = k * Math.PI / 4;
            Color c = px.getColor((int) (origin.getX() + p.getX() + (r - 2) * Math.cos(a)),
                    (int) (origin.getY() + p.getY() + (r - 2) * Math.sin(a)));
            if (close(c, view.fillOf(lone))) fillAround++;
        }
        assertTrue(fillAround < 4, "a small node at this zoom: its fill seen " + fillAround + " times of 8 at "
                + (r - 2) + " px from its centre");

        // zoomed in, edges are long again: full-size nodes and the labels come back
        robot.interact(() -> view.zoom(8));
        Fx.frames(3);
        assertTrue(view.detailed(), "zoomed in: labels drawn");
        assertEquals(0, view.graph().getNodeCount());
    }

    /** Whether another node's centre lies within {@code px} pixels of u's on screen. */
    private static boolean crowded(GraphView view, Simulation sim, int u, double px) {
        Point2D p = view.nodePosition(u);
        for (int v = 0; v < sim.nodeCount(); v++) if (v != u && view.nodePosition(v).distance(p) < px) return true;
        return false;
    }

    private static boolean nearAny(GraphView view, Simulation sim, Point2D p, double px) {
        for (int v = 0; v < sim.nodeCount(); v++) if (view.nodePosition(v).distance(p) < px) return true;
        return false;
    }

    private static boolean close(Color a, Color b) {
        return Math.abs(a.getRed() - b.getRed()) < 0.04 && Math.abs(a.getGreen() - b.getGreen()) < 0.04
                && Math.abs(a.getBlue() - b.getBlue()) < 0.04;
    }

    /** n nodes at random in a square, unit-disk edges (mean degree about 6), LME, no workload. */
    static String unitDisk(int n, long seed) {
        Random rnd = new Random(seed);
        double side = Math.sqrt(n / 1.9);
        StringBuilder sb = new StringBuilder("{\"format\":\"lockstep-scenario/1\",\"name\":\"large\",\"protocol\":\"lme\","
                + "\"delta\":12,\"seed\":" + seed + ",\"scheduler\":{\"policy\":\"synchronous\"},\"nodes\":[");
        for (int i = 0; i < n; i++) {
            if (i > 0) sb.append(',');
            sb.append(String.format(Locale.ROOT, "{\"id\":\"v%d\",\"x\":%.3f,\"y\":%.3f}", i, rnd.nextDouble() * side,
                    rnd.nextDouble() * side));
        }
        return sb.append("],\"unitDisk\":1.0}").toString();
    }
}
