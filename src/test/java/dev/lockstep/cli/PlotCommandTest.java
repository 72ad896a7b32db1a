package dev.lockstep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** {@code plot} on a real (small) sweep: the SVG's points and legend, the PNG, the pgfplots numbers, filters and mistakes. */
class PlotCommandTest {
    static final String RING = Path.of("sample-runs/ring-8.json").toAbsolutePath().toString();
    static final List<String> KS = List.of("2", "4", "8");

    @TempDir
    static Path dir;
    static Path sweep;

    /** Three K × two activations × three seeds, 60 rounds: 18 short runs of LME on the ring of 8. */
    @BeforeAll
    static void runSweep() throws Exception {
        Path spec = dir.resolve("spec.json");
        Files.writeString(spec, "{\"base\": \"" + RING.replace("\\", "\\\\") + "\", \"axes\": {\"K\": [2, 4, 8], \"activation\": [0.5, 1.0]},"
                + " \"seeds\": {\"count\": 3}, \"rounds\": 60}\n");
        sweep = dir.resolve("sweep");
        MainTest.Result r = MainTest.run("sweep", spec.toString(), "--out", sweep.toString(), "--jobs", "1");
        assertEquals(0, r.code(), r::toString);
    }

    static MainTest.Result plot(String... args) {
        List<String> all = new ArrayList<>(List.of("plot", sweep.toString()));
        all.addAll(List.of(args));
        return MainTest.run(all.toArray(String[]::new));
    }

