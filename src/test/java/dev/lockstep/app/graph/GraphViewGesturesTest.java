package dev.lockstep.app.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.UnitDisk;
import dev.lockstep.session.Input;
import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javafx.geometry.Point2D;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Mouse gestures, driven with a robot, turned into session inputs by {@link GraphInputs}. */
@ExtendWith(ApplicationExtension.class)
class GraphViewGesturesTest {
    Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    private static GraphInputs wire(FxRobot robot, Session session, GraphView view, GraphViewListener next) {
        GraphInputs[] in = new GraphInputs[1];
        robot.interact(() -> in[0] = new GraphInputs(session, view, next).attach());
        return in[0];
    }

    @Test
    void draggingANodeInAUnitDiskScenarioCutsAndCreatesTheEdgesOfTheCore(FxRobot robot) throws Exception {
        Session session = Fx.session("unit-disk-swarm-30.json");
        Simulation sim = session.simulation();
        double radius = session.unitDisk();
        GraphView view = Fx.show(robot, stage, session, 1000, 700);
        int[] afterChange = {0};
        GraphInputs inputs = wire(robot, session, view, null);
        inputs.setAfterChange(() -> afterChange[0]++);
        int u = sim.indexOf("s10");
        Set<Integer> neighboursBefore = neighbours(sim, u);
        assertFalse(neighboursBefore.isEmpty(), "s10 starts with neighbours");
        Set<String> othersBefore = edgesWithout(sim, u);

        Point2D from = view.nodeScreenPosition(u);
        Point2D to = view.modelToScreen(6.3, 0.6);
        robot.moveTo(from).press(MouseButton.PRIMARY).moveTo(to).release(MouseButton.PRIMARY);
        Fx.frames(2);

        double x = sim.graph().x(u);
        double y = sim.graph().y(u);
        assertEquals(6.3, x, 0.05, "s10 moved where it was dropped");
        assertEquals(0.6, y, 0.05);
        Set<Integer> expected = new TreeSet<>();
        for (int v = 0; v < sim.nodeCount(); v++) {
            if (v != u && UnitDisk.within(x, y, sim.graph().x(v), sim.graph().y(v), radius)) expected.add(v);
        }
        assertEquals(expected, neighbours(sim, u), "s10's edges are the pairs within the radius");
        assertFalse(expected.isEmpty(), "an edge was created");
        assertTrue(neighboursBefore.stream().noneMatch(expected::contains), "the old edges were cut");
        assertEquals(othersBefore, edgesWithout(sim, u), "no other edge changed");
        GraphViewModelTest.assertEdgesMatch(sim, view);
        GraphViewModelTest.assertPortLabelsMatch(sim, view);
        assertEquals(x, view.scene().curX[u], 1e-9, "the view shows the node where the core has it");
        long moves = session.inputs().stream().filter(i -> i instanceof Input.Move).count();
        assertTrue(moves >= 2, "the drag was applied continuously, as recorded moves: " + moves);
        assertTrue(afterChange[0] >= moves, "afterChange ran after each change");
    }

    @Test
    void edgeToolLinksCutToolCutsAndARefusalIsShown(FxRobot robot) throws Exception {
        Session session = Fx.session("ring-8.json");
        Simulation sim = session.simulation();
        GraphView view = Fx.show(robot, stage, session, 900, 700);
        wire(robot, session, view, null);
        int a = sim.indexOf("a");
        int b = sim.indexOf("b");
        int c = sim.indexOf("c");
        int d = sim.indexOf("d");
        int e = sim.indexOf("e");
        int g = sim.indexOf("g");

        // A refused link: e and g use both of their Δ = 2 ports. Nothing changes; the node says why.
        robot.interact(() -> view.setTool(Tool.EDGE));
        Set<String> edges0 = edgesWithout(sim, -1);
        robot.moveTo(view.nodeScreenPosition(e)).press(MouseButton.PRIMARY).moveTo(view.nodeScreenPosition(g))
                .release(MouseButton.PRIMARY);
        Fx.frames(1);
        assertEquals(edges0, edgesWithout(sim, -1), "a refused link changes nothing");
        assertFalse(view.refusalsShown(e).isEmpty(), "the refusal is shown on e");
        assertTrue(view.refusalsShown(e).get(0).contains("no open port"), view.refusalsShown(e).toString());

        // The cut tool: a click on a-b, a stroke across c-d.
        robot.interact(() -> view.setTool(Tool.CUT));
        robot.clickOn(mid(view, a, b));
        Fx.frames(1);
        assertFalse(sim.graph().adjacent(a, b), "click cut a-b");
        Point2D m = mid(view, c, d);
        Point2D pc = view.nodeScreenPosition(c);
        Point2D pd = view.nodeScreenPosition(d);
        Point2D dir = pd.subtract(pc).normalize();
        Point2D nrm = new Point2D(-dir.getY(), dir.getX()).multiply(40);
        robot.moveTo(m.subtract(nrm)).press(MouseButton.PRIMARY).moveTo(m.add(nrm)).release(MouseButton.PRIMARY);
        Fx.frames(1);
        assertFalse(sim.graph().adjacent(c, d), "the stroke cut c-d");
        assertEquals(edges0.size() - 2, sim.graph().edgeCount(), "and nothing else");
        GraphViewModelTest.assertEdgesMatch(sim, view);

        // The edge tool, now that a and c have open ports.
        robot.interact(() -> view.setTool(Tool.EDGE));
        robot.moveTo(view.nodeScreenPosition(a)).press(MouseButton.PRIMARY).moveTo(view.nodeScreenPosition(c))
                .release(MouseButton.PRIMARY);
        Fx.frames(1);
        assertTrue(sim.graph().adjacent(a, c), "the edge tool linked a and c");
        assertTrue(GraphViewModelTest.hasEdge(view, a, c), "and the view draws it");
        GraphViewModelTest.assertEdgesMatch(sim, view);
        GraphViewModelTest.assertPortLabelsMatch(sim, view);

        // Shift+drag with the select tool links too (b and d have open ports).
        robot.interact(() -> view.setTool(Tool.SELECT));
        robot.press(KeyCode.SHIFT).moveTo(view.nodeScreenPosition(b)).press(MouseButton.PRIMARY)
                .moveTo(view.nodeScreenPosition(d)).release(MouseButton.PRIMARY).release(KeyCode.SHIFT);
        Fx.frames(1);
        assertTrue(sim.graph().adjacent(b, d), "shift+drag linked b and d");

        // A click with the cut tool on the new edge cuts it; the core and the view agree.
        robot.interact(() -> view.setTool(Tool.CUT));
        robot.clickOn(mid(view, a, c));
        Fx.frames(1);
        assertFalse(sim.graph().adjacent(a, c), "click cut a-c");
        assertFalse(GraphViewModelTest.hasEdge(view, a, c));
        GraphViewModelTest.assertEdgesMatch(sim, view);
    }

