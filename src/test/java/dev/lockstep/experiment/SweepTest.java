package dev.lockstep.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioLoader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sweep's runs are the points' scenarios run one by one, on any thread count, resumed or not. */
class SweepTest {
    @TempDir
    Path dir;

    @Test
    void eachLineIsItsPointFileRunWithItsSeed() throws Exception {
        Path out = dir.resolve("out");
        Sweep.Result r = SweepFixture.run(SweepFixture.small(dir), out, 2, Shard.ALL);
        assertEquals(new Sweep.Result(0, 12, 12, out), r);
        List<RunRecord> records = RunLog.read(out.resolve(RunLog.FILE)).records();
        assertEquals(12, records.size());
        for (RunRecord rec : records) {
            // as `lockstep run DIR/points/<id>.json --seed S` loads it: from the file
            Scenario s = ScenarioLoader.load(GridPoint.file(out, rec.point()));
            JsonWriter w = new JsonWriter();
            Measures.run(s, rec.seed(), s.rounds(), Measures.ALL, w);
            GridPoint p = Manifest.read(out).points().stream().filter(x -> x.id().equals(rec.point())).findFirst().orElseThrow();
            assertEquals(RunRecord.line(p, rec.seed(), w.toString(), 0).replace(",\"wallMs\":0}", "}"), rec.withoutWallTime());
            assertEquals(60, s.rounds(), "the spec's rounds are written into the point");
            // LME: every acquisition took at least one trial, a request-lock broadcast on the Δ = 2 ports and to itself (port 0)
            long trials = count(rec, "broadcastsByType", "request-lock");
            assertTrue(trials >= count(rec, "locksAcquired", null), rec.line());
            long sent = count(rec, "messagesByType", "request-lock");
            assertTrue(sent <= 3 * trials && sent >= trials && trials > 0, rec.line());
        }
        // the axes reach the scenario: K and activation as the point's parameters say
        Scenario p4 = ScenarioLoader.load(GridPoint.file(out, "p4"));
        assertEquals("{\"K\":4,\"variant\":\"corrected\"}", new JsonWriter().value(p4.json().get("params")).toString());
        assertEquals("{\"policy\":\"semi-synchronous\",\"activation\":1.0}", new JsonWriter().value(p4.json().get("scheduler")).toString());
        assertFalse(Files.readString(GridPoint.file(out, "p1")).contains("$schema"), "the base's relative schema address is dropped");
    }

    static long count(RunRecord r, String measure, String type) {
        dev.lockstep.json.JsonValue v = r.measures().get(measure);
        if (type != null) v = ((dev.lockstep.json.JsonValue.Obj) v).get(type);
        return Long.parseLong(((dev.lockstep.json.JsonValue.Num) v).text());
    }

    @Test
    void oneThreadAndTwoThreadsGiveTheSameRuns() throws Exception {
        Path spec = SweepFixture.small(dir);
        SweepFixture.run(spec, dir.resolve("one"), 1, Shard.ALL);
        SweepFixture.run(spec, dir.resolve("two"), 2, Shard.ALL);
        assertEquals(SweepFixture.runs(dir.resolve("one")), SweepFixture.runs(dir.resolve("two")));
        assertEquals(Files.readString(dir.resolve("one/summary.csv")), Files.readString(dir.resolve("two/summary.csv")));
    }

