package dev.lockstep.app.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Envelope;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javafx.geometry.Point2D;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The view shows the simulation's configuration: colours, edges, port labels, tokens. */
@ExtendWith(ApplicationExtension.class)
class GraphViewModelTest {
    Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void updateReflectsTheModel(FxRobot robot) throws Exception {
        Session session = Fx.session("ring-8.json");
        Simulation sim = session.simulation();
        GraphView view = Fx.show(robot, stage, session, 900, 700);
        @SuppressWarnings({"unchecked", "rawtypes"})
        Protocol<NodeState> p = (Protocol) sim.protocol();
        Set<String> fillsSeen = new TreeSet<>();
        int fillChanges = 0;
        Color[] before = new Color[sim.nodeCount()];
        for (int step = 0; step < 30; step++) {
            robot.interact(session::stepRound);
            robot.interact(() -> view.update(false));
            Fx.frames(2);
            WritableImage[] shot = new WritableImage[1];
            robot.interact(() -> shot[0] = view.snapshot());
            for (int u = 0; u < sim.nodeCount(); u++) {
                String value = p.presentation().fill(sim.state(u));
                Color expected = Palette.fill(p.presentation().fillValues(), value);
                fillsSeen.add(value);
                assertEquals(expected, view.fillOf(u), "fill of " + sim.nodeName(u) + " in state " + value);
                assertEquals(expected, view.graph().getNode(StreamGraph.nodeId(u)).getAttribute("ui.color"),
                        "GraphStream's fill of " + sim.nodeName(u));
                Point2D c = view.nodePosition(u);
                Color pixel = shot[0].getPixelReader().getColor((int) Math.round(c.getX()), (int) Math.round(c.getY()));
                assertTrue(close(expected, pixel), "pixel at the centre of " + sim.nodeName(u) + " is " + pixel
                        + ", expected " + expected + " (" + value + ")");
                if (before[u] != null && !before[u].equals(view.fillOf(u))) fillChanges++;
                before[u] = view.fillOf(u);
            }
            assertEdgesMatch(sim, view);
            assertPortLabelsMatch(sim, view);
            assertTokensMatch(sim, view);
        }
        assertTrue(fillsSeen.size() >= 3, "LME went through several states: " + fillsSeen);
        assertTrue(fillChanges >= 5, "node colours changed as the protocol ran: " + fillChanges);
    }

    @Test
    void edgesFollowTheCoreGraph(FxRobot robot) throws Exception {
        Session session = Fx.session("ring-8.json");
        Simulation sim = session.simulation();
        GraphView view = Fx.show(robot, stage, session, 900, 700);
        int a = sim.indexOf("a");
        int b = sim.indexOf("b");
        int e = sim.indexOf("e");
        robot.interact(() -> {
            session.cut(a, b);
            session.cut(e, sim.indexOf("f"));
            view.update(false);
        });
        assertFalse(hasEdge(view, a, b));
        assertEdgesMatch(sim, view);
        assertPortLabelsMatch(sim, view);
        robot.interact(() -> {
            session.link(a, e);
            view.update(false);
        });
        assertTrue(hasEdge(view, a, e), "new edge a-e drawn");
        assertTrue(view.graph().getEdge(StreamGraph.edgeId(a, e)) != null, "and given to GraphStream");
        assertEdgesMatch(sim, view);
        assertPortLabelsMatch(sim, view);
    }

    static boolean hasEdge(GraphView view, int u, int v) {
        for (int[] e : view.drawnEdges()) if (e[0] == Math.min(u, v) && e[1] == Math.max(u, v)) return true;
        return false;
    }

    static void assertEdgesMatch(Simulation sim, GraphView view) {
        Set<String> core = new TreeSet<>();
        for (int u = 0; u < sim.nodeCount(); u++) {
            for (long s = sim.ports(u) & ~1L; s != 0; s &= s - 1) {
                int v = sim.peer(u, Long.numberOfTrailingZeros(s));
                if (u < v) core.add(StreamGraph.edgeId(u, v));
            }
        }
        Set<String> drawn = new TreeSet<>();
        for (int[] e : view.drawnEdges()) drawn.add(StreamGraph.edgeId(e[0], e[1]));
        Set<String> gs = new TreeSet<>();
        view.graph().edges().forEach(x -> gs.add(x.getId()));
        assertEquals(core, drawn, "edges drawn");
        assertEquals(core, gs, "edges in GraphStream's graph");
        assertEquals(sim.graph().edgeCount(), core.size());
    }

    static void assertPortLabelsMatch(Simulation sim, GraphView view) {
        Set<PortEnd> core = new HashSet<>();
        for (int u = 0; u < sim.nodeCount(); u++) {
            for (long s = sim.ports(u) & ~1L; s != 0; s &= s - 1) {
                int p = Long.numberOfTrailingZeros(s);
                core.add(new PortEnd(u, sim.peer(u, p), p));
            }
        }
        List<PortEnd> drawn = view.drawnPortLabels();
        assertEquals(core, new HashSet<>(drawn), "port labels");
        assertEquals(2 * sim.graph().edgeCount(), drawn.size(), "one label at each end of each edge");
    }

    static void assertTokensMatch(Simulation sim, GraphView view) {
        List<String> core = new ArrayList<>();
        for (int v = 0; v < sim.nodeCount(); v++) {
            for (int i = 0; i < sim.channels().size(v); i++) {
                Envelope e = sim.channels().get(v, i);
                core.add(e.id() + ":" + e.from() + ">" + e.to() + ":" + e.message().label());
            }
        }
        List<String> drawn = new ArrayList<>();
        for (GraphView.TokenView t : view.drawnTokens()) {
            assertFalse(t.leaving(), "no token left over after update(false)");
            drawn.add(t.id() + ":" + t.from() + ">" + t.to() + ":" + t.label());
        }
        assertEquals(sim.totalInTransit(), drawn.size(), "one token per message in transit");
        assertEquals(new TreeSet<>(core), new TreeSet<>(drawn));
    }

    static boolean close(Color a, Color b) {
        return Math.abs(a.getRed() - b.getRed()) < 0.06 && Math.abs(a.getGreen() - b.getGreen()) < 0.06
                && Math.abs(a.getBlue() - b.getBlue()) < 0.06;
    }
}
