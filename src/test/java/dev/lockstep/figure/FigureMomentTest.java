package dev.lockstep.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Violation;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** What a figure says about its moment: the caption, the marks, and the same bytes every time. */
class FigureMomentTest {
    static final FigureOptions OPTIONS = new FigureOptions(1280, 720, true, true);

    /** The caption's lines joined back into one text (wrapping only breaks at spaces). */
    static String caption(Session s, FigureOptions o) throws Exception {
        Document doc = SvgFigureProperties.parse(Figures.svg(s, o));
        return SvgFigureProperties.textOf(doc, "caption").replace('\n', ' ');
    }

    static String squash(String s) {
        return s.strip().replaceAll("\\s+", " ");
    }

    @Test
    void midRoundTheCaptionTellsTheLastExecution() throws Exception {
        Session s = Moments.at("figure-1-persistent-neighbourhood.json", 3, 4, 0);
        int checked = 0;
        for (int i = 0; i < 12; i++) {
            assertTrue(s.stepAction(5));
            long step = s.simulation().executionsBegun();
            History.Executed x = s.history().execution(step);
            if (x == null) continue; // an asynchronous execution takes effect later
            String caption = squash(caption(s, OPTIONS));
            assertTrue(caption.contains(squash(x.narration())), "step " + step + ": " + caption + "\nexpected " + x.narration());
            for (long other = step - 3; other < step; other++) {
                History.Executed y = s.history().execution(other);
                if (y != null && !y.narration().equals(x.narration())) {
                    assertFalse(caption.contains(squash(y.narration())), "an earlier execution in the caption");
                }
            }
            checked++;
        }
        assertTrue(checked >= 8, "too few executions checked: " + checked);
    }

    @Test
    void betweenRoundsTheCaptionTellsThePreviousRound() throws Exception {
        Session s = Moments.at("figure-1-persistent-neighbourhood.json", 3, 0, 0);
        int told = 0;
        for (int r = 1; r <= 20; r++) {
            s.stepRound();
            s.beginRound();
            String caption = squash(caption(s, OPTIONS));
            long from = s.roundStart(r - 1);
            long to = s.roundStart(r);
            List<String> narrations = new ArrayList<>();
            for (History.Event e : s.history().events()) {
                if (e instanceof History.Executed x && x.step() > from && x.step() <= to) narrations.add(x.narration());
            }
            if (narrations.isEmpty()) {
                assertTrue(caption.contains("No action was executed in round " + (r - 1)), caption);
                continue;
            }
            if (caption.contains("more event")) continue; // a long round: the first ones, then a count
            for (String n : narrations) assertTrue(caption.contains(squash(n)), "round " + (r - 1) + ": " + n);
            told++;
        }
        assertTrue(told >= 5, "too few rounds checked: " + told);
    }

    @Test
    void aLongRoundIsToldInPartAndCounted() throws Exception {
        Session s = Moments.at("unit-disk-swarm-30.json", 5, 12, 0);
        String caption = squash(caption(s, new FigureOptions(640, 360, true, true)));
        assertTrue(caption.matches(".*… and \\d+ more events? in round 11.*"), caption);
    }

    @Test
    void aViolationIsMarkedOnItsNodesAndTold() throws Exception {
        Session s = Moments.at("flaw-1-two-node-deadlock.json", 1, 0, 0);
        while (s.simulation().violationCount() == 0 && s.round() < 200) {
            s.stepRound();
            s.beginRound();
        }
        List<Violation> vs = s.simulation().violations();
        assertFalse(vs.isEmpty(), "the flawed scenario deadlocks");
        Document doc = SvgFigureProperties.parse(Figures.svg(s, OPTIONS));
        TreeSet<Integer> marked = new TreeSet<>();
        for (Element e : SvgFigureProperties.byClass(doc, "g", "violation")) marked.add(Integer.parseInt(e.getAttribute("data-node")));
        TreeSet<Integer> expected = new TreeSet<>();
        for (Violation v : vs) expected.addAll(v.nodes());
        assertEquals(expected, marked);
        assertEquals(expected.size(), SvgFigureProperties.byClass(doc, "circle", "glow").size());
        String caption = SvgFigureProperties.textOf(doc, "caption");
        assertTrue(caption.contains(vs.get(0).check() + " violated"), caption);
        String legend = SvgFigureProperties.textOf(doc, "legend");
        assertTrue(legend.contains("violation"), legend);

        // a round later the marks are gone: they belong to the moment of the violation
        s.stepRound();
        s.beginRound();
        Document later = SvgFigureProperties.parse(Figures.svg(s, OPTIONS));
        assertTrue(SvgFigureProperties.byClass(later, "g", "violation").isEmpty());
    }