    @Test
    void aResumedSweepDropsThePartialLastLineAndRunsOnlyWhatIsMissing() throws Exception {
        Path spec = SweepFixture.small(dir);
        Path whole = dir.resolve("whole");
        SweepFixture.run(spec, whole, 2, Shard.ALL);
        Path cut = dir.resolve("cut");
        SweepFixture.run(spec, cut, 2, Shard.ALL);
        // as a kill leaves it: five whole lines, half of the sixth, no summary yet
        List<String> lines = Files.readAllLines(cut.resolve(RunLog.FILE));
        String kept = String.join("\n", lines.subList(0, 5)) + "\n" + lines.get(5).substring(0, lines.get(5).length() / 2);
        Files.writeString(cut.resolve(RunLog.FILE), kept);
        Files.delete(cut.resolve(SummaryTable.FILE));
        assertTrue(RunLog.read(cut.resolve(RunLog.FILE)).partial());
        assertEquals(5, RunLog.read(cut.resolve(RunLog.FILE)).records().size(), "the partial line is not a run");

        Sweep.Result r = SweepFixture.run(spec, cut, 2, Shard.ALL);
        assertEquals(new Sweep.Result(5, 7, 12, cut), r);
        assertEquals(SweepFixture.runs(whole), SweepFixture.runs(cut));
        assertTrue(Files.readString(cut.resolve(RunLog.FILE)).startsWith(kept.substring(0, kept.lastIndexOf('\n') + 1)), "whole lines stay");
        assertFalse(Files.readString(cut.resolve(RunLog.FILE)).contains(lines.get(5).substring(0, lines.get(5).length() / 2) + "{"));
        assertEquals(Files.readString(whole.resolve(SummaryTable.FILE)), Files.readString(cut.resolve(SummaryTable.FILE)));
        assertEquals(new Sweep.Result(12, 0, 12, cut), SweepFixture.run(spec, cut, 2, Shard.ALL), "a finished sweep runs nothing");
    }

    @Test
    void anInterruptedSweepStopsAndResumes() throws Exception {
        Path spec = SweepFixture.spec(dir, "\"axes\": {\"K\": [2, 4, 8]}, \"seeds\": {\"count\": 8}, \"rounds\": 300");
        Path out = dir.resolve("out");
        List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        Thread caller = Thread.currentThread();
        Sweep.Listener stopAfterFive = new Sweep.Listener() {
            @Override public void runsDone(int done, int toRun) {
                if (done == 5) caller.interrupt(); // as a Stop button would
            }

            @Override public void runWritten(RunRecord run) {
                seen.add(run.withoutWallTime());
            }
        };
        assertThrows(InterruptedException.class, () -> Sweep.run(SweepSpec.load(spec), out, 2, Shard.ALL, stopAfterFive));
        assertFalse(Thread.interrupted(), "the interrupt was consumed by the sweep");
        int written = RunLog.records(out).size();
        assertTrue(written >= 5 && written < 24, "stopped early: " + written);
        assertEquals(seen, RunLog.records(out).stream().map(RunRecord::withoutWallTime).toList(), "the listener saw each line as written");
        assertEquals(24 - written, SweepFixture.run(spec, out, 2, Shard.ALL).ran());
        Path whole = dir.resolve("whole");
        SweepFixture.run(spec, whole, 1, Shard.ALL);
        assertEquals(SweepFixture.runs(whole), SweepFixture.runs(out));
    }

    static Path withSeeds(Path dir, String seeds, int rounds) throws IOException {
        return SweepFixture.spec(dir, "\"axes\": {\"K\": [2, 4], \"activation\": [0.5, 1.0]},\n\"seeds\": " + seeds + ",\n\"rounds\": " + rounds);
    }

    @Test
    void aChangedSpecOrAnotherShardIsRefused() throws Exception {
        Path out = dir.resolve("out");
        SweepFixture.run(withSeeds(dir, "[1, 2, 3]", 60), out, 2, Shard.ALL);
        IOException e = assertThrows(IOException.class, () -> SweepFixture.run(withSeeds(dir, "[1, 2, 3]", 61), out, 2, Shard.ALL));
        assertTrue(e.getMessage().contains("holds a sweep of a different spec (its axes, measures, rounds or base scenario changed since)"), e.getMessage());
        IOException s = assertThrows(IOException.class, () -> SweepFixture.run(withSeeds(dir, "[1, 2, 3]", 60), out, 2, new Shard(1, 2)));
        assertTrue(s.getMessage().contains("holds all the runs (no --shard) of this sweep, not shard 1/2"), s.getMessage());
        IOException fewer = assertThrows(IOException.class, () -> SweepFixture.run(withSeeds(dir, "[1, 3]", 60), out, 2, Shard.ALL));
        assertEquals(out + " holds runs of seeds the spec no longer has (2); seeds may be added, not removed; give another --out", fewer.getMessage());

        Path shard = dir.resolve("shard");
        SweepFixture.run(withSeeds(dir, "[1, 2, 3]", 60), shard, 1, new Shard(2, 2));
        IOException reshard = assertThrows(IOException.class, () -> SweepFixture.run(withSeeds(dir, "[1, 2, 3, 4]", 60), shard, 1, new Shard(2, 2)));
        assertTrue(reshard.getMessage().contains("with other seeds: the runs would be dealt to the shards anew"), reshard.getMessage());
    }

