package dev.lockstep.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Choosing the lines from a summary written by hand: quoted cells, empty statistics, several varying axes, log scales. */
class PlotDataTest {
    @TempDir
    Path dir;

    /** Two schedulers (JSON objects, quoted as summary.csv quotes them) × K × delta; m has no value at one point. */
    static final String CSV = """
            point,scheduler,K,delta,runs,m_mean,m_sd,m_ci95,n_mean,n_sd,n_ci95
            p1,"{""policy"":""synchronous""}",4,2,3,10,1,2.5,0,0,0
            p2,"{""policy"":""synchronous""}",2,2,3,12,1,2.25,-1,0,0
            p3,"{""policy"":""asynchronous"",""activation"":0.5}",2,2,1,20,,,1,0,0
            p4,"{""policy"":""asynchronous"",""activation"":0.5}",4,2,3,,,,1,0,0
            p5,"{""policy"":""synchronous""}",2,3,3,30,1,1,1,0,0
            """;

    Results results() throws Exception {
        Path f = dir.resolve("summary.csv");
        Files.writeString(f, CSV);
        return Results.load(f);
    }

    static PlotSpec spec(String x, String y, String series, Map<String, String> where) {
        return new PlotSpec(x, y, null, series, where, null, null, null, false, false);
    }

    @Test
    void aSummaryIsReadWithItsQuotedCells() throws Exception {
        Results r = results();
        assertEquals(List.of("scheduler", "K", "delta"), r.axes());
        assertEquals(List.of("m", "n"), r.measures());
        assertEquals("{\"policy\":\"asynchronous\",\"activation\":0.5}", r.rows().get(2).axisValues().get("scheduler"));
        assertEquals(1, r.rows().get(2).runs());
        assertTrue(Double.isNaN(r.rows().get(2).stat("m", "ci95")), "one run: no interval");
    }

    @Test
    void curvesFollowTheSeriesWithPointsInIncreasingXAndNoPointWithoutAValue() throws Exception {
        PlotData d = PlotData.select(results(), spec("K", "m", "scheduler", Map.of("delta", "2")));
        assertEquals(List.of("policy=synchronous", "policy=asynchronous, activation=0.5"), d.curves().stream().map(PlotData.Curve::name).toList());
        assertEquals(List.of(new PlotData.Datum(2, 12, 2.25), new PlotData.Datum(4, 10, 2.5)), d.curves().get(0).data());
        // p4 has no mean (nothing acquired in any run): left out; p3's single run has no bar
        assertEquals(1, d.curves().get(1).data().size());
        assertTrue(Double.isNaN(d.curves().get(1).data().get(0).ci95()));
        assertEquals(3, d.size());
        String tex = PgfPlot.tex(d);
        assertTrue(tex.contains("(2, 20) +- (0, 0)"), tex);
        assertTrue(tex.contains("\\addlegendentry{policy=asynchronous, activation=0.5}"), tex);
    }

    @Test
    void everyAxisBesidesXAndTheSeriesMustHaveOneValue() throws Exception {
        PlotException e = assertThrows(PlotException.class, () -> PlotData.select(results(), spec("K", "m", null, Map.of())));
        assertTrue(e.getMessage().contains("besides --x K, the results vary scheduler ({\"policy\":\"synchronous\"}, {\"policy\":\"asynchronous\",\"activation\":0.5})"
                + " and delta (2, 3); pick one value of each with --where"), e.getMessage());
        PlotData d = PlotData.select(results(), spec("K", "m", null, Map.of("delta", "3")));
        assertEquals(1, d.size());
        assertEquals("m", d.curves().get(0).name());
    }

    @Test
    void xMustBeNumericAndLogScalesPositive() throws Exception {
        PlotException e = assertThrows(PlotException.class, () -> PlotData.select(results(), spec("scheduler", "m", "K", Map.of("delta", "2"))));
        assertTrue(e.getMessage().startsWith("--x scheduler needs numbers, but it takes the value {\"policy\":\"synchronous\"}"), e.getMessage());
        PlotSpec logY = new PlotSpec("K", "n", null, "scheduler", Map.of("delta", "2"), null, null, null, false, true);
        e = assertThrows(PlotException.class, () -> PlotData.select(results(), logY));
        assertTrue(e.getMessage().startsWith("--log-y: n is -1.0 at K = 2.0"), e.getMessage());
        PlotSpec labelled = new PlotSpec("K", "m", null, "scheduler", Map.of("delta", "2"), "T", "priorities", "messages", true, true);
        PlotData d = PlotData.select(results(), labelled);
        assertEquals(List.of("priorities", "messages", "T"), List.of(d.xLabel(), d.yLabel(), d.title()));
        String tex = PgfPlot.tex(d);
        assertTrue(tex.contains("xmode=log") && tex.contains("ymode=log") && tex.contains("title={T}"), tex);
    }

    @Test
    void aFlatMeasureGetsAReadableScale() {
        // violations: 0 at every point; JFreeChart alone would span 1e-8 and label ticks 5E-9
        PlotData flat = new PlotData(null, "K", "violations",
                List.of(new PlotData.Curve("violations", List.of(new PlotData.Datum(2, 0, 0), new PlotData.Datum(4, 0, 0)))), false, false);
        String svg = ChartFigure.svg(flat, 500, 300);
        assertTrue(svg.contains(">1.0</text>") && svg.contains(">-1.0</text>"), svg);
        assertTrue(!svg.contains("E-"), "no exponent in any label");
    }

    @Test
    void latexSpecialsInNamesAreEscapedAndNumbersArePlainDecimals() {
        assertEquals("messages.Req\\_CS 50\\% \\{a\\} \\textbackslash{}x", PgfPlot.escape("messages.Req_CS 50% {a} \\x"));
        assertEquals("0.1", PgfPlot.number(0.1));
        assertEquals("1200000", PgfPlot.number(1.2e6));
        assertEquals("0.0000012", PgfPlot.number(1.2e-6));
    }
}
