package dev.lockstep.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.NeighbourhoodArea;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.TokenRelay;
import dev.lockstep.scenario.TokenRelayScenarios;
import dev.lockstep.session.Session;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The generic marks in figures, for a protocol the figure package knows nothing about (the
 * test-only {@link TokenRelay}): SVG and TikZ show badges on nodes and messages, the leader,
 * labels, queue counts, arrows and neighbourhoods, with legend entries; LME's figures show none.
 */
class FigureMarksTest {
    private static final FigureOptions OPTIONS = new FigureOptions(900, 700, true, true);

    static Session relayWithATokenInTransit() throws Exception {
        Session session = TokenRelayScenarios.grid(2);
        Simulation sim = session.simulation();
        for (int i = 0; i < 60; i++) {
            boolean moving = false;
            for (int v = 0; v < sim.nodeCount(); v++) {
                for (int k = 0; k < sim.channels().size(v); k++) moving |= sim.channels().get(v, k).message() instanceof TokenRelay.Token;
            }
            if (moving) return session;
            session.stepRound();
        }
        throw new AssertionError("no token in transit");
    }

    private static int count(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        int n = 0;
        while (m.find()) n++;
        return n;
    }

    @Test
    void theSvgShowsEveryMarkWithItsLegendEntry() throws Exception {
        Session session = relayWithATokenInTransit();
        String svg = Figures.svg(session, OPTIONS);
        assertTrue(svg.contains("class=\"token-badge\" data-message="), "a badge on the token in transit");
        assertEquals(1, count(svg, "class=\"leader\" data-node=\"0\""), "node a leads");
        assertEquals(9, count(svg, "class=\"mark-label\""), "a height under every node");
        // every edge is oriented from the higher to the lower height (lower index here)
        Matcher arrow = Pattern.compile("class=\"edge-arrow\" data-from=\"(\\d+)\" data-to=\"(\\d+)\"").matcher(svg);
        int arrows = 0;
        while (arrow.find()) {
            assertTrue(Integer.parseInt(arrow.group(1)) < Integer.parseInt(arrow.group(2)), arrow.group());
            arrows++;
        }
        assertEquals(12, arrows);
        for (String entry : List.of("token (count if more than one)", "leader", "queue = requests", "label = height",
                "arrow = higher → lower height")) {
            assertTrue(svg.contains(">" + entry + "</text>"), entry);
        }
        assertTrue(svg.contains("data-kind=\"badge\"") && svg.contains("data-kind=\"arrow\""), "legend swatches");
        assertFalse(svg.contains("id=\"regions\""), "no neighbourhoods in this scenario");

        java.nio.file.Files.writeString(Path.of("target", "figure-marks.svg"), svg); // for people to look at
        String tex = Figures.tikz(session, OPTIONS);
        assertTrue(tex.contains("% token badge") && tex.contains("% arrow 0 -> 1") && tex.contains("% label of 0"), "TikZ too");
    }

    @Test
    void aQueueCountSitsBesideTheLabelAndCountsTheRequests() throws Exception {
        Session session = relayWithATokenInTransit();
        String svg = Figures.svg(session, OPTIONS);
        Figure f = Figures.figure(session, OPTIONS);
        for (Figure.NodeMark m : f.marks()) {
            if (m.queueAt() == null) continue;
            assertTrue(m.queue() > 0);
            assertEquals(m.labelAt().y(), m.queueAt().y(), 1e-9, "on the label's line");
            assertTrue(m.queueAt().x() - m.queueWidth() / 2 >= m.labelAt().x() + m.labelWidth() / 2, "right of the label");
            assertTrue(svg.contains("class=\"queue\" data-node=\"" + m.node() + "\" data-length=\"" + m.queue() + "\""));
        }
        // badges sit on the rim, mostly outside the node, so its fill stays visible
        for (Figure.NodeMark m : f.marks()) {
            double d = Math.hypot(m.badge().x() - m.at().x(), m.badge().y() - m.at().y());
            assertTrue(d > m.radius(), "badge centre outside the node");
        }
    }

    @Test
    void regionsGivenAsNodeSetsAreOutlinedAroundTheirMembers() throws Exception {
        String json = TokenRelayScenarios.GRID.replace("\"x\": 0,", "\"region\": \"L\", \"x\": 0,")
                .replace("\"x\": 10,", "\"region\": \"L\", \"x\": 10,").replace("\"x\": 20,", "\"region\": \"R\", \"x\": 20,");
        Session session = Session.start(TokenRelayScenarios.with(json, new TokenRelay(1)));
        session.stepRound();
        Figure f = Figures.figure(session, OPTIONS);
        assertEquals(List.of("L", "R"), f.regions().stream().map(Figure.Region::name).toList());
        for (Figure.Node v : f.nodes()) {
            Figure.Region r = f.regions().get(v.index() % 3 == 2 ? 1 : 0);
            assertTrue(inside(r.outline(), v.at()), v.name() + " inside " + r.name());
            assertFalse(inside(f.regions().get(v.index() % 3 == 2 ? 0 : 1).outline(), v.at()), v.name() + " outside the other");
        }
        String svg = Figures.svg(session, OPTIONS);
        java.nio.file.Files.writeString(Path.of("target", "figure-regions.svg"), svg);
        assertTrue(svg.contains("class=\"region\" data-name=\"R\" data-kind=\"nodes\""));
        assertTrue(svg.contains(">region (its nodes)</text>"));
    }