    @Test
    void moreSeedsLaterRunOnlyTheNewRuns() throws Exception {
        Path out = dir.resolve("out");
        SweepFixture.run(withSeeds(dir, "[1, 2, 3]", 60), out, 2, Shard.ALL);
        assertEquals(new Sweep.Result(12, 8, 20, out), SweepFixture.run(withSeeds(dir, "[1, 2, 3, 7, 5]", 60), out, 2, Shard.ALL));
        Path fresh = dir.resolve("fresh");
        SweepFixture.run(withSeeds(dir, "[1, 2, 3, 7, 5]", 60), fresh, 1, Shard.ALL);
        assertEquals(SweepFixture.runs(fresh), SweepFixture.runs(out));
        assertEquals(Files.readString(fresh.resolve(SummaryTable.FILE)), Files.readString(out.resolve(SummaryTable.FILE)));
        assertEquals(Files.readString(fresh.resolve(Manifest.FILE)), Files.readString(out.resolve(Manifest.FILE)));
        // or as a spec of the new seeds alone, merged
        Path extra = dir.resolve("extra");
        SweepFixture.run(withSeeds(dir, "[7, 5]", 60), extra, 2, Shard.ALL);
        Path first = dir.resolve("first");
        SweepFixture.run(withSeeds(dir, "[1, 2, 3]", 60), first, 2, Shard.ALL);
        SweepMerge.merge(List.of(first, extra), dir.resolve("merged"));
        assertEquals(SweepFixture.runs(fresh), SweepFixture.runs(dir.resolve("merged")));
        assertEquals(Files.readString(fresh.resolve(SummaryTable.FILE)), Files.readString(dir.resolve("merged").resolve(SummaryTable.FILE)));
    }

    @Test
    void genericPointersCreateWhatIsMissingAndNullRemoves() throws Exception {
        Path spec = SweepFixture.spec(dir, "\"axes\": {\"/churn/cut\": [0.05], \"cut\": [], \"checks\": [null]}");
        // "cut" is /churn/cut too, and empty: both reported
        var e = assertThrows(dev.lockstep.scenario.ScenarioException.class, () -> SweepSpec.load(spec));
        assertTrue(e.getMessage().contains("sets /churn/cut, which another axis sets too"), e.getMessage());
        assertTrue(e.getMessage().contains("axis \"cut\" has no values"), e.getMessage());
        SweepSpec ok = SweepSpec.load(SweepFixture.spec(dir, "\"axes\": {\"/churn/cut\": [0.05], \"/checks\": [null], \"/params/K\": [3]}"));
        List<GridPoint> points = PointScenarios.points(ok);
        Scenario s = ScenarioLoader.parse(points.get(0).scenario(), "p1.json");
        assertEquals("{\"cut\":0.05}", new JsonWriter().value(s.json().get("churn")).toString(), "a missing object is created");
        assertFalse(s.json().has("checks"), "null removes the field");
        assertEquals(400, s.rounds(), "without rounds in the spec, the base's");
        SweepSpec both = SweepSpec.load(SweepFixture.spec(dir, "\"axes\": {\"rounds\": [7, 9]}, \"rounds\": 50"));
        assertEquals(9, ScenarioLoader.parse(PointScenarios.points(both).get(1).scenario(), "p2.json").rounds(), "a rounds axis beats the spec's rounds");
        Path file = Files.writeString(dir.resolve("a-file"), "");
        IOException notDir = assertThrows(IOException.class, () -> SweepFixture.run(SweepFixture.small(dir), file, 1, Shard.ALL));
        assertEquals(file + ": exists and is not a directory; give another --out", notDir.getMessage());
    }

    @Test
    void aPointTheLoaderRefusesIsNamedWithItsParameters() throws Exception {
        Path spec = SweepFixture.spec(dir, "\"axes\": {\"K\": [4, 1]}");
        var e = assertThrows(dev.lockstep.scenario.ScenarioException.class, () -> SweepFixture.run(spec, dir.resolve("out"), 1, Shard.ALL));
        assertTrue(e.problems().get(0).endsWith("point p2 (K = 1) is not a valid scenario:"), e.problems().get(0));
        assertTrue(e.problems().get(1).startsWith(GridPoint.file(dir.resolve("out"), "p2") + ":5:19: $.params.K: "), e.problems().get(1));
        assertTrue(Files.exists(GridPoint.file(dir.resolve("out"), "p2")), "written, to look at the line the loader names");
        assertFalse(Files.exists(dir.resolve("out").resolve(RunLog.FILE)));
    }

