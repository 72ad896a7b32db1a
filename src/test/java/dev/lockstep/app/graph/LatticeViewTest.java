package dev.lockstep.app.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.application.amoebot.Cell;
import dev.lockstep.application.amoebot.ParticleSystem;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.figure.LatticePatch;
import dev.lockstep.figure.Look;
import dev.lockstep.scenario.LatticeWalkScenarios;
import dev.lockstep.session.Session;
import java.util.List;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Amoebots in the graph view (LME paper, Sec. 6), on the test-only lattice walk: the lattice is
 * painted under the particles and stays on the nodes at any zoom and pan, a contracted particle's
 * body is a disc on its cell and an expanded one's a capsule over its tail and head, a cell two
 * particles occupy is ringed in the violation colour, the patch grows as the particles move, the
 * LME graph's edges are faint, and the legend explains it all. The node itself keeps the
 * protocol's fill (a locked LME node is filled "locked"), with no badge: the body shows the state.
 */
@ExtendWith(ApplicationExtension.class)
class LatticeViewTest {
    Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    /** A walk stepped until some particles are expanded and some contracted (and, if careless, two share a cell). */
    static Session walked(boolean careless, long seed) throws Exception {
        Session s = LatticeWalkScenarios.session(LatticeWalkScenarios.hexagon(), 0.2, careless, seed);
        for (int i = 0; i < 300; i++) {
            s.stepRound();
            ParticleSystem ps = (ParticleSystem) s.simulation().application();
            int expanded = 0;
            for (int u = 0; u < ps.particles(); u++) if (ps.expanded(u)) expanded++;
            boolean collided = !LatticePatch.sharedCells(ps).isEmpty();
            if (expanded >= 2 && expanded < ps.particles() && i >= 10 && collided == careless) return s;
        }
        throw new AssertionError("no such round");
    }

    static <T> T on(FxRobot robot, java.util.function.Supplier<T> s) {
        Object[] out = new Object[1];
        robot.interact(() -> out[0] = s.get());
        @SuppressWarnings("unchecked") T t = (T) out[0];
        return t;
    }

    private static double distance(Color a, Color b) {
        return Math.abs(a.getRed() - b.getRed()) + Math.abs(a.getGreen() - b.getGreen()) + Math.abs(a.getBlue() - b.getBlue());
    }

    /** Whether some pixel within {@code from}..{@code to} px of (x, y) has the colour (± tolerance). */
    static boolean paintedAround(WritableImage img, double x, double y, double from, double to, Color want, double tolerance) {
        var r = img.getPixelReader();
        for (int deg = 0; deg < 360; deg += 10) {
            for (double d = from; d <= to; d += 0.5) {
                int px = (int) Math.round(x + d * Math.cos(Math.toRadians(deg)));
                int py = (int) Math.round(y + d * Math.sin(Math.toRadians(deg)));
                if (px < 0 || py < 0 || px >= img.getWidth() || py >= img.getHeight()) continue;
                if (distance(r.getColor(px, py), want) < tolerance) return true;
            }
        }
        return false;
    }

