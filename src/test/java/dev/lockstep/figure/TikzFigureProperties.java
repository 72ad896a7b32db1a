package dev.lockstep.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.Session;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The TikZ figure's structure, checked without compiling it. */
class TikzFigureProperties {
    static final Pattern NODE = Pattern.compile(
            "\\\\node\\[graphnode,fill=([a-z0-9]+),draw=([a-z0-9]+),line width=[0-9.]+bp\\] \\(n(\\d+)\\) at \\((-?[0-9.]+),(-?[0-9.]+)\\) \\{\\};");
    static final Pattern EDGE = Pattern.compile("\\\\draw\\[edge\\] \\((-?[0-9.]+),(-?[0-9.]+)\\) -- \\((-?[0-9.]+),(-?[0-9.]+)\\);");
    static final Pattern COLOUR = Pattern.compile("\\\\definecolor\\{([^}]*)\\}\\{HTML\\}\\{([0-9A-F]{6})\\}");

    @Provide
    Arbitrary<String> samples() {
        return Arbitraries.of(Moments.SAMPLES);
    }

    @Property(tries = 30)
    void theDocumentIsWellFormedAndShowsTheSimulation(@ForAll("samples") String sample,
                                                       @ForAll @IntRange(min = 0, max = 1000) int seed,
                                                       @ForAll @IntRange(min = 0, max = 24) int rounds,
                                                       @ForAll @IntRange(min = 0, max = 3) int actions,
                                                       @ForAll @IntRange(min = 160, max = 1600) int width,
                                                       @ForAll @IntRange(min = 120, max = 1000) int height,
                                                       @ForAll boolean caption, @ForAll boolean legend) throws Exception {
        Session session = Moments.at(sample, seed, rounds, actions);
        Simulation sim = session.simulation();
        FigureOptions options = new FigureOptions(width, height, caption, legend);
        String tex = Figures.tikz(session, options);
        String code = TikzStructure.check(tex);

        // colour name -> #RRGGBB
        java.util.Map<String, String> colours = new java.util.HashMap<>();
        Matcher cm = COLOUR.matcher(code);
        while (cm.find()) colours.put(cm.group(1), "#" + cm.group(2));

        @SuppressWarnings({"unchecked", "rawtypes"})
        Protocol<NodeState> p = (Protocol) sim.protocol();
        int n = sim.nodeCount();
        double[] xs = new double[n];
        double[] ys = new double[n];
        for (int u = 0; u < n; u++) {
            xs[u] = sim.graph().x(u);
            ys[u] = sim.graph().y(u);
        }
        Figure.Area area = Figures.figure(session, options).graph();
        Projection proj = Projection.fit(xs, ys, area.x(), area.y(), area.width(), area.height());
        Matcher m = NODE.matcher(code);
        TreeSet<Integer> seen = new TreeSet<>();
        double[] nx = new double[n];
        double[] ny = new double[n];
        while (m.find()) {
            int u = Integer.parseInt(m.group(3));
            assertTrue(seen.add(u), "node " + u + " drawn twice");
            nx[u] = Double.parseDouble(m.group(4));
            ny[u] = Double.parseDouble(m.group(5));
            assertEquals(proj.x(xs[u], ys[u]), nx[u], 0.006);
            assertEquals(proj.y(xs[u], ys[u]), ny[u], 0.006);
            String value = p.presentation().fill(sim.state(u));
            assertEquals(Look.FILL.get(Math.max(0, p.presentation().fillValues().indexOf(value)) % Look.FILL.size()),
                    colours.get(m.group(1)), "fill of " + sim.nodeName(u));
        }
        assertEquals(n, seen.size(), "one \\node per node");
        assertEquals(n, count(code, "\\node[graphnode"), "no other graph node");

        TreeSet<String> edges = new TreeSet<>();
        Matcher e = EDGE.matcher(code);
        while (e.find()) {
            int u = at(nx, ny, Double.parseDouble(e.group(1)), Double.parseDouble(e.group(2)));
            int v = at(nx, ny, Double.parseDouble(e.group(3)), Double.parseDouble(e.group(4)));
            assertTrue(edges.add(Math.min(u, v) + "-" + Math.max(u, v)), "an edge drawn twice");
        }
        assertEquals(Moments.edges(sim), edges, "one \\draw per edge");
        assertEquals(edges.size(), count(code, "\\draw[edge]"));
        assertEquals(Moments.messages(sim).size(), count(tex, "% message "), "one token per message");
        assertTrue(code.contains("Round " + sim.round() + "}"), "the header");
    }

    private static int count(String s, String what) {
        int k = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) k++;
        return k;
    }

    /** The node drawn at (x, y) (coincident nodes: the first). */
    private static int at(double[] nx, double[] ny, double x, double y) {
        for (int u = 0; u < nx.length; u++) if (Math.abs(nx[u] - x) < 1e-9 && Math.abs(ny[u] - y) < 1e-9) return u;
        throw new AssertionError("an edge ends where no node is: " + x + "," + y);
    }

    @Test
    void latexSpecialCharactersAndSymbolsInNamesAreEscaped() throws Exception {
        String[] names = {"a_b#1", "50% & {x}", "^~\\$", "v⊥∅→ℓ", "Zoë—“é”"};
        StringBuilder nodes = new StringBuilder();
        StringBuilder edges = new StringBuilder();
        for (int i = 0; i < names.length; i++) {
            String id = names[i].replace("\\", "\\\\").replace("\"", "\\\"");
            nodes.append(i == 0 ? "" : ",").append("{\"id\": \"").append(id).append("\", \"x\": ").append(i * 3)
                    .append(", \"y\": ").append(i % 2).append('}');
            if (i > 0) {
                String prev = names[i - 1].replace("\\", "\\\\").replace("\"", "\\\"");
                edges.append(i == 1 ? "" : ",").append("[\"").append(prev).append("\", \"").append(id).append("\"]");
            }
        }
        String json = "{\"format\": \"lockstep-scenario/1\", \"name\": \"100% {special} #1 & co_op ~ ^\", \"protocol\": \"lme\","
                + " \"delta\": 3, \"seed\": 2, \"rounds\": 10, \"scheduler\": {\"policy\": \"synchronous\"}, \"nodes\": ["
                + nodes + "], \"edges\": [" + edges + "], \"workload\": {\"lock\": 0.3, \"hold\": 2}}";
        Session s = Session.start(ScenarioLoader.parse(json, "special.json"));
        for (int r = 0; r < 8; r++) {
            s.runUntil(r);
            String tex = Figures.tikz(s, new FigureOptions(1000, 420, true, true));
            String code = TikzStructure.check(tex);
            List<String> texts = TikzStructure.nodeTexts(code);
            assertTrue(texts.contains("a\\_b\\#1"), "name a_b#1");
            assertTrue(texts.contains("50\\% \\& \\{x\\}"), "name 50% & {x}");
            assertTrue(texts.contains("v$\\bot$$\\emptyset$$\\rightarrow$$\\ell$"), "name with symbols: " + texts);
        }
    }
}
