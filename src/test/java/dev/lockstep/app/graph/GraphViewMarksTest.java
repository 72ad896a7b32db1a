package dev.lockstep.app.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.NeighbourhoodArea;
import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.figure.Look;
import dev.lockstep.figure.MarkKinds;
import dev.lockstep.scenario.TokenRelay;
import dev.lockstep.scenario.TokenRelayScenarios;
import dev.lockstep.session.Session;
import java.util.List;
import java.util.Set;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.BorderPane;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The generic marks of token and leader protocols, drawn for a protocol the view knows nothing
 * about (the test-only {@link TokenRelay}): token badges on nodes and messages, the leader, queue
 * counts, labels, arrows, areas of the plane and regions as node sets; and none of it for LME.
 * Pictures are saved in target/ for people to look at.
 */
@ExtendWith(ApplicationExtension.class)
class GraphViewMarksTest {
    private static final Color AMBER = Color.web(Look.TOKEN);
    Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void aTokenProtocolShowsItsBadgesLeaderQueueLabelsAndArrowsWithTheirLegend(FxRobot robot) throws Exception {
        Session session = TokenRelayScenarios.grid(2);
        Simulation sim = session.simulation();
        for (int i = 0; i < 60 && !(inTransit(sim) && held(sim)); i++) session.stepRound();
        assertTrue(inTransit(sim) && held(sim), "a token in transit and one held, at round " + sim.round());
        GraphView view = Fx.show(robot, stage, session, 1000, 760);
        Set<String> legend = GraphViewLookTest.texts(view.legend());
        for (String entry : List.of("Protocol marks", "token (count if more than one)", "leader", "queue = requests",
                "label = height", "arrow = higher → lower height")) {
            assertTrue(legend.contains(entry), entry + " in " + legend);
        }
        assertFalse(legend.contains("area of the plane (region)"), "no areas in this scenario");
        MarkKinds kinds = view.marksShown();
        assertTrue(kinds.tokens() && kinds.leader() && !kinds.areas());
        WritableImage img = GraphViewLookTest.shot(robot, stage);
        Fx.save(img, "graph-view-marks.png");
        // badges: on the holders and on the token in transit (the legend's samples are amber too)
        long graphAmber = amber(img, 0, 0, (int) view.node().getLayoutBounds().getWidth());
        assertTrue(graphAmber > 150, "amber badges drawn in the graph: " + graphAmber);
        // 12 edges, all oriented (heights differ): more dark pixels than without arrowheads
        assertEquals(12, sim.graph().edgeCount());
    }

    @Test
    void areasOfThePlaneAreDrawnBehindTheGraph(FxRobot robot) throws Exception {
        List<NeighbourhoodArea> areas = List.of(new NeighbourhoodArea("West", -1, -1, 11, 12), new NeighbourhoodArea("East", 10, -1, 11, 12));
        WritableImage with = areaShot(robot, areas);
        Fx.save(with, "graph-view-areas.png");
        WritableImage without = areaShot(robot, List.of());
        long tinted = differing(with, without);
        assertTrue(tinted > 20_000, "the areas tint a large part of the view: " + tinted);
    }

    @Test
    void regionsGivenAsNodeSetsAreDrawnAsHullsThatFollowTheirMembers(FxRobot robot) throws Exception {
        String json = TokenRelayScenarios.GRID.replace("\"x\": 0,", "\"region\": \"L\", \"x\": 0,")
                .replace("\"x\": 10,", "\"region\": \"L\", \"x\": 10,").replace("\"x\": 20,", "\"region\": \"R\", \"x\": 20,");
        Session session = Session.start(TokenRelayScenarios.with(json, new TokenRelay(1)));
        session.stepRound();
        GraphView view = Fx.show(robot, stage, session, 900, 700);
        assertTrue(view.marksShown().regions(), "regions as node sets");
        assertTrue(GraphViewLookTest.texts(view.legend()).contains("region (its nodes)"));
        WritableImage img = GraphViewLookTest.shot(robot, stage);
        Fx.save(img, "graph-view-regions.png");
        assertEquals(List.of("L", "R"), List.copyOf(NodeMarkPainter.regionMembers(regions(session.simulation())).keySet()));
        assertArrayEquals(new int[] {2, 5, 8}, NodeMarkPainter.regionMembers(regions(session.simulation())).get("R"));
    }

    @Test
    void onFortyNodesTheBadgesStayAndTheTextGivesWay(FxRobot robot) throws Exception {
        String json = java.nio.file.Files.readString(java.nio.file.Path.of("sample-runs", "swarm-long-dynamic-40.json"));
        Session session = Session.start(TokenRelayScenarios.with(json, new TokenRelay(3)));
        for (int i = 0; i < 40; i++) session.stepRound();
        GraphView view = Fx.show(robot, stage, session, 1000, 700);
        WritableImage img = GraphViewLookTest.shot(robot, stage);
        Fx.save(img, "graph-view-marks-40.png");
        assertTrue(amber(img, 0, 0, (int) view.node().getLayoutBounds().getWidth()) > 100, "badges drawn");
        robot.interact(() -> view.zoom(0.5));
        Fx.frames(3);
        assertFalse(view.detailed(), "zoomed out, labels give way");
        WritableImage far = GraphViewLookTest.shot(robot, stage);
        Fx.save(far, "graph-view-marks-40-far.png");
        assertTrue(amber(far, 0, 0, (int) view.node().getLayoutBounds().getWidth()) > 60, "the badges stay");
    }