    @Test
    void areasOfThePlaneAreProjectedLikeTheNodes() {
        List<NeighbourhoodArea> areas = List.of(new NeighbourhoodArea("West", 0, 0, 10, 10), new NeighbourhoodArea("East", 10, 0, 10, 10));
        Simulation sim = new Simulation(new SimulationConfig(new TokenRelay(1), List.of("a", "b"), new double[] {0, 20},
                new double[] {0, 10}, null, 2, ChannelDiscipline.FIFO, PortAssignment.LOWEST, CheckSettings.DEFAULTS, 1, areas));
        Projection p = Projection.fit(new double[] {0, 20}, new double[] {0, 10}, 0, 0, 600, 400);
        double[] px = {p.x(0, 0), p.x(20, 10)};
        double[] py = {p.y(0, 0), p.y(20, 10)};
        FigureMarks marks = new FigureMarks(sim, px, py, 11, new LabelPlacement(px, py, 11, 1, 0, 0, 600, 400));
        List<Figure.Region> regions = marks.regions(p);
        assertEquals(2, regions.size());
        Figure.Region west = regions.get(0);
        assertTrue(west.area());
        // the west area's corners are the nodes' corners of the drawing: a at its bottom left (y grows down)
        assertEquals(px[0], west.outline().get(0).x(), 1e-9);
        assertEquals(py[0], west.outline().get(3).y(), 1e-9);
        assertEquals(Look.area(1), regions.get(1).colour());
        assertEquals(px[1], regions.get(1).outline().get(1).x(), 1e-9);
    }

    @Test
    void aCrashedNodeIsGreyedAndCrossedOutForAnyProtocolWithItsLegendEntry() throws Exception {
        String lmeJson = java.nio.file.Files.readString(Path.of("sample-runs", "ring-8.json")).replaceFirst("\\{",
                "{\"dynamics\": [{\"round\": 2, \"crash\": \"" + firstNode() + "\"}], ");
        Session lme = Session.start(ScenarioLoader.parse(lmeJson, "ring-8-crash.json"));
        String before = Figures.svg(lme, OPTIONS);
        assertFalse(before.contains("crashed"), "nothing crashed yet");
        for (int i = 0; i < 4; i++) lme.stepRound();
        assertTrue(lme.simulation().crashed(0));
        assertTrue(MarkKinds.of(lme.simulation()).crashed());
        assertEquals(List.of(MarkKinds.Kind.CRASHED), MarkKinds.of(lme.simulation()).entries().stream().map(MarkKinds.Entry::kind).toList());
        String svg = Figures.svg(lme, OPTIONS);
        assertEquals(1, count(svg, "class=\"crashed\" data-node=\"0\""));
        assertTrue(svg.contains(">crashed</text>"), "the legend says so");
        assertTrue(Figures.tikz(lme, OPTIONS).contains("% crashed"));
    }

    private static String firstNode() throws Exception {
        return ScenarioLoader.load(Path.of("sample-runs", "ring-8.json")).nodes().get(0);
    }

    @Test
    void lmeFiguresHaveNoMarks() throws Exception {
        Session lme = Session.start(ScenarioLoader.load(Path.of("sample-runs", "ring-8.json")));
        for (int i = 0; i < 6; i++) lme.stepRound();
        Figure f = Figures.figure(lme, OPTIONS);
        assertTrue(f.regions().isEmpty() && f.arrows().isEmpty() && f.marks().isEmpty());
        String svg = Figures.svg(lme, OPTIONS);
        for (String s : List.of("token-badge", "edge-arrow", "node-marks", "regions", "leader", "mark-label")) {
            assertFalse(svg.contains(s), s);
        }
        assertTrue(MarkKinds.of(lme.simulation()).entries().isEmpty());
    }

    /** Whether the point lies inside the convex polygon (either orientation). */
    static boolean inside(List<Figure.Point> poly, Figure.Point q) {
        int sign = 0;
        for (int i = 0; i < poly.size(); i++) {
            Figure.Point a = poly.get(i);
            Figure.Point b = poly.get((i + 1) % poly.size());
            double cross = (b.x() - a.x()) * (q.y() - a.y()) - (b.y() - a.y()) * (q.x() - a.x());
            int s = (int) Math.signum(cross);
            if (s == 0) continue;
            if (sign == 0) sign = s;
            else if (s != sign) return false;
        }
        return true;
    }
}
