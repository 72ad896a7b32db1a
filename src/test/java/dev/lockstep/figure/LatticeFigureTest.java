package dev.lockstep.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.application.Interactive;
import dev.lockstep.application.amoebot.Cell;
import dev.lockstep.application.amoebot.ParticleSystem;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.scenario.LatticeWalkScenarios;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * SVG and TikZ figures of an application run draw what the window draws (Sec. 6): the state's
 * letter in each node, the protocol's fill value as a badge, a dashed band per interaction under
 * way; and for a particle system (amoebots) the lattice under the particles, a disc or a capsule
 * per particle over its cells, the cells two particles occupy, and faint edges, while the node
 * keeps the protocol's fill with no letter or badge (the body shows the particle's state). A run
 * without an application has none of it.
 */
class LatticeFigureTest {
    private static final FigureOptions OPTIONS = new FigureOptions(900, 700, true, true);

    private static Session sample(String sample, int rounds) throws Exception {
        Path f = Path.of("sample-runs", sample);
        Session s = Session.start(ScenarioLoader.parse(Files.readString(f), f.toString()));
        for (int i = 0; i < rounds; i++) s.stepRound();
        return s;
    }

    /** Writes the figure's SVG and TikZ when the environment variable LOCKSTEP_SHOTS names a directory. */
    private static void keep(Session s, String name) throws Exception {
        String dir = System.getenv("LOCKSTEP_SHOTS");
        if (dir == null) return;
        Files.writeString(Path.of(dir, name + ".svg"), Figures.svg(s, OPTIONS));
        Files.writeString(Path.of(dir, name + ".tex"), Figures.tikz(s, OPTIONS));
    }

