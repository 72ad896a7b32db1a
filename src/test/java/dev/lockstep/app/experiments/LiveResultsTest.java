package dev.lockstep.app.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.experiment.RunRecord;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The model of the Experiments window, on hand-made runs of a four-point grid (K ∈ {2, 4} × activation ∈ {0.5, 1.0}, seeds 1 and 2). */
class LiveResultsTest {
    @TempDir
    Path dir;

    LiveResults results() throws Exception {
        SpecSummary s = SpecSummary.load(ExperimentSpecs.small(dir, 20));
        return new LiveResults(s.spec(), s.points());
    }

    static RunRecord run(String point, long seed, String measures) throws Exception {
        JsonValue.Obj m = (JsonValue.Obj) JsonParser.parse(measures);
        return new RunRecord(point, seed, m, "{\"point\":\"" + point + "\"}");
    }

    /** p1 = (K 2, act 0.5), p2 = (2, 1.0), p3 = (4, 0.5), p4 = (4, 1.0). */
    LiveResults filled() throws Exception {
        LiveResults r = results();
        r.add(run("p1", 1, "{\"messagesPerCs\": 3, \"messagesByType\": {\"Req\": 4}}"));
        r.add(run("p1", 2, "{\"messagesPerCs\": 5, \"messagesByType\": {\"Req\": 6, \"Ack\": 2}}"));
        r.add(run("p2", 2, "{\"messagesPerCs\": 10, \"messagesByType\": {}}"));
        r.add(run("p3", 1, "{\"messagesPerCs\": null, \"messagesByType\": {}}"));
        r.add(run("p3", 2, "{\"messagesPerCs\": 7, \"messagesByType\": {}}"));
        r.add(run("p4", 1, "{\"messagesPerCs\": 1, \"messagesByType\": {}}"));
        r.add(run("p4", 2, "{\"messagesPerCs\": 2, \"messagesByType\": {}}"));
        return r;
    }

    @Test
    void theSummaryOfTheSpec() throws Exception {
        SpecSummary s = SpecSummary.load(ExperimentSpecs.small(dir, 20));
        assertEquals("Small K sweep", s.name());
        assertEquals(List.of("K (/params/K): 2, 4", "activation (/scheduler/activation): 0.5, 1.0"), s.axisLines());
        assertEquals("4 points × 2 seeds = 8 runs of 20 rounds", s.countLine());
        assertEquals(dir.resolve("small-sweep-results").toAbsolutePath(), s.defaultOut());
    }

    @Test
    void rowsArePointsWithTheMeanAndSdOfTheirRunsByHand() throws Exception {
        List<LiveResults.Row> rows = filled().rows("messagesPerCs");
        assertEquals(List.of("p1", "p2", "p3", "p4"), rows.stream().map(r -> r.point().id()).toList());
        assertEquals(List.of(2, 1, 2, 2), rows.stream().map(LiveResults.Row::runs).toList());
        // p1: 3 and 5 → mean 4, sd √((1 + 1) / 1) = √2
        assertEquals(4.0, rows.get(0).stat().mean(), 1e-12);
        assertEquals(Math.sqrt(2), rows.get(0).stat().sd(), 1e-12);
        // p2: one run, no sd; p3: the null (nothing acquired) is left out, as summary.csv does
        assertEquals(10.0, rows.get(1).stat().mean());
        assertTrue(Double.isNaN(rows.get(1).stat().sd()));
        assertEquals(1, rows.get(2).stat().n());
        assertEquals(7.0, rows.get(2).stat().mean());
        // p4: 1 and 2 → mean 1.5, sd √0.5
        assertEquals(Math.sqrt(0.5), rows.get(3).stat().sd(), 1e-12);
    }

    @Test
    void oneSeriesPerValueOfTheSeriesAxisOnePointPerX() throws Exception {
        List<LiveResults.Series> chart = filled().chart("messagesPerCs", "K", "activation");
        assertEquals(List.of("0.5", "1.0"), chart.stream().map(LiveResults.Series::name).toList());
        LiveResults.Series half = chart.get(0);
        assertEquals(List.of(2.0, 4.0), half.points().stream().map(LiveResults.ChartPoint::x).toList());
        assertEquals(List.of(4.0, 7.0), half.points().stream().map(p -> p.stat().mean()).toList());
        LiveResults.Series one = chart.get(1);
        assertEquals(List.of(10.0, 1.5), one.points().stream().map(p -> p.stat().mean()).toList());
    }

    @Test
    void withoutASeriesAxisTheOtherAxesArePooled() throws Exception {
        List<LiveResults.Series> chart = filled().chart("messagesPerCs", "K", null);
        assertEquals(1, chart.size());
        assertEquals("messagesPerCs", chart.get(0).name());
        // K = 2: p1's 3, 5 and p2's 10 → 6; K = 4: p3's 7 and p4's 1, 2 → 10 / 3
        assertEquals(6.0, chart.get(0).points().get(0).stat().mean(), 1e-12);
        assertEquals(3, chart.get(0).points().get(0).stat().n());
        assertEquals(10.0 / 3, chart.get(0).points().get(1).stat().mean(), 1e-12);
    }

