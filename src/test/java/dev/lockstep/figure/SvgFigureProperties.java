package dev.lockstep.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.Session;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The SVG figure is well-formed XML and shows what the simulation holds, where the view would show it. */
class SvgFigureProperties {
    static final String SVG_NS = "http://www.w3.org/2000/svg";

    @Provide
    Arbitrary<String> samples() {
        return Arbitraries.of(Moments.SAMPLES);
    }

    static Document parse(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    /** Elements of the SVG namespace with this class, in document order. */
    static List<Element> byClass(Document doc, String tag, String cls) {
        List<Element> out = new ArrayList<>();
        NodeList all = doc.getElementsByTagNameNS(SVG_NS, tag);
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            if (e.getAttribute("class").equals(cls)) out.add(e);
        }
        return out;
    }

    static double num(Element e, String attr) {
        return Double.parseDouble(e.getAttribute(attr));
    }

    @Property(tries = 40)
    void theFigureShowsTheSimulation(@ForAll("samples") String sample, @ForAll @IntRange(min = 0, max = 1000) int seed,
                                     @ForAll @IntRange(min = 0, max = 24) int rounds,
                                     @ForAll @IntRange(min = 0, max = 3) int actions,
                                     @ForAll @IntRange(min = 160, max = 1600) int width,
                                     @ForAll @IntRange(min = 120, max = 1000) int height, @ForAll boolean caption,
                                     @ForAll boolean legend) throws Exception {
        Session session = Moments.at(sample, seed, rounds, actions);
        Simulation sim = session.simulation();
        FigureOptions options = new FigureOptions(width, height, caption, legend);
        Document doc = parse(Figures.svg(session, options));

        Element root = doc.getDocumentElement();
        assertEquals("svg", root.getLocalName());
        assertEquals(width, num(root, "width"), 1e-9);
        assertEquals(height, num(root, "height"), 1e-9);

        // one node shape per node, where the fitted projection puts it, filled with its state's colour
        @SuppressWarnings({"unchecked", "rawtypes"})
        Protocol<NodeState> p = (Protocol) sim.protocol();
        int n = sim.nodeCount();
        List<Element> nodes = byClass(doc, "circle", "node");
        assertEquals(n, nodes.size(), "node shapes");
        double[] xs = new double[n];
        double[] ys = new double[n];
        for (int u = 0; u < n; u++) {
            xs[u] = sim.graph().x(u);
            ys[u] = sim.graph().y(u);
        }
        Figure.Area area = Figures.figure(session, options).graph();
        Projection proj = Projection.fit(xs, ys, area.x(), area.y(), area.width(), area.height());
        for (Element e : nodes) {
            int u = Integer.parseInt(e.getAttribute("data-node"));
            assertEquals(sim.nodeName(u), e.getAttribute("data-name"));
            assertEquals(proj.x(xs[u], ys[u]), num(e, "cx"), 0.006, "x of " + sim.nodeName(u));
            assertEquals(proj.y(xs[u], ys[u]), num(e, "cy"), 0.006, "y of " + sim.nodeName(u));
            String value = p.presentation().fill(sim.state(u));
            assertEquals(Look.FILL.get(Math.max(0, p.presentation().fillValues().indexOf(value)) % Look.FILL.size()), e.getAttribute("fill"),
                    "fill of " + sim.nodeName(u) + " in state " + value);
            assertEquals(Look.NODE_SIZE / 2, num(e, "r"), 1e-9);
        }
        sameShapeAsTheModel(nodes, xs, ys, area);

        // one line per edge, between its nodes' shapes
        List<Element> lines = byClass(doc, "line", "edge");
        TreeSet<String> drawn = new TreeSet<>();
        for (Element l : lines) {
            int u = Integer.parseInt(l.getAttribute("data-u"));
            int v = Integer.parseInt(l.getAttribute("data-v"));
            drawn.add(u + "-" + v);
            assertEquals(num(nodes.get(u), "cx"), num(l, "x1"), 1e-9);
            assertEquals(num(nodes.get(v), "cy"), num(l, "y2"), 1e-9);
        }
        assertEquals(lines.size(), drawn.size(), "an edge drawn twice");
        assertEquals(Moments.edges(sim), drawn);

        // one token per message in transit, with its label
        List<String> messages = new ArrayList<>();
        for (Element m : byClass(doc, "g", "message")) {
            messages.add(m.getAttribute("data-from") + "->" + m.getAttribute("data-to") + ":" + m.getAttribute("data-label"));
            String shape = m.getAttribute("data-shape");
            assertTrue(shape.equals("pill") || shape.equals("marker"), shape);
            if (shape.equals("pill")) {
                assertEquals(1, m.getElementsByTagNameNS(SVG_NS, "rect").getLength(), "a pill's capsule");
                String label = m.getAttribute("data-label");
                String text = m.getElementsByTagNameNS(SVG_NS, "text").item(0).getTextContent();
                assertEquals(label.endsWith("()") ? label.substring(0, label.length() - 2) : label, text);
            }
        }
        messages.sort(null);
        assertEquals(Moments.messages(sim), messages);

        // the header tells the round
        String header = textOf(doc, "header");
        assertTrue(header.contains("Round " + sim.round()), header);
        // on a figure too small for the graph the legend, then the caption give way (FigureMomentTest)
        Figure model = Figures.figure(session, options);
        assertEquals(legend && !model.legend().isEmpty(), hasId(doc, "legend"));
        assertEquals(caption && !model.caption().isEmpty(), hasId(doc, "caption"));
        if (height >= 400 && width >= 600) {
            assertEquals(legend, hasId(doc, "legend"), "room for the legend");
            assertEquals(caption, hasId(doc, "caption"), "room for the caption");
        }
    }

