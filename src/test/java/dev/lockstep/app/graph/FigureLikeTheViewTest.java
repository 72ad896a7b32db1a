package dev.lockstep.app.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.figure.Figure;
import dev.lockstep.figure.FigureOptions;
import dev.lockstep.figure.Figures;
import dev.lockstep.figure.Projection;
import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import javafx.geometry.Point2D;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The figures draw what the window draws: nodes where the view's camera puts them after "fit",
 * the same colours, edges, lock pointers and messages. Compared with a live view of the same
 * session, so the figures cannot drift from the screen unnoticed.
 */
@ExtendWith(ApplicationExtension.class)
class FigureLikeTheViewTest {
    Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void theProjectionIsTheViewsCamera(FxRobot robot) throws Exception {
        for (String sample : List.of("figure-1-persistent-neighbourhood.json", "unit-disk-swarm-30.json", "ring-8.json")) {
            for (double[] size : new double[][] {{900, 700}, {1300, 520}, {520, 900}}) {
                Session session = Fx.session(sample);
                GraphView view = Fx.show(robot, stage, session, size[0], size[1]);
                double w = view.node().getLayoutBounds().getWidth();
                double h = view.node().getLayoutBounds().getHeight();
                int n = session.simulation().nodeCount();
                double[] xs = new double[n];
                double[] ys = new double[n];
                for (int u = 0; u < n; u++) {
                    xs[u] = session.simulation().graph().x(u);
                    ys[u] = session.simulation().graph().y(u);
                }
                Projection p = Projection.fit(xs, ys, 0, 0, w, h);
                for (int u = 0; u < n; u++) {
                    Point2D at = view.nodePosition(u);
                    assertEquals(at.getX(), p.x(xs[u], ys[u]), 0.01, sample + " " + w + "x" + h + ": x of node " + u);
                    assertEquals(at.getY(), p.y(xs[u], ys[u]), 0.01, sample + " " + w + "x" + h + ": y of node " + u);
                }
            }
        }
    }

    @Test
    void theFigureShowsWhatTheViewShows(FxRobot robot) throws Exception {
        Session session = Fx.session("figure-1-persistent-neighbourhood.json");
        GraphView view = Fx.show(robot, stage, session, 900, 700);
        int checked = 0;
        for (int round = 1; round < 40; round++) {
            robot.interact(() -> {
                session.stepRound();
                session.beginRound();
                view.update(false);
            });
            Fx.frames(1);
            Figure f = Figures.figure(session, new FigureOptions(1000, 700, true, true));
            for (Figure.Node node : f.nodes()) {
                int u = node.index();
                assertEquals(view.fillOf(u), Color.web(node.fill()), "fill of " + node.name() + " in round " + round);
                assertEquals(view.ringOf(u), Color.web(node.ringColour()), "ring of " + node.name() + " in round " + round);
                assertEquals(view.fillValueOf(u), node.fillValue());
            }
            TreeSet<String> viewEdges = new TreeSet<>();
            for (int[] e : view.drawnEdges()) viewEdges.add(e[0] + "-" + e[1]);
            TreeSet<String> figureEdges = new TreeSet<>();
            for (Figure.Edge e : f.edges()) figureEdges.add(e.u() + "-" + e.v());
            assertEquals(viewEdges, figureEdges, "edges in round " + round);
            TreeSet<String> viewPointers = new TreeSet<>();
            for (int[] p : view.drawnPointers()) viewPointers.add(p[0] + "->" + p[1]);
            TreeSet<String> figurePointers = new TreeSet<>();
            for (Figure.Pointer p : f.pointers()) figurePointers.add(p.from() + "->" + p.holder());
            // the view skips a pointer between nodes that overlap on screen; the figure's scale differs
            assertTrue(viewPointers.containsAll(figurePointers) || figurePointers.containsAll(viewPointers),
                    "lock pointers in round " + round + ": " + viewPointers + " vs " + figurePointers);
            TreeSet<Integer> viewHolders = new TreeSet<>();
            for (LockSet ls : view.drawnLockSets()) viewHolders.add(ls.holder());
            TreeSet<Integer> figureHolders = new TreeSet<>();
            for (Figure.Hull h : f.hulls()) figureHolders.add(h.holder());
            assertEquals(viewHolders, figureHolders, "lock sets in round " + round);
            List<String> viewTokens = new ArrayList<>();
            for (GraphView.TokenView t : view.drawnTokens()) if (!t.leaving()) viewTokens.add(t.from() + "->" + t.to() + ":" + t.label());
            List<String> figureTokens = new ArrayList<>();
            for (Figure.Token t : f.tokens()) figureTokens.add(t.from() + "->" + t.to() + ":" + t.label());
            assertEquals(viewTokens, figureTokens, "messages in round " + round + " (in channel order)");
            if (!figurePointers.isEmpty()) checked++;
        }
        assertTrue(checked > 0, "no lock set was ever drawn");
    }

    @Test
    void theFigureShowsTheViewsProtocolMarks(FxRobot robot) throws Exception {
        Session session = dev.lockstep.scenario.TokenRelayScenarios.grid(2);
        GraphView view = Fx.show(robot, stage, session, 900, 700);
        int seen = 0;
        for (int round = 1; round < 25; round++) {
            robot.interact(() -> {
                session.stepRound();
                view.update(false);
            });
            Figure f = Figures.figure(session, new FigureOptions(1000, 700, true, true));
            TreeSet<String> viewArrows = new TreeSet<>();
            for (int[] a : view.drawnArrows()) viewArrows.add(a[0] + "->" + a[1]);
            TreeSet<String> figureArrows = new TreeSet<>();
            for (Figure.EdgeArrow a : f.arrows()) figureArrows.add(a.from() + "->" + a.to());
            assertEquals(viewArrows, figureArrows, "arrows in round " + round);
            List<String> viewMarks = new ArrayList<>();
            List<dev.lockstep.core.NodeMarks> marks = view.drawnMarks();
            for (int u = 0; u < marks.size(); u++) {
                if (!marks.get(u).isEmpty()) viewMarks.add(u + ":" + marks.get(u).tokens() + "," + marks.get(u).leader());
            }
            List<String> figureMarks = new ArrayList<>();
            for (Figure.NodeMark m : f.marks()) figureMarks.add(m.node() + ":" + m.tokens() + "," + m.leader());
            assertEquals(viewMarks, figureMarks, "token badges and leaders in round " + round);
            seen += figureArrows.size();
        }
        assertTrue(seen > 0, "arrows were drawn");
    }
}