    @Test
    void aRefusedLinkIsMarkedOnTheNodeWithNoOpenPort() throws Exception {
        // Δ = 1: b's only port is taken by a, so linking c to b is refused
        String json = """
                {"format": "lockstep-scenario/1", "name": "refusal", "protocol": "lme", "delta": 1, "seed": 1,
                 "rounds": 10, "scheduler": {"policy": "synchronous"},
                 "nodes": [{"id": "a", "x": 0, "y": 0}, {"id": "b", "x": 3, "y": 0}, {"id": "c", "x": 3, "y": 3}],
                 "edges": [["a", "b"]]}
                """;
        Session s = Session.start(dev.lockstep.scenario.ScenarioLoader.parse(json, "refusal.json"));
        s.stepRound();
        s.link(2, 1);
        s.stepRound();
        List<History.Refused> refused = new ArrayList<>();
        for (History.Event e : s.history().events()) if (e instanceof History.Refused r) refused.add(r);
        assertFalse(refused.isEmpty(), "the link was refused");
        Document doc = SvgFigureProperties.parse(Figures.svg(s, OPTIONS));
        List<Element> marks = SvgFigureProperties.byClass(doc, "g", "refusal");
        assertEquals(1, marks.size());
        String reason = refused.get(0).reason();
        int expected = reason.startsWith("b ") ? 1 : reason.startsWith("c ") ? 2 : refused.get(0).u();
        assertEquals(expected, Integer.parseInt(marks.get(0).getAttribute("data-node")));
        assertEquals(reason, marks.get(0).getElementsByTagNameNS(SvgFigureProperties.SVG_NS, "text").item(0).getTextContent());
        assertTrue(SvgFigureProperties.textOf(doc, "caption").contains("Refused: " + reason));
    }

    @Test
    void theSameMomentGivesTheSameBytesInAnyLocaleAndAfterTimeTravel() throws Exception {
        Locale before = Locale.getDefault();
        try {
            for (String sample : Moments.SAMPLES) {
                Locale.setDefault(Locale.ROOT);
                Session a = Moments.at(sample, 11, 9, 2);
                String svg = Figures.svg(a, OPTIONS);
                String tikz = Figures.tikz(a, OPTIONS);
                Locale.setDefault(Locale.GERMANY);
                Session b = Moments.at(sample, 11, 9, 2);
                assertEquals(svg, Figures.svg(b, OPTIONS), sample + ": SVG under a German locale");
                assertEquals(tikz, Figures.tikz(b, OPTIONS), sample + ": TikZ under a German locale");
                Locale.setDefault(Locale.forLanguageTag("ar-EG"));
                assertEquals(svg, Figures.svg(b, OPTIONS), sample + ": SVG under an Arabic locale");
                // the same moment reached again after running ahead and jumping back
                Session.Position here = b.position();
                b.runUntil(16);
                b.jumpTo(here);
                assertEquals(svg, Figures.svg(b, OPTIONS), sample + ": SVG after time travel");
                assertEquals(tikz, Figures.tikz(b, OPTIONS), sample + ": TikZ after time travel");
                assertFalse(svg.matches("(?s).*\\d,\\d{1,2}\".*"), "a decimal comma");
                // and a different moment gives a different picture
                b.stepRound();
                b.beginRound();
                assertNotEquals(svg, Figures.svg(b, OPTIONS));
            }
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void theReadmesFigureIsAnSvgOfFigure1() throws Exception {
        java.nio.file.Path file = java.nio.file.Path.of("assets/export/figure-1.svg");
        Document doc = SvgFigureProperties.parse(java.nio.file.Files.readString(file));
        Session s = Moments.at("figure-1-persistent-neighbourhood.json", 3, 0, 0);
        assertEquals(s.simulation().nodeCount(), SvgFigureProperties.byClass(doc, "circle", "node").size());
        assertTrue(SvgFigureProperties.textOf(doc, "header").contains("Figure 1"));
        assertFalse(SvgFigureProperties.byClass(doc, "path", "hull").isEmpty(), "the README's figure shows a lock set");
        String readme = java.nio.file.Files.readString(java.nio.file.Path.of("README.md"));
        assertTrue(readme.contains("](" + file.toString().replace('\\', '/') + ")"), "the README embeds it");
    }

    @Test
    void optionsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new FigureOptions(0, 100, true, true));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new FigureOptions(300, 50, true, true));
        assertTrue(e.getMessage().contains("300x50"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Figures.svg(null, OPTIONS));
    }

    @Test
    void numbersAreWrittenTheSameEverywhere() {
        assertEquals("0", Decimals.of(-0.001));
        assertEquals("-1.5", Decimals.of(-1.5));
        assertEquals("12.34", Decimals.of(12.344));
        assertEquals("100000", Decimals.of(1e5));
        assertEquals("0.1", Decimals.of(0.1));
        assertThrows(IllegalArgumentException.class, () -> Decimals.of(Double.NaN));
    }

    /**
     * A small figure still shows the graph: with the caption and the legend on, a 160x122 figure of
     * Figure 1 once put every node at one point (the fit's padding took the little room left).
     */
    @Test
    void smallFiguresKeepTheNodesApart() throws Exception {
        Session s = Moments.at("figure-1-persistent-neighbourhood.json", 0, 0, 0);
        for (int w = 100; w <= 400; w += 37) {
            for (int h = 100; h <= 300; h += 11) {
                for (boolean caption : new boolean[] {false, true}) {
                    for (boolean legend : new boolean[] {false, true}) {
                        Figure f = Figures.figure(s, new FigureOptions(w, h, caption, legend));
                        java.util.Set<String> at = new java.util.HashSet<>();
                        for (Figure.Node n : f.nodes()) {
                            String key = Decimals.of(n.at().x()) + "," + Decimals.of(n.at().y());
                            assertTrue(at.add(key), w + "x" + h + " caption " + caption + " legend " + legend + ": two nodes at " + key);
                        }
                        assertTrue(f.graph().height() >= Math.min(FigureSizes.MIN_GRAPH_H, h - FigureSizes.HEADER_H),
                                w + "x" + h + ": the graph keeps its room (" + f.graph().height() + ")");
                    }
                }
            }
        }
    }
}