    /** The summary's rows with this activation: K → {mean, ci95} of messagesPerCs. */
    static Map<String, double[]> summary(String activation) throws Exception {
        List<String> lines = Files.readAllLines(sweep.resolve("summary.csv"));
        List<String> header = List.of(lines.get(0).split(",", -1));
        Map<String, double[]> out = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] c = line.split(",", -1);
            if (!c[header.indexOf("activation")].equals(activation)) continue;
            out.put(c[header.indexOf("K")], new double[] {Double.parseDouble(c[header.indexOf("messagesPerCs_mean")]),
                    Double.parseDouble(c[header.indexOf("messagesPerCs_ci95")])});
        }
        return out;
    }

    /** Each \addplot's coordinates: x → {y, error}. */
    static List<Map<String, double[]>> addplots(String tex) {
        List<Map<String, double[]>> plots = new ArrayList<>();
        Pattern coord = Pattern.compile("\\(([-0-9.]+), ([-0-9.]+)\\) \\+- \\(0, ([-0-9.]+)\\)");
        for (String block : tex.split("\\\\addplot", -1)) {
            if (!block.startsWith("+[")) continue;
            Map<String, double[]> points = new LinkedHashMap<>();
            Matcher m = coord.matcher(block.substring(0, block.indexOf("};")));
            while (m.find()) points.put(m.group(1), new double[] {Double.parseDouble(m.group(2)), Double.parseDouble(m.group(3))});
            plots.add(points);
        }
        return plots;
    }

    @Test
    void theSvgHasOneMarkPerPointPerSeriesAndALegendEntryForEach() throws Exception {
        Path svg = dir.resolve("k.svg");
        MainTest.Result r = plot("--x", "K", "--y", "messagesPerCs", "--series", "activation", "--out", svg.toString(), "--title", "LME messages per CS");
        assertEquals(0, r.code(), r::toString);
        assertEquals("6 points in 2 lines written to " + svg + "\n", r.out());
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        // the SVG names SVG 1.0's DTD: not fetched
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = f.newDocumentBuilder().parse(svg.toFile());
        assertEquals("svg", doc.getDocumentElement().getTagName());
        // ChartFigure wraps each data point's marker in <g id="point-SERIES-ITEM"> (SVG only): the
        // legend's markers and the axes' shapes are outside such groups, so these are the data points
        Map<String, Integer> perSeries = new LinkedHashMap<>();
        Set<String> fills = new HashSet<>();
        NodeList groups = doc.getElementsByTagName("g");
        for (int i = 0; i < groups.getLength(); i++) {
            Element g = (Element) groups.item(i);
            String id = g.getAttribute("id");
            if (!id.startsWith("point-")) continue;
            assertTrue(g.getElementsByTagName("path").getLength() >= 1, id + " draws its marker");
            perSeries.merge(id.split("-")[1], 1, Integer::sum);
            for (int j = 0; j < g.getElementsByTagName("g").getLength(); j++) fills.add(((Element) g.getElementsByTagName("g").item(j)).getAttribute("style"));
        }
        assertEquals(Map.of("0", 3, "1", 3), perSeries);
        assertTrue(fills.stream().anyMatch(s -> s.contains("fill:rgb(0,114,178)")), "the first line's markers are Okabe-Ito blue: " + fills);
        assertTrue(fills.stream().anyMatch(s -> s.contains("stroke:rgb(213,94,0)")), "the second's vermillion outlines: " + fills);
        List<String> texts = new ArrayList<>();
        NodeList t = doc.getElementsByTagName("text");
        for (int i = 0; i < t.getLength(); i++) texts.add(t.item(i).getTextContent());
        assertTrue(texts.containsAll(List.of("activation = 0.5", "activation = 1.0", "K", "messagesPerCs", "LME messages per CS")), texts.toString());
        // the same data, the same file (no time-based ids)
        Path again = dir.resolve("k2.svg");
        plot("--x", "K", "--y", "messagesPerCs", "--series", "activation", "--out", again.toString(), "--title", "LME messages per CS");
        assertEquals(Files.readString(svg), Files.readString(again));
    }

    @Test
    void thePngDecodesAtTheRequestedSizeAndIsNotBlank() throws Exception {
        Path png = dir.resolve("k.png");
        MainTest.Result r = plot("--x", "K", "--y", "meanWaitRounds", "--series", "activation", "--out", png.toString(), "--size", "640x400");
        assertEquals(0, r.code(), r::toString);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(640, image.getWidth());
        assertEquals(400, image.getHeight());
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) colours.add(image.getRGB(x, y) & 0xFFFFFF);
        }
        assertTrue(colours.size() > 10, colours.size() + " colours");
        assertTrue(colours.containsAll(List.of(0xFFFFFF, 0x0072B2, 0xD55E00)), "white paper, the blue and the vermillion line");
    }

    @Test
    void theTexHasAnAddplotPerSeriesWithTheSummarysMeansAndIntervals() throws Exception {
        Path tex = dir.resolve("k.tex");
        MainTest.Result r = plot("--x", "K", "--y", "messagesPerCs", "--series", "activation", "--out", tex.toString());
        assertEquals(0, r.code(), r::toString);
        String text = Files.readString(tex);
        assertTrue(text.contains("\\begin{tikzpicture}") && text.contains("\\begin{axis}") && text.trim().endsWith("\\end{tikzpicture}"), text);
        assertEquals(2, text.split("error bars/.cd, y dir=both, y explicit", -1).length - 1, text);
        assertTrue(text.contains("\\addlegendentry{activation = 0.5}") && text.contains("\\addlegendentry{activation = 1.0}"), text);
        List<Map<String, double[]>> plots = addplots(text);
        assertEquals(2, plots.size());
        List<String> activations = List.of("0.5", "1.0");
        for (int i = 0; i < 2; i++) {
            Map<String, double[]> expected = summary(activations.get(i));
            assertEquals(KS, List.copyOf(expected.keySet()));
            assertEquals(KS, List.copyOf(plots.get(i).keySet()), "x in increasing order");
            for (String k : KS) {
                assertEquals(expected.get(k)[0], plots.get(i).get(k)[0], "mean at K = " + k);
                assertEquals(expected.get(k)[1], plots.get(i).get(k)[1], "ci95 at K = " + k);
                assertTrue(expected.get(k)[1] > 0, "three seeds give an interval");
            }
        }
    }

    @Test
    void whereKeepsOnlyThePointsWithThatValue() throws Exception {
        Path tex = dir.resolve("where.tex");
        // 1 matches the summary's 1.0: values compare as numbers
        MainTest.Result r = plot("--x", "K", "--y", "messagesPerCs", "--where", "activation=1", "--out", tex.toString());
        assertEquals(0, r.code(), r::toString);
        List<Map<String, double[]>> plots = addplots(Files.readString(tex));
        assertEquals(1, plots.size());
        Map<String, double[]> expected = summary("1.0");
        for (String k : KS) assertEquals(expected.get(k)[0], plots.get(0).get(k)[0]);
        // a log x axis marks the grid's values (K = 2, 4, 8), not 3 or 5
        Path svg = dir.resolve("where.svg");
        r = plot("--x", "K", "--y", "messagesPerCs", "--where", "activation=1", "--log-x", "--log-y", "--out", svg.toString());
        assertEquals(0, r.code(), r::toString);
        String text = Files.readString(svg);
        for (String k : KS) assertTrue(text.contains(">" + k + "</text>"), k);
        assertFalse(text.contains(">3</text>") || text.contains(">5</text>"), text);
        r = plot("--x", "K", "--y", "messagesPerCs", "--where", "activation=1", "--log-x", "--out", tex.toString());
        assertTrue(Files.readString(tex).contains("xmode=log, log basis x=10, log ticks with fixed point,\n  xtick={2,4,8},"), Files.readString(tex));
        // filtering x itself keeps one point
        r = plot("--x", "activation", "--y", "messagesPerCs", "--series", "K", "--where", "K=4", "--out", tex.toString());
        assertEquals(0, r.code(), r::toString);
        assertEquals(List.of(2), addplots(Files.readString(tex)).stream().map(Map::size).toList());
    }

    @Test
    void aLogXAxisMarksFractionsAsTheGridGivesThem() throws Exception {
        Path svg = dir.resolve("activation.svg");
        MainTest.Result r = plot("--x", "activation", "--y", "messagesPerCs", "--series", "K", "--log-x", "--out", svg.toString());
        assertEquals(0, r.code(), r::toString);
        String text = Files.readString(svg);
        assertTrue(text.contains(">0.5</text>") && text.contains(">1</text>"), "the grid's 0.5 and 1.0 (0.5 was \"0\")");
    }

    @Test
    void mistakesAreNamedWithWhatWouldBeRight() throws Exception {
        String out = dir.resolve("bad.svg").toString();
        MainTest.Result r = plot("--x", "K", "--y", "messagesPerCs", "--out", out);
        assertEquals(ExitCode.BAD_INPUT, r.code());
        assertTrue(r.err().contains("the results vary activation (0.5, 1.0); pick one value with --where (e.g. --where activation=0.5) or make one the --series"), r.err());
        r = plot("--x", "K", "--y", "messagesPerCS", "--series", "activation", "--out", out);
        assertEquals(ExitCode.BAD_INPUT, r.code());
        assertTrue(r.err().contains("no measure \"messagesPerCS\"; the measures are: rounds, actions,"), r.err());
        assertTrue(r.err().contains("messagesPerCs, meanWaitRounds"), r.err());
        r = plot("--x", "k", "--y", "messagesPerCs", "--series", "activation", "--out", out);
        assertEquals(ExitCode.BAD_INPUT, r.code());
        assertTrue(r.err().contains("--x k: no such axis in " + sweep.resolve("summary.csv") + "; the axes are: K, activation"), r.err());
        r = plot("--x", "K", "--y", "messagesPerCs", "--series", "activation", "--where", "activation=0.7", "--out", out);
        assertEquals(ExitCode.BAD_INPUT, r.code());
        assertTrue(r.err().contains("--where activation=0.7 matches no point; activation takes the values 0.5, 1.0"), r.err());
        r = plot("--x", "K", "--y", "messagesPerCs", "--series", "activation", "--out", dir.resolve("bad.pdf").toString());
        assertEquals(ExitCode.BAD_INPUT, r.code());
        assertTrue(r.err().contains("unknown format; the file name must end in .svg, .png or .tex"), r.err());
        r = MainTest.run("plot", dir.resolve("nothing").toString(), "--x", "K", "--y", "messagesPerCs", "--out", out);
        assertEquals(ExitCode.BAD_INPUT, r.code());
        assertTrue(r.err().contains("nothing: no such file or directory"), r.err());
        r = plot("--y", "messagesPerCs", "--out", out);
        assertEquals(ExitCode.BAD_INPUT, r.code());
        assertTrue(r.err().contains("plot: --x AXIS is required"), r.err());
        assertFalse(Files.exists(Path.of(out)), "nothing written");
    }

    @Test
    void statTakesTheMedianOrExtremesOverEachPointsRunsWithoutBars() throws Exception {
        // by hand from runs.jsonl: the three seeds' messagesPerCs at each K with activation 0.5
        Map<String, List<Double>> byK = new LinkedHashMap<>();
        for (String line : Files.readAllLines(sweep.resolve("runs.jsonl"))) {
            JsonValue.Obj o = (JsonValue.Obj) JsonParser.parse(line);
            JsonValue.Obj params = (JsonValue.Obj) o.get("params");
            if (((JsonValue.Num) params.get("activation")).doubleValue() != 0.5) continue;
            JsonValue v = ((JsonValue.Obj) o.get("measures")).get("messagesPerCs");
            if (v instanceof JsonValue.Num n) byK.computeIfAbsent(((JsonValue.Num) params.get("K")).text(), k -> new ArrayList<>()).add(n.doubleValue());
        }
        Path tex = dir.resolve("stat.tex");
        for (String stat : List.of("median", "min", "max", "p90")) {
            MainTest.Result r = plot("--x", "K", "--y", "messagesPerCs", "--where", "activation=0.5", "--stat", stat, "--out", tex.toString());
            assertEquals(0, r.code(), r::toString);
            String text = Files.readString(tex);
            assertTrue(text.contains("ylabel={messagesPerCs (" + stat + ")}"), text);
            Map<String, double[]> plotted = addplots(text).get(0);
            for (String k : KS) {
                List<Double> xs = new ArrayList<>(byK.get(k));
                java.util.Collections.sort(xs);
                // a run that acquired nothing has no messagesPerCs: 1 to 3 values; nearest rank
                int n = xs.size();
                double expected = switch (stat) {
                    case "median" -> xs.get((int) Math.ceil(0.5 * n) - 1);
                    case "min" -> xs.get(0);
                    case "max" -> xs.get(n - 1);
                    default -> xs.get((int) Math.ceil(0.9 * n) - 1);
                };
                assertEquals(expected, plotted.get(k)[0], stat + " at K = " + k);
                assertEquals(0, plotted.get(k)[1], "no error bar");
            }
        }
        MainTest.Result r = MainTest.run("plot", sweep.resolve("summary.csv").toString(), "--x", "K", "--y", "messagesPerCs", "--where", "activation=0.5",
                "--stat", "median", "--out", tex.toString());
        assertEquals(ExitCode.BAD_INPUT, r.code());
        assertTrue(r.err().contains("--stat median needs each run's values: give the sweep's directory (or its runs.jsonl)"), r.err());
        r = plot("--x", "K", "--y", "messagesPerCs", "--where", "activation=0.5", "--stat", "mode", "--out", tex.toString());
        assertTrue(r.err().contains("--stat mode: unknown; the statistics are mean, median, min, max, pNN"), r.err());
    }

    @Test
    void aSweepWithoutItsSummaryIsSummarisedFromItsRuns() throws Exception {
        // a sweep still running has runs.jsonl and sweep.json but no summary.csv yet
        Path partial = dir.resolve("partial");
        Files.createDirectories(partial);
        Files.copy(sweep.resolve("sweep.json"), partial.resolve("sweep.json"));
        Files.copy(sweep.resolve("runs.jsonl"), partial.resolve("runs.jsonl"));
        Path a = dir.resolve("a.tex");
        Path b = dir.resolve("b.tex");
        assertEquals(0, plot("--x", "K", "--y", "messagesPerCs", "--series", "activation", "--out", a.toString()).code());
        MainTest.Result r = MainTest.run("plot", partial.resolve("runs.jsonl").toString(), "--x", "K", "--y", "messagesPerCs", "--series", "activation", "--out", b.toString());
        assertEquals(0, r.code(), r::toString);
        assertEquals(Files.readString(a), Files.readString(b));
    }
}