    @Test
    void clicksContextMenuZoomAndPan(FxRobot robot) throws Exception {
        Session session = Fx.session("ring-8.json");
        Simulation sim = session.simulation();
        GraphView view = Fx.show(robot, stage, session, 900, 700);
        List<String> events = new ArrayList<>();
        wire(robot, session, view, new GraphViewListener() {
            @Override public void nodeClicked(int node) { events.add("click " + sim.nodeName(node)); }

            @Override public void backgroundClicked() { events.add("background"); }

            @Override public void nodeContextMenu(int node, double sx, double sy) {
                events.add("menu " + sim.nodeName(node));
            }
        });
        int c = sim.indexOf("c");
        robot.clickOn(view.nodeScreenPosition(c));
        assertEquals(c, view.selected(), "a click selects");
        robot.clickOn(view.nodeScreenPosition(c), MouseButton.SECONDARY);
        Point2D centre = view.modelToScreen(0, 0);
        robot.clickOn(centre);
        assertEquals(List.of("click c", "menu c", "background"), events);
        assertEquals(-1, view.selected());

        // Dragging a node without a session listener changes nothing: the view never mutates.
        robot.interact(() -> view.setListener(null));
        double x0 = sim.graph().x(c);
        robot.moveTo(view.nodeScreenPosition(c)).press(MouseButton.PRIMARY).moveBy(60, 40).release(MouseButton.PRIMARY);
        assertEquals(x0, sim.graph().x(c));

        // Panning: the background drag moves the picture by the drag.
        Point2D before = view.nodeScreenPosition(c);
        robot.moveTo(centre).press(MouseButton.PRIMARY).moveBy(50, 30).release(MouseButton.PRIMARY);
        Fx.frames(2);
        Point2D after = view.nodeScreenPosition(c);
        assertEquals(50, after.getX() - before.getX(), 2.0);
        assertEquals(30, after.getY() - before.getY(), 2.0);

        // Zooming with the wheel, at the pointer: the point under the pointer stays put.
        double z0 = view.zoomLevel();
        Point2D at = view.nodeScreenPosition(c);
        robot.moveTo(at).scroll(10, javafx.geometry.VerticalDirection.DOWN);
        Fx.frames(2);
        assertTrue(Math.abs(view.zoomLevel() / z0 - 1) > 0.01, "the wheel zooms: " + view.zoomLevel());
        Point2D still = view.nodeScreenPosition(c);
        assertEquals(at.getX(), still.getX(), 2.0);
        assertEquals(at.getY(), still.getY(), 2.0);
        double z1 = view.zoomLevel();
        int a = sim.indexOf("a");
        double d1 = view.nodeScreenPosition(a).distance(view.nodeScreenPosition(c));
        robot.interact(() -> view.zoom(2));
        Fx.frames(2);
        assertEquals(2 * z1, view.zoomLevel(), 1e-9);
        double d2 = view.nodeScreenPosition(a).distance(view.nodeScreenPosition(c));
        assertEquals(2 * d1, d2, 2.0, "the picture is twice as large");
        robot.interact(view::resetCamera);
        Fx.frames(2);
        assertEquals(1, view.zoomLevel(), 1e-9);
    }

    static Point2D mid(GraphView view, int u, int v) {
        return view.nodeScreenPosition(u).midpoint(view.nodeScreenPosition(v));
    }

    static Set<Integer> neighbours(Simulation sim, int u) {
        Set<Integer> out = new TreeSet<>();
        for (long s = sim.ports(u) & ~1L; s != 0; s &= s - 1) out.add(sim.peer(u, Long.numberOfTrailingZeros(s)));
        return out;
    }

    static Set<String> edgesWithout(Simulation sim, int w) {
        Set<String> out = new TreeSet<>();
        for (int u = 0; u < sim.nodeCount(); u++) {
            for (long s = sim.ports(u) & ~1L; s != 0; s &= s - 1) {
                int v = sim.peer(u, Long.numberOfTrailingZeros(s));
                if (u < v && u != w && v != w) out.add(StreamGraph.edgeId(u, v));
            }
        }
        return out;
    }
}