    /** Independently of the projection: a uniform scale, y flipped, everything inside the graph's area. */
    private static void sameShapeAsTheModel(List<Element> nodes, double[] xs, double[] ys, Figure.Area area) {
        int n = xs.length;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int u = 0; u < n; u++) {
            x[u] = num(nodes.get(u), "cx");
            y[u] = num(nodes.get(u), "cy");
            assertTrue(x[u] >= area.x() && x[u] <= area.x() + area.width() && y[u] >= area.y()
                    && y[u] <= area.y() + area.height(), "node " + u + " outside the graph's area");
        }
        // the scale, from the farthest pair (coordinates are written to 0.01 px)
        double far = 0;
        double scale = Double.NaN;
        for (int u = 0; u < n; u++) {
            for (int v = u + 1; v < n; v++) {
                double dm = Math.hypot(xs[u] - xs[v], ys[u] - ys[v]);
                if (dm > far) {
                    far = dm;
                    scale = Math.hypot(x[u] - x[v], y[u] - y[v]) / dm;
                }
            }
        }
        for (int u = 0; u < n; u++) {
            for (int v = u + 1; v < n; v++) {
                double dm = Math.hypot(xs[u] - xs[v], ys[u] - ys[v]);
                if (dm < 1e-6) continue;
                double s = Math.hypot(x[u] - x[v], y[u] - y[v]) / dm;
                assertEquals(scale, s, 0.015 / dm + 0.015 / far, "scale between " + u + " and " + v);
                if (Math.abs(ys[u] - ys[v]) * scale > 0.02) {
                    assertTrue((ys[u] - ys[v]) * (y[u] - y[v]) < 0, "y axis not flipped");
                }
            }
        }
    }

    static boolean hasId(Document doc, String id) {
        NodeList gs = doc.getElementsByTagNameNS(SVG_NS, "g");
        for (int i = 0; i < gs.getLength(); i++) if (id.equals(((Element) gs.item(i)).getAttribute("id"))) return true;
        return false;
    }

    static String textOf(Document doc, String id) {
        NodeList gs = doc.getElementsByTagNameNS(SVG_NS, "g");
        for (int i = 0; i < gs.getLength(); i++) {
            Element g = (Element) gs.item(i);
            if (id.equals(g.getAttribute("id"))) {
                StringBuilder sb = new StringBuilder();
                NodeList texts = g.getElementsByTagNameNS(SVG_NS, "text");
                for (int k = 0; k < texts.getLength(); k++) sb.append(texts.item(k).getTextContent()).append('\n');
                return sb.toString();
            }
        }
        return "";
    }

    @Test
    void namesAndLabelsWithXmlSpecialCharactersSurviveParsing() throws Exception {
        String tricky = "a<b>&\"c'd";
        String json = """
                {"format": "lockstep-scenario/1", "name": "Tricky <names> & \\"quotes\\"", "protocol": "lme", "delta": 2,
                 "seed": 1, "rounds": 10, "scheduler": {"policy": "synchronous"},
                 "nodes": [{"id": "%s", "x": 0, "y": 0}, {"id": "]]>", "x": 4, "y": 0}],
                 "edges": [["%s", "]]>"]],
                 "workload": [{"round": 0, "node": "]]>", "call": "lock", "hold": 2}]}
                """.formatted(tricky.replace("\"", "\\\""), tricky.replace("\"", "\\\""));
        Session s = Session.start(ScenarioLoader.parse(json, "tricky.json"));
        for (int r = 1; r <= 6; r++) {
            s.runUntil(r);
            Document doc = parse(Figures.svg(s, new FigureOptions(900, 500, true, true)));
            List<Element> nodes = byClass(doc, "circle", "node");
            assertEquals(tricky, nodes.get(0).getAttribute("data-name"));
            assertEquals("]]>", nodes.get(1).getAttribute("data-name"));
            String header = textOf(doc, "header");
            assertTrue(header.contains("Tricky <names> & \"quotes\""), header);
            List<String> names = new ArrayList<>();
            NodeList texts = doc.getElementsByTagNameNS(SVG_NS, "text");
            for (int i = 0; i < texts.getLength(); i++) names.add(texts.item(i).getTextContent());
            assertTrue(names.contains(tricky), "the name tag of " + tricky);
        }
    }
}