    @Test
    void protocolsAndSchedulersAsAxesAndAChoiceOfMeasures() throws Exception {
        Path base = Path.of("sample-runs/krl-figure-2-static.json").toAbsolutePath();
        Path spec = dir.resolve("krl.json");
        Files.writeString(spec, "{\"base\": \"" + base + "\", \"axes\": {\"protocol\": [\"krl\", \"krlf\"],"
                + " \"scheduler\": [\"synchronous\", {\"policy\": \"semi-synchronous\", \"activation\": 0.5}]},"
                + " \"measures\": [\"violations\", \"tokenMessages\", \"locksAcquired\"], \"seeds\": [1, 2]}");
        Path out = dir.resolve("out");
        SweepFixture.run(spec, out, 2, Shard.ALL);
        assertEquals("{\"policy\":\"synchronous\"}", new JsonWriter().value(ScenarioLoader.load(GridPoint.file(out, "p3")).json().get("scheduler")).toString(),
                "a policy's name alone is a scheduler");
        assertEquals("krlf", ScenarioLoader.load(GridPoint.file(out, "p3")).protocol().name());
        for (RunRecord r : RunLog.read(out.resolve(RunLog.FILE)).records()) {
            assertEquals(List.of("locksAcquired", "tokenMessages", "violations", "firstViolation"), List.copyOf(r.measures().members().keySet()),
                    "the chosen measures, in the fixed order");
            assertTrue(count(r, "tokenMessages", null) > 0, "KRL hands tokens over: " + r.line());
        }
        assertTrue(Files.readAllLines(out.resolve(SummaryTable.FILE)).get(0)
                .startsWith("point,protocol,scheduler,runs,locksAcquired_mean,locksAcquired_sd,locksAcquired_ci95,tokenMessages_mean"));
        List<String> rows = Files.readAllLines(out.resolve(SummaryTable.FILE));
        assertTrue(rows.get(3).startsWith("p3,krlf,synchronous,2,"), "a string axis value as itself: " + rows.get(3));
        assertTrue(rows.get(2).startsWith("p2,krl,\"{\"\"policy\"\":\"\"semi-synchronous\"\",\"\"activation\"\":0.5}\",2,"),
                "any other value as its JSON, quoted for CSV: " + rows.get(2));
    }

    @Test
    void theExampleSpecRuns() throws Exception {
        SweepSpec spec = SweepSpec.load(Path.of("experiments/lme-k-sweep.json"));
        assertEquals(List.of("K", "activation"), spec.axes().stream().map(Axis::name).toList());
        assertEquals(40, spec.runCount());
        List<GridPoint> points = PointScenarios.points(spec);
        assertEquals(8, points.size());
        for (GridPoint p : points) ScenarioLoader.parse(p.scenario(), p.id()); // every point is a valid scenario
        assertNotEquals(points.get(0).scenario(), points.get(1).scenario());
        String text = new String(Files.readAllBytes(Path.of("experiments/lme-k-sweep.json")), StandardCharsets.UTF_8);
        assertEquals(points.stream().map(GridPoint::scenario).toList(),
                PointScenarios.points(SweepSpec.parse(text, "edited.json", Path.of("experiments").toAbsolutePath())).stream().map(GridPoint::scenario).toList(),
                "a spec's text, its base resolved against the directory given");
        var e = assertThrows(dev.lockstep.scenario.ScenarioException.class, () -> SweepSpec.parse("{\"base\": 3}", "edited.json", dir));
        assertEquals("edited.json:1:10: $.base: expected the base scenario file (a non-empty string), found a number", e.getMessage());
        assertTrue(assertThrows(dev.lockstep.scenario.ScenarioException.class, () -> SweepSpec.parse("{\"base\": ", "edited.json", dir))
                .getMessage().startsWith("edited.json:1:10: malformed JSON"));
    }
}