    @Test
    void aCrashedNodeGetsItsLegendEntryOnceItCrashes(FxRobot robot) throws Exception {
        String json = java.nio.file.Files.readString(java.nio.file.Path.of("sample-runs", "ring-8.json"));
        String first = dev.lockstep.scenario.ScenarioLoader.parse(json, "ring-8.json").nodes().get(0);
        Session lme = Session.start(dev.lockstep.scenario.ScenarioLoader.parse(
                json.replaceFirst("\\{", "{\"dynamics\": [{\"round\": 3, \"crash\": \"" + first + "\"}], "), "crash.json"));
        lme.stepRound();
        GraphView view = Fx.show(robot, stage, lme, 900, 700);
        assertFalse(GraphViewLookTest.texts(view.legend()).contains("crashed"), "not before the crash");
        WritableImage before = GraphViewLookTest.shot(robot, stage);
        for (int i = 0; i < 4; i++) lme.stepRound();
        robot.interact(() -> view.update(false));
        Fx.frames(3);
        assertTrue(GraphViewLookTest.texts(view.legend()).contains("crashed"));
        WritableImage after = GraphViewLookTest.shot(robot, stage);
        Fx.save(after, "graph-view-crashed.png");
        assertTrue(GraphViewLookTest.dark(after) > GraphViewLookTest.dark(before), "the cross is drawn");
    }

    @Test
    void lmeShowsNoMarksAndNoMarkLegend(FxRobot robot) throws Exception {
        Session lme = Fx.session("ring-8.json");
        for (int i = 0; i < 20; i++) lme.stepRound();
        GraphView view = Fx.show(robot, stage, lme, 900, 700);
        assertTrue(view.marksShown().isEmpty());
        assertTrue(MarkKinds.of(lme.simulation()).isEmpty());
        Set<String> legend = GraphViewLookTest.texts(view.legend());
        assertFalse(legend.contains("Protocol marks"), legend.toString());
        WritableImage img = GraphViewLookTest.shot(robot, stage);
        assertEquals(0, amber(img, 0, 0, (int) img.getWidth()), "no token badge");
    }

    private static void assertArrayEquals(int[] expected, int[] actual) {
        org.junit.jupiter.api.Assertions.assertArrayEquals(expected, actual);
    }

    private static String[] regions(Simulation sim) {
        String[] out = new String[sim.nodeCount()];
        for (int u = 0; u < out.length; u++) out[u] = sim.region(u);
        return out;
    }

    private WritableImage areaShot(FxRobot robot, List<NeighbourhoodArea> areas) {
        List<String> names = List.of("a", "b", "c", "d");
        Simulation sim = new Simulation(new SimulationConfig(new TokenRelay(1), names, new double[] {0, 8, 12, 20},
                new double[] {0, 10, 0, 10}, null, 2, ChannelDiscipline.FIFO, PortAssignment.LOWEST, CheckSettings.DEFAULTS,
                1, areas));
        sim.link(0, 1);
        sim.link(2, 3);
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> {
            GraphView v = new GraphView(sim);
            v.setAnimationMillis(0);
            stage.setScene(new Scene(new BorderPane(v.node()), 800, 600));
            stage.show();
        });
        Fx.frames(3);
        img[0] = GraphViewLookTest.shot(robot, stage);
        return img[0];
    }

    private static boolean inTransit(Simulation sim) {
        for (int v = 0; v < sim.nodeCount(); v++) {
            for (int i = 0; i < sim.channels().size(v); i++) {
                if (sim.channels().get(v, i).message() instanceof TokenRelay.Token) return true;
            }
        }
        return false;
    }

    private static boolean held(Simulation sim) {
        for (int u = 0; u < sim.nodeCount(); u++) if (sim.state(u).variables().get(0).value().equals("1")) return true;
        return false;
    }

    static long amber(WritableImage img, int x0, int y0, int width) {
        long n = 0;
        for (int x = x0; x < Math.min(width, (int) img.getWidth()); x++) {
            for (int y = y0; y < img.getHeight(); y++) {
                Color c = img.getPixelReader().getColor(x, y);
                if (Math.abs(c.getRed() - AMBER.getRed()) < 0.04 && Math.abs(c.getGreen() - AMBER.getGreen()) < 0.04
                        && Math.abs(c.getBlue() - AMBER.getBlue()) < 0.06) {
                    n++;
                }
            }
        }
        return n;
    }

    private static long differing(WritableImage a, WritableImage b) {
        long n = 0;
        for (int x = 0; x < Math.min(a.getWidth(), b.getWidth()); x++) {
            for (int y = 0; y < Math.min(a.getHeight(), b.getHeight()); y++) {
                if (!a.getPixelReader().getColor(x, y).equals(b.getPixelReader().getColor(x, y))) n++;
            }
        }
        return n;
    }
}