    @Test
    void aPointWithoutRunsIsNotDrawnButIsListed() throws Exception {
        LiveResults r = results();
        r.add(run("p2", 1, "{\"messagesPerCs\": 4}"));
        List<LiveResults.Series> chart = r.chart("messagesPerCs", "activation", "K");
        assertEquals(List.of("2", "4"), chart.stream().map(LiveResults.Series::name).toList());
        assertEquals(1, chart.get(0).points().size());
        assertEquals(1.0, chart.get(0).points().get(0).x());
        assertEquals(0, chart.get(1).points().size());
        assertEquals(4, r.rows("messagesPerCs").size());
    }

    @Test
    void theChartStartsWithTheLongestNumericAxisAndTheFewestLines() throws Exception {
        Path spec = dir.resolve("defaults.json");
        java.nio.file.Files.writeString(spec, "{\"base\": \"" + ExperimentSpecs.RING.toString().replace("\\", "\\\\") + "\",\n"
                + " \"axes\": {\"policy\": [\"synchronous\", \"asynchronous\"], \"lock\": [0.1], \"K\": [2, 4, 8],"
                + " \"/checks/lockoutBound\": [100, 200, 300, 400, 500, 600, 700, 800]}}\n");
        SpecSummary s = SpecSummary.load(spec);
        LiveResults r = new LiveResults(s.spec(), s.points());
        // lockoutBound has the most values; policy, though first, is not a number; lock does not vary
        assertEquals("/checks/lockoutBound", r.defaultX());
        assertEquals("policy", r.defaultSeries("/checks/lockoutBound"));
        assertEquals(List.of("K"), r.pooled("/checks/lockoutBound", "policy"));
        assertEquals(List.of("policy", "K"), r.pooled("/checks/lockoutBound", null));
        assertEquals("K", results().defaultX());
        assertEquals("activation", results().defaultSeries("K"));
    }

    @Test
    void aNonNumericAxisIsDrawnAtItsIndexAndLabelled() throws Exception {
        LiveResults r = results();
        assertTrue(r.numericAxis("K"));
        assertEquals("", r.label("K", 0.5));
        assertEquals("0.5", r.label("activation", 0));
        assertEquals("1.0", r.label("activation", 1));
    }

    @Test
    void runsArriveInAnyOrderAndOnlyOnce() throws Exception {
        LiveResults r = results();
        assertTrue(r.add(run("p1", 2, "{\"messagesPerCs\": 5}")));
        assertTrue(r.add(run("p1", 1, "{\"messagesPerCs\": 3}")));
        assertFalse(r.add(run("p1", 1, "{\"messagesPerCs\": 3}")), "the same run twice (read from the directory, then reported)");
        assertFalse(r.add(run("p9", 1, "{}")), "not a point of the grid");
        assertFalse(r.add(run("p1", 3, "{}")), "not a seed of the spec");
        assertEquals(2, r.runsDone());
        assertEquals(List.of(1L, 2L), r.seedsDone("p1"), "in the spec's seed order");
        assertEquals(List.of(), r.seedsDone("p2"));
    }

    @Test
    void messagesByTypeBecomeMeasuresAsTheyAreSeen() throws Exception {
        LiveResults r = filled();
        List<String> ms = r.measures();
        assertFalse(ms.contains("messagesByType"));
        assertEquals(List.of("messages.Ack", "messages.Req"), ms.subList(ms.size() - 2, ms.size()));
        // a type a run did not send counts 0 (summary.csv's rule): p1's Ack over seeds 1, 2 is 0, 2
        assertEquals(1.0, r.rows("messages.Ack").get(0).stat().mean());
        assertEquals(0.0, r.rows("messages.Ack").get(1).stat().mean());
    }

    @Test
    void withAGraphDrawnForEachRunARunOpensItsOwnScenario() throws Exception {
        Path spec = dir.resolve("graphs.json");
        java.nio.file.Files.writeString(spec, "{\"base\": \"" + ExperimentSpecs.RING.toString().replace("\\", "\\\\") + "\",\n"
                + " \"graph\": {\"generator\": \"random-connected\", \"nodes\": 6, \"connectivity\": 0.5, \"seed\": \"run\"},\n"
                + " \"axes\": {\"K\": [2, 4]}, \"seeds\": [5, 9]}\n");
        SpecSummary s = SpecSummary.load(spec);
        LiveResults r = new LiveResults(s.spec(), s.points());
        assertEquals(dir.resolve("points").resolve("p2").resolve("s9.json"), r.open("p2", 9, dir).scenario());
    }

    @Test
    void openingARunNamesThePointsScenarioAndTheSeed() throws Exception {
        LiveResults.RunToOpen open = filled().open("p3", 2, dir);
        assertEquals(dir.resolve("points").resolve("p3.json"), open.scenario());
        assertEquals(2, open.seed());
        assertEquals("p3 (K = 4, activation = 0.5), seed 2", open.description());
    }
}