    private static WritableImage shot(FxRobot robot, GraphView view) {
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> img[0] = view.snapshot());
        return img[0];
    }

    /**
     * At the frame's camera: a lattice point far from every particle is painted in the lattice
     * point's grey, every contracted particle's body shows between its node and the body's rim, and
     * every expanded particle's body is painted at its tail, away from its node.
     */
    private static void assertPaintedWhereTheModelIs(FxRobot robot, GraphView view, ParticleSystem ps, String when) {
        WritableImage img = shot(robot, view);
        double br = on(robot, () -> Look.particleRadius(view.camera().unit(), view.scene().nodeRadius()));
        Color point = Color.web(Look.LATTICE_POINT);
        Color body = Color.web(Look.PARTICLE);
        double[] pts = LatticePatch.around(ps).points();
        int far = 0;
        for (int i = 0; i < pts.length; i += 2) {
            double x = pts[i];
            double y = pts[i + 1];
            boolean clear = true;
            for (int u = 0; u < ps.particles(); u++) {
                for (Cell c : List.of(ps.tail(u), ps.head(u))) if (Math.hypot(c.x() - x, c.y() - y) < 1.2) clear = false;
            }
            if (!clear) continue;
            double[] p = new double[2];
            robot.interact(() -> {
                p[0] = view.camera().pxX(x, y);
                p[1] = view.camera().pxY(x, y);
            });
            if (p[0] < 3 || p[1] < 3 || p[0] > img.getWidth() - 3 || p[1] > img.getHeight() - 3) continue;
            assertTrue(paintedAround(img, p[0], p[1], 0, 0.5, point, 0.12), when + ": lattice point (" + x + ", " + y + ") at " + p[0] + "," + p[1]);
            far++;
        }
        assertTrue(far >= 3, when + ": enough free lattice points in view: " + far);
        for (int u = 0; u < ps.particles(); u++) {
            Cell t = ps.tail(u);
            double[] p = new double[2];
            robot.interact(() -> {
                p[0] = view.camera().pxX(t.x(), t.y());
                p[1] = view.camera().pxY(t.x(), t.y());
            });
            if (ps.expanded(u)) {
                assertTrue(paintedAround(img, p[0], p[1], 0, 4, body, 0.06), when + ": particle " + u + "'s capsule at its tail " + t);
                Cell h = ps.head(u);
                double[] q = on(robot, () -> new double[] {view.camera().pxX(h.x(), h.y()), view.camera().pxY(h.x(), h.y())});
                assertTrue(paintedAround(img, q[0], q[1], 0, 1, Color.web(Look.PARTICLE_OUTLINE), 0.08),
                        when + ": the dot on particle " + u + "'s head " + h);
            } else {
                assertTrue(paintedAround(img, p[0], p[1], view.scene().nodeRadius() + 2, br - 1.5, body, 0.06),
                        when + ": particle " + u + "'s disc around its cell " + t);
            }
        }
    }

    @Test
    void theLatticeAndTheBodiesStayOnTheNodesAtEveryZoomAndPan(FxRobot robot) throws Exception {
        Session session = walked(false, 3);
        ParticleSystem ps = (ParticleSystem) session.simulation().application();
        GraphView view = Fx.show(robot, stage, session, 1000, 760);
        robot.interact(() -> {
            for (int u = 0; u < ps.particles(); u++) {
                assertArrayEquals(new Cell[] {ps.tail(u), ps.head(u)}, view.drawnCellsOf(u));
                // the node sits on its cell, or between its two cells
                double mx = (ps.tail(u).x() + ps.head(u).x()) / 2;
                double my = (ps.tail(u).y() + ps.head(u).y()) / 2;
                assertEquals(view.camera().pxX(mx, my), view.nodePosition(u).getX(), 0.01);
                assertEquals(view.camera().pxY(mx, my), view.nodePosition(u).getY(), 0.01);
            }
        });
        assertPaintedWhereTheModelIs(robot, view, ps, "after fit");
        robot.interact(() -> view.zoom(1.6));
        Fx.frames(3);
        assertPaintedWhereTheModelIs(robot, view, ps, "zoomed in");
        robot.interact(() -> view.camera().panBy(-70, 45));
        Fx.frames(3);
        assertPaintedWhereTheModelIs(robot, view, ps, "zoomed and panned");
        robot.interact(() -> view.zoom(0.45));
        Fx.frames(3);
        assertPaintedWhereTheModelIs(robot, view, ps, "zoomed out");
        assertTrue(view.drawnCollisions().isEmpty(), "careful particles never share a cell");
    }

    @Test
    void aCellTwoParticlesOccupyIsRingedInTheViolationColour(FxRobot robot) throws Exception {
        Session session = walked(true, 5);
        ParticleSystem ps = (ParticleSystem) session.simulation().application();
        List<Cell> shared = LatticePatch.sharedCells(ps);
        GraphView view = Fx.show(robot, stage, session, 1000, 760);
        assertEquals(shared, on(robot, view::drawnCollisions));
        WritableImage img = shot(robot, view);
        for (Cell c : shared) {
            double[] p = new double[3];
            robot.interact(() -> {
                p[0] = view.camera().pxX(c.x(), c.y());
                p[1] = view.camera().pxY(c.x(), c.y());
                p[2] = Look.particleRadius(view.camera().unit(), view.scene().nodeRadius());
            });
            assertTrue(paintedAround(img, p[0], p[1], p[2] + 4, p[2] + 6, Color.web(Look.ALERT), 0.1), "the dashed ring around " + c);
        }
        // a view of a careful walk marks nothing
        Session careful = walked(false, 3);
        GraphView other = Fx.show(robot, stage, careful, 1000, 760);
        WritableImage clean = shot(robot, other);
        long alert = 0;
        for (int x = 0; x < clean.getWidth(); x++) {
            for (int y = 0; y < clean.getHeight(); y++) if (distance(clean.getPixelReader().getColor(x, y), Color.web(Look.ALERT)) < 0.1) alert++;
        }
        assertEquals(0, alert, "no vermillion without a collision");
    }

    @Test
    void thePatchGrowsAsTheParticlesMoveAndNeverShrinks(FxRobot robot) throws Exception {
        Session session = LatticeWalkScenarios.session(LatticeWalkScenarios.hexagon(), 0.3, false, 11);
        session.stepRound();
        GraphView view = Fx.show(robot, stage, session, 900, 700);
        double[] before = on(robot, view::drawnLatticeBounds);
        boolean grew = false;
        for (int i = 0; i < 120; i++) {
            session.stepRound();
            robot.interact(() -> view.update(false));
            double[] now = view.drawnLatticeBounds();
            assertTrue(now[0] <= before[0] && now[1] <= before[1] && now[2] >= before[2] && now[3] >= before[3], "never shrinks");
            grew |= now[0] < before[0] || now[1] < before[1] || now[2] > before[2] || now[3] > before[3];
            ParticleSystem ps = (ParticleSystem) session.simulation().application();
            for (int u = 0; u < ps.particles(); u++) {
                for (Cell c : List.of(ps.tail(u), ps.head(u))) {
                    assertTrue(c.x() - LatticePatch.MARGIN >= now[0] - 1e-9 && c.x() + LatticePatch.MARGIN <= now[2] + 1e-9
                            && c.y() - LatticePatch.MARGIN >= now[1] - 1e-9 && c.y() + LatticePatch.MARGIN <= now[3] + 1e-9,
                            "the patch covers every particle with its margin: " + c);
                }
            }
            before = now;
        }
        assertTrue(grew, "the particles walked beyond the first patch");
    }

    @Test
    void edgesAreFaintAndTheLegendExplainsTheLattice(FxRobot robot) throws Exception {
        Session session = walked(false, 3);
        GraphView view = Fx.show(robot, stage, session, 1000, 760);
        String css = on(robot, () -> (String) view.graph().getAttribute("ui.stylesheet"));
        assertTrue(css.contains("edge { shape: line; fill-color: " + Look.EDGE_FAINT + "; size: 1px"), css);
        robot.interact(() -> view.setLectureMode(true));
        String lecture = (String) view.graph().getAttribute("ui.stylesheet");
        assertTrue(lecture.contains(Look.EDGE_FAINT) && !lecture.contains(Look.EDGE_LECTURE), "faint in lecture mode too");
        assertTrue(GraphViewLookTest.texts(view.legend()).containsAll(LatticeSwatches.ENTRIES), GraphViewLookTest.texts(view.legend()).toString());
        var legend = GraphViewLookTest.texts(view.legend());
        assertTrue(legend.contains("Node fill: state"), "the bodies show the particles' state, the node's fill LME's: " + legend);
        assertTrue(legend.stream().noneMatch(t -> t.startsWith("Badge")), "no badge for particles: " + legend);

        // a run without particles: edges as always, no lattice, no entries
        Session ring = Fx.session("ring-8.json");
        GraphView plain = Fx.show(robot, stage, ring, 900, 700);
        String plainCss = (String) plain.graph().getAttribute("ui.stylesheet");
        assertFalse(plainCss.contains(Look.EDGE_FAINT));
        assertNull(plain.drawnLatticeBounds());
        assertNull(plain.drawnCellsOf(0));
        assertFalse(GraphViewLookTest.texts(plain.legend()).contains("lattice"));
    }

    /** The protocol's fill value of node u's state now (LME: its initiator state). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static String fillValue(Session session, int u) {
        Protocol<NodeState> p = (Protocol) session.simulation().protocol();
        return p.presentation().fill(session.simulation().state(u));
    }

    /** Its colour. */
    private static Color protocolFill(Session session, int u) {
        return GraphView.fillColor(lmeFills(session), fillValue(session, u));
    }

    /** Whether no other node is drawn within {@code gap} px of u's rim. */
    private static boolean apart(GraphView view, int u, double gap) {
        double r = view.scene().nodeRadius();
        for (int w = 0; w < view.simulation().nodeCount(); w++) {
            if (w != u && view.nodePosition(w).distance(view.nodePosition(u)) < 2 * r + gap) return false;
        }
        return true;
    }

    /**
     * How many pixels of where the application badge's outer half would be (the window's badge: a
     * disc of 4.6 px on node u's rim at the lower left) have the colour: the part outside the node
     * and its ring, which without a badge shows the body or the ground.
     */
    static int badgePixels(WritableImage img, GraphView view, int u, Color want) {
        double r = view.scene().nodeRadius();
        double d = (r + 0.5) * Math.sqrt(0.5);
        double cx = view.nodePosition(u).getX();
        double cy = view.nodePosition(u).getY();
        int n = 0;
        var px = img.getPixelReader();
        for (int x = (int) Math.floor(cx - d - 5); x <= cx - d + 5; x++) {
            for (int y = (int) Math.floor(cy + d - 5); y <= cy + d + 5; y++) {
                if (x < 0 || y < 0 || x >= img.getWidth() || y >= img.getHeight()) continue;
                double fromBadge = Math.hypot(x - (cx - d), y - (cy + d));
                double fromNode = Math.hypot(x - cx, y - cy);
                if (fromBadge <= 3.6 && fromNode >= r + 2.5 && distance(px.getColor(x, y), want) < 0.06) n++;
            }
        }
        return n;
    }

    @Test
    void aParticlesNodeIsFilledWithItsProtocolStateAndHasNoBadge(FxRobot robot) throws Exception {
        Session session = Fx.session("amoebots-with-locks-30.json");
        int n = session.simulation().nodeCount();
        // on until some particle's LME state is "locked" (it holds its locks, to move)
        List<Integer> locked = new java.util.ArrayList<>();
        for (int i = 0; i < 300 && locked.isEmpty(); i++) {
            session.stepRound();
            for (int u = 0; u < n; u++) if (fillValue(session, u).equals("locked")) locked.add(u);
        }
        assertFalse(locked.isEmpty(), "a particle holds its locks");
        GraphView view = Fx.show(robot, stage, session, 1000, 760);
        WritableImage img = shot(robot, view);
        Fx.save(img, "lattice-protocol-fill.png");
        double r = view.scene().nodeRadius();
        int checked = 0;
        for (int u = 0; u < n; u++) {
            int node = u;
            Color want = protocolFill(session, u);
            assertEquals(want, on(robot, () -> view.fillOf(node)), "particle " + u + " is filled with its LME state's colour");
            assertNull(on(robot, () -> view.stateBadgeOf(node)), "and has no badge");
            if (!apart(view, u, 12)) continue;
            double[] at = on(robot, () -> new double[] {view.nodePosition(node).getX(), view.nodePosition(node).getY()});
            assertTrue(paintedAround(img, at[0], at[1], 2, r - 3, want, 0.06), "particle " + u + " is painted in " + want);
            int badge = on(robot, () -> badgePixels(img, view, node, want));
            assertTrue(badge <= 1, "no badge painted on particle " + u + "'s rim: " + badge + " pixels");
            checked++;
        }
        assertTrue(checked >= 5, "enough particles stand apart to be checked: " + checked);
        for (int u : locked) {
            assertEquals(GraphView.fillColor(lmeFills(session), "locked"), on(robot, () -> view.fillOf(u)), "a locked node's fill");
        }

        // a population protocol keeps its look: the application state's fill and the badge on the rim
        Session population = Fx.session("majority-without-locks-moving-16.json");
        for (int i = 0; i < 3; i++) population.stepRound();
        GraphView other = Fx.show(robot, stage, population, 1000, 760);
        WritableImage pop = shot(robot, other);
        int badged = 0;
        for (int u = 0; u < population.simulation().nodeCount(); u++) {
            int node = u;
            Color badge = on(robot, () -> other.stateBadgeOf(node));
            assertEquals(protocolFill(population, u), badge);
            if (!apart(other, u, 12) || badge.equals(other.fillOf(u))) continue;
            int pixels = on(robot, () -> badgePixels(pop, other, node, badge));
            assertTrue(pixels >= 4, "agent " + u + "'s badge is painted on its rim: " + pixels + " pixels");
            badged++;
        }
        assertTrue(badged >= 3, "enough agents stand apart to be checked: " + badged);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static List<String> lmeFills(Session session) {
        return ((Protocol<NodeState>) (Protocol) session.simulation().protocol()).presentation().fillValues();
    }
}