    private static int count(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        int n = 0;
        while (m.find()) n++;
        return n;
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void lettersBadgesAndBandsAsInTheWindow() throws Exception {
        Session s = sample("majority-without-locks-moving-16.json", 3);
        keep(s, "majority-without-locks-3");
        Interactive app = (Interactive) s.simulation().application();
        Protocol<NodeState> protocol = (Protocol) s.simulation().protocol();
        Figure fig = Figures.figure(s, OPTIONS);
        Figure.AppMarks m = fig.application();
        int n = s.simulation().nodeCount();
        assertEquals(n, m.letters().size(), "every agent's state is written in it (all are one letter)");
        assertEquals(n, m.badges().size());
        List<int[]> pairs = new ArrayList<>();
        for (int u = 0; u < n; u++) if (app.partnerOf(u) >= 0) pairs.add(new int[] {u, app.partnerOf(u)});
        assertTrue(pairs.size() >= 2, "the unlocked agents interact at once: " + pairs.size());
        assertEquals(pairs.size(), m.bands().size());
        for (int i = 0; i < pairs.size(); i++) {
            Figure.InteractionBand b = m.bands().get(i);
            assertEquals(pairs.get(i)[0], b.u());
            assertEquals(pairs.get(i)[1], b.v());
            assertEquals(fig.nodes().get(b.u()).at(), b.a(), "a band runs from centre to centre");
            assertEquals(fig.nodes().get(b.v()).at(), b.b());
        }
        for (Figure.Node v : fig.nodes()) {
            Figure.StateLetter l = m.letters().get(v.index());
            assertEquals(app.label(v.index()), l.text());
            assertEquals(v.at(), l.at());
            // A and B are dark (white letters), a and b light (ink)
            assertEquals(Character.isUpperCase(l.text().charAt(0)) ? Look.PAPER : Look.INK, l.colour(), v.name() + " in " + l.text());
            Figure.StateBadge badge = m.badges().get(v.index());
            String fv = protocol.presentation().fill(s.simulation().state(v.index()));
            assertEquals(Look.fill(protocol.presentation().fillValues(), fv), badge.colour());
            assertTrue(badge.at().x() < v.at().x() && badge.at().y() > v.at().y(), "the badge sits at the lower left");
            assertEquals(v.radius() + 0.5, Math.hypot(badge.at().x() - v.at().x(), badge.at().y() - v.at().y()), 1e-9,
                    "on the rim");
        }
        assertTrue(m.lattice().isEmpty() && m.particles().isEmpty() && !m.faintEdges(), "no lattice without particles");

        String svg = Figures.svg(s, OPTIONS);
        assertEquals(n, count(svg, "<text class=\"state\" data-node=\"\\d+\"[^>]*>[ABab]</text>"));
        assertEquals(n, count(svg, "<circle class=\"state-badge\""));
        assertEquals(pairs.size(), count(svg, "<line class=\"interaction\" [^>]*stroke-width=\"6\""));
        for (int[] p : pairs) assertTrue(svg.contains("class=\"interaction\" data-u=\"" + p[0] + "\" data-v=\"" + p[1] + "\""));
        assertTrue(svg.contains("stroke-dasharray=\"8 4\""), "the bands are dashed");
        assertTrue(svg.indexOf("id=\"interactions\"") < svg.indexOf("id=\"edges\""), "bands under the edges and nodes");
        assertTrue(svg.indexOf("id=\"application\"") > svg.indexOf("id=\"nodes\""), "letters over the nodes");
        assertTrue(svg.contains("data-kind=\"interaction\""), "the legend explains the band");
        assertTrue(svg.contains("data-kind=\"state_badge\""), "and the badge");
        String tex = Figures.tikz(s, OPTIONS);
        assertEquals(n, count(tex, "% state of \\d+"));
        assertEquals(n, count(tex, "% badge of \\d+"));
        assertEquals(pairs.size(), count(tex, "dash pattern=on 6bp off 3bp\\] \\([^)]*\\) -- \\([^)]*\\); % interaction \\d+ with \\d+"));
    }

    @Test
    void withoutAnApplicationNothingIsAdded() throws Exception {
        Session s = sample("ring-8.json", 5);
        Figure fig = Figures.figure(s, OPTIONS);
        assertEquals(Figure.AppMarks.NONE, fig.application());
        String svg = Figures.svg(s, OPTIONS);
        for (String id : List.of("id=\"lattice\"", "id=\"particles\"", "id=\"interactions\"", "id=\"application\"", "id=\"collisions\"")) {
            assertFalse(svg.contains(id), id);
        }
        assertTrue(svg.contains("stroke=\"" + Look.EDGE + "\""), "edges in their usual grey");
        assertFalse(Figures.tikz(s, OPTIONS).contains(Look.EDGE_FAINT.substring(1)));
    }

    /** A lattice walk after enough rounds that some particles are expanded and some contracted. */
    private static Session walked(boolean careless, long seed) throws Exception {
        Session s = LatticeWalkScenarios.session(LatticeWalkScenarios.hexagon(), 0.2, careless, seed);
        for (int i = 0; i < 200; i++) {
            s.stepRound();
            ParticleSystem ps = (ParticleSystem) s.simulation().application();
            int expanded = 0;
            for (int u = 0; u < ps.particles(); u++) if (ps.expanded(u)) expanded++;
            boolean collided = !LatticePatch.sharedCells(ps).isEmpty();
            if (expanded >= 2 && expanded < ps.particles() && i >= 10 && collided == careless) return s;
        }
        throw new AssertionError("no round with expanded and contracted particles");
    }

    @Test
    void latticeAndCapsulesForAParticleSystem() throws Exception {
        Session s = walked(false, 3);
        keep(s, "lattice-walk");
        ParticleSystem ps = (ParticleSystem) s.simulation().application();
        Figure fig = Figures.figure(s, OPTIONS);
        Figure.AppMarks m = fig.application();
        assertTrue(m.faintEdges());
        assertEquals(ps.particles(), m.particles().size());
        double unit = -1;
        for (Figure.LatticeLine l : m.lattice()) {
            double len = Math.hypot(l.a().x() - l.b().x(), l.a().y() - l.b().y());
            if (unit < 0) unit = len;
            assertEquals(unit, len, 0.02, "every lattice edge is one lattice unit long");
        }
        assertTrue(unit > 20, "the lattice is drawn at a readable size: " + unit);
        for (Figure.ParticleBody b : m.particles()) {
            int u = b.node();
            Figure.Node node = fig.nodes().get(u);
            assertEquals(ps.expanded(u), b.expanded());
            // the node sits between its cells, so the body is where the node's cells are
            assertEquals(node.at().x(), (b.tail().x() + b.head().x()) / 2, 0.02, node.name());
            assertEquals(node.at().y(), (b.tail().y() + b.head().y()) / 2, 0.02, node.name());
            assertEquals(b.expanded() ? unit : 0, Math.hypot(b.tail().x() - b.head().x(), b.tail().y() - b.head().y()), 0.03);
            assertTrue(b.radius() > node.radius() && b.radius() < unit / 2, "a body rims its node and stays clear of its neighbours'");
            for (Figure.Point cell : List.of(b.tail(), b.head())) {
                assertTrue(m.latticePoints().stream().anyMatch(p -> Math.hypot(p.x() - cell.x(), p.y() - cell.y()) < 0.02),
                        "every particle's cell is a lattice point: " + cell);
            }
        }
        assertTrue(m.collisions().isEmpty(), "careful particles never share a cell");
        Figure.Area a = fig.graph();
        for (Figure.Point p : m.latticePoints()) {
            assertTrue(p.x() >= a.x() && p.x() <= a.x() + a.width() && p.y() >= a.y() && p.y() <= a.y() + a.height(), "clipped to the graph");
        }
        String svg = Figures.svg(s, OPTIONS);
        assertEquals(ps.particles(), count(svg, "<g class=\"particle (expanded|contracted)\" data-node=\"\\d+\""));
        int expanded = 0;
        for (int u = 0; u < ps.particles(); u++) if (ps.expanded(u)) expanded++;
        assertEquals(expanded, count(svg, "<g class=\"particle expanded\" data-node=\"\\d+\""));
        assertEquals(expanded, count(svg, "<g class=\"particle expanded\" data-node=\"\\d+\"><line[^\n]*<circle class=\"head\""),
                "an expanded particle's head has its dot");
        for (Figure.ParticleBody b : m.particles()) {
            String dot = "<circle class=\"head\" cx=\"" + Decimals.of(b.head().x()) + "\" cy=\"" + Decimals.of(b.head().y()) + "\"";
            assertEquals(b.expanded(), svg.contains(dot), "the dot on " + b.node() + "'s head, and only an expanded one's");
        }
        assertEquals(m.lattice().size(), count(svg, "<line x1=\"[^\"]*\" y1=\"[^\"]*\" x2=\"[^\"]*\" y2=\"[^\"]*\"/>\n"));
        assertTrue(svg.indexOf("id=\"lattice\"") < svg.indexOf("id=\"particles\"") && svg.indexOf("id=\"particles\"") < svg.indexOf("id=\"edges\""),
                "lattice, then bodies, under the graph");
        assertTrue(svg.contains("<g id=\"edges\" stroke=\"" + Look.EDGE_FAINT + "\" stroke-width=\"1\">"), "faint edges");
        for (String kind : List.of("lattice", "contracted", "expanded", "collision")) assertTrue(svg.contains("data-kind=\"" + kind + "\""), kind);
        String tex = Figures.tikz(s, OPTIONS);
        assertEquals(ps.particles(), count(tex, "% particle \\d+"));
        assertTrue(tex.contains("\\definecolor{c" + Look.EDGE_FAINT.substring(1) + "}"));
        assertEquals(m.lattice().size(), count(tex, "\\\\draw\\[c" + Look.LATTICE.substring(1) + ",line width=0.75bp,line cap=butt\\] \\([^)]*\\) -- \\([^)]*\\);\n"));
    }

    @Test
    void aCellTwoParticlesOccupyIsMarked() throws Exception {
        Session s = walked(true, 5);
        keep(s, "lattice-walk-collision");
        ParticleSystem ps = (ParticleSystem) s.simulation().application();
        List<Cell> shared = LatticePatch.sharedCells(ps);
        Figure fig = Figures.figure(s, OPTIONS);
        List<Figure.CellCollision> marked = fig.application().collisions();
        assertEquals(shared.size(), marked.size());
        for (int i = 0; i < shared.size(); i++) {
            Cell c = shared.get(i);
            assertEquals(c.q(), marked.get(i).q());
            assertEquals(c.r(), marked.get(i).r());
            int occupants = 0;
            for (int u = 0; u < ps.particles(); u++) if (ps.tail(u).equals(c) || ps.head(u).equals(c)) occupants++;
            assertTrue(occupants >= 2, c + " is taken twice");
        }
        String svg = Figures.svg(s, OPTIONS);
        for (Cell c : shared) assertTrue(svg.contains("class=\"collision\" data-q=\"" + c.q() + "\" data-r=\"" + c.r() + "\""), c.toString());
        assertTrue(svg.contains("stroke=\"" + Look.ALERT + "\" stroke-width=\"3\" stroke-dasharray=\"6 4\""), "in the violation colour, dashed");
        String tex = Figures.tikz(s, OPTIONS);
        for (Cell c : shared) assertTrue(tex.contains("% collision at (" + c.q() + "," + c.r() + ")"), c.toString());
        assertNotNull(fig.application());
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void aParticlesNodeHasItsProtocolFillAndNoBadge() throws Exception {
        Path f = Path.of("sample-runs", "amoebots-with-locks-30.json");
        Session s = Session.start(ScenarioLoader.parse(Files.readString(f), f.toString()));
        Protocol<NodeState> protocol = (Protocol) s.simulation().protocol();
        List<String> fills = protocol.presentation().fillValues();
        int n = s.simulation().nodeCount();
        // on until some particle's LME state is "locked" (it holds its locks, to move)
        int locked = -1;
        for (int i = 0; i < 300 && locked < 0; i++) {
            s.stepRound();
            for (int u = 0; u < n && locked < 0; u++) if (protocol.presentation().fill(s.simulation().state(u)).equals("locked")) locked = u;
        }
        assertTrue(locked >= 0, "a particle holds its locks");
        keep(s, "amoebots-locked");
        Figure fig = Figures.figure(s, OPTIONS);
        for (Figure.Node v : fig.nodes()) {
            String fv = protocol.presentation().fill(s.simulation().state(v.index()));
            assertEquals(fv, v.fillValue(), v.name());
            assertEquals(Look.fill(fills, fv), v.fill(), v.name() + " is filled with its LME state's colour");
        }
        assertEquals(Look.fill(fills, "locked"), fig.nodes().get(locked).fill(), "a locked node's fill");
        Figure.AppMarks m = fig.application();
        assertTrue(m.badges().isEmpty() && m.letters().isEmpty(), "no badge and no letter on a particle");
        assertEquals(n, m.particles().size(), "the bodies are drawn");
        assertTrue(fig.legend().stream().anyMatch(i -> i.kind() == Figure.LegendKind.TITLE && i.text().equals("fill = state")),
                "the legend's fill is LME's state");
        assertTrue(fig.legend().stream().noneMatch(i -> i.kind() == Figure.LegendKind.STATE_BADGE), "no badge in the legend");
        for (String fv : fills) {
            assertTrue(fig.legend().stream().anyMatch(i -> i.kind() == Figure.LegendKind.FILL && i.colour().equals(Look.fill(fills, fv))), fv);
        }

        String svg = Figures.svg(s, OPTIONS);
        Figure.Node v = fig.nodes().get(locked);
        assertTrue(svg.contains("<circle class=\"node\" data-node=\"" + locked + "\" data-name=\"" + v.name()
                + "\" data-fill-value=\"locked\""), "the locked node in the SVG");
        assertTrue(Pattern.compile("<circle class=\"node\" data-node=\"" + locked + "\"[^>]* fill=\"" + Look.fill(fills, "locked") + "\"")
                .matcher(svg).find(), "filled in locked's colour");
        assertEquals(0, count(svg, "class=\"state-badge\""));
        assertEquals(0, count(svg, "<text class=\"state\""));
        assertFalse(svg.contains("id=\"application\""), "nothing over the nodes");
        assertFalse(svg.contains("data-kind=\"state_badge\""));
        String tex = Figures.tikz(s, OPTIONS);
        assertEquals(0, count(tex, "% badge of \\d+"));
        assertEquals(0, count(tex, "% state of \\d+"));
        Matcher node = Pattern.compile("\\\\node\\[graphnode,fill=(\\w+),[^\n]*% " + Pattern.quote(v.name()) + ": locked,").matcher(tex);
        assertTrue(node.find(), "the locked node in the TikZ");
        assertTrue(tex.contains("\\definecolor{" + node.group(1) + "}{HTML}{" + Look.fill(fills, "locked").substring(1) + "}"),
                "filled in locked's colour: " + node.group(1));
    }
}
