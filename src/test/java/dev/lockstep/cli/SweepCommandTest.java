package dev.lockstep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sweep} and {@code sweep-merge} as a user types them: against {@code run}, killed, with bad input. */
class SweepCommandTest {
    static final String RING = Path.of("sample-runs/ring-8.json").toAbsolutePath().toString();

    @TempDir
    Path dir;

    Path spec(String rest) throws Exception {
        Path f = dir.resolve("spec.json");
        Files.writeString(f, "{\"base\": \"" + RING + "\",\n" + rest + "}\n");
        return f;
    }

    static List<JsonValue.Obj> lines(Path runs) throws Exception {
        List<JsonValue.Obj> out = new ArrayList<>();
        for (String line : Files.readAllLines(runs)) out.add((JsonValue.Obj) JsonParser.parse(line));
        return out;
    }

    static String text(JsonValue v) {
        return new JsonWriter().value(v).toString();
    }

    @Test
    void everyRunIsWhatRunPrintsForItsPointFileAndSeed() throws Exception {
        Path out = dir.resolve("out");
        MainTest.Result r = MainTest.run("sweep", spec("\"axes\": {\"K\": [2, 8], \"lock\": [0.1, 0.4]}, \"seeds\": [5, 9], \"rounds\": 70").toString(),
                "--out", out.toString(), "--jobs", "2");
        assertEquals(0, r.code(), r::toString);
        assertEquals("8 runs: 8 made now, 0 already in " + out.resolve("runs.jsonl") + "\n", r.out());
        assertEquals("", r.err(), "no progress when stderr is not a terminal");
        for (JsonValue.Obj line : lines(out.resolve("runs.jsonl"))) {
            String point = ((JsonValue.Str) line.get("point")).value();
            String seed = ((JsonValue.Num) line.get("seed")).text();
            MainTest.Result run = MainTest.run("run", out.resolve("points").resolve(point + ".json").toString(), "--seed", seed, "--json");
            JsonValue.Obj summary = (JsonValue.Obj) JsonParser.parse(run.out());
            JsonValue.Obj m = (JsonValue.Obj) line.get("measures");
            for (String key : List.of("rounds", "actions", "messagesSent", "messagesLost", "lockRequests", "locksAcquired", "maxWaitRounds")) {
                String expected = text(summary.get(key));
                // run prints a max wait of 0 when nothing was acquired; the sweep records no value
                String actual = m.get(key) instanceof JsonValue.Null ? "0" : text(m.get(key));
                assertEquals(expected, actual, point + " seed " + seed + " " + key);
            }
            double mean = m.get("meanWaitRounds") instanceof JsonValue.Num n ? n.doubleValue() : 0;
            assertEquals(((JsonValue.Num) summary.get("meanWaitRounds")).doubleValue(), Math.round(mean * 1000) / 1000.0, point);
            assertEquals(((JsonValue.Arr) summary.get("violations")).size(), ((JsonValue.Num) m.get("violations")).doubleValue());
            assertEquals(run.code(), ((JsonValue.Num) m.get("violations")).doubleValue() > 0 ? 1 : 0);
        }
    }

    @Test
    void killedMinus9AndResumedEqualsAnUninterruptedSweep() throws Exception {
        Path spec = spec("\"axes\": {\"K\": [2, 4, 8, 16]}, \"seeds\": {\"from\": 1, \"count\": 10}, \"rounds\": 1500");
        Path killed = dir.resolve("killed");
        Path log = dir.resolve("child.log");
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "sweep", spec.toString(), "--out", killed.toString(), "--jobs", "1", "--no-progress");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        int linesAtKill;
        try {
            Path runs = killed.resolve("runs.jsonl");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!(Files.exists(runs) && Files.readAllLines(runs).size() >= 3)) {
                assertTrue(p.isAlive(), () -> "the sweep ended early: " + InterruptedRunTest.read(log));
                assertTrue(System.nanoTime() < deadline, "no 3 runs within 60 s");
                Thread.sleep(20);
            }
            assertTrue(p.isAlive(), "killed in the middle of the sweep");
            p.destroyForcibly(); // SIGKILL: no hook, no flush
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
            linesAtKill = (int) Files.readString(runs).chars().filter(c -> c == '\n').count();
        } finally {
            p.destroyForcibly();
        }
        assertTrue(linesAtKill >= 3 && linesAtKill < 40, "runs written before the kill: " + linesAtKill);
        assertTrue(!Files.exists(killed.resolve("summary.csv")), "the summary is written at the end only");

        MainTest.Result resumed = MainTest.run("sweep", spec.toString(), "--out", killed.toString(), "--jobs", "2");
        assertEquals(0, resumed.code(), resumed::toString);
        assertEquals("40 runs: " + (40 - linesAtKill) + " made now, " + linesAtKill + " already in " + killed.resolve("runs.jsonl") + "\n", resumed.out());
        Path whole = dir.resolve("whole");
        assertEquals(0, MainTest.run("sweep", spec.toString(), "--out", whole.toString(), "--jobs", "2").code());
        assertEquals(sortedWithoutWallTime(whole), sortedWithoutWallTime(killed));
        assertEquals(Files.readString(whole.resolve("summary.csv")), Files.readString(killed.resolve("summary.csv")));
    }

    static List<String> sortedWithoutWallTime(Path out) throws Exception {
        return Files.readAllLines(out.resolve("runs.jsonl")).stream().map(l -> l.replaceFirst(",\"wallMs\":\\d+}$", "}")).sorted().toList();
    }

    @Test
    void shardsFromTheCommandLineMergeIntoTheWholeSweep() throws Exception {
        Path spec = spec("\"axes\": {\"K\": [2, 4]}, \"seeds\": {\"count\": 3}, \"rounds\": 40");
        List<String> merge = new ArrayList<>(List.of("sweep-merge"));
        for (int i = 1; i <= 3; i++) {
            Path d = dir.resolve("s" + i);
            MainTest.Result r = MainTest.run("sweep", spec.toString(), "--shard", i + "/3", "--out", d.toString());
            assertEquals("2 runs in shard " + i + "/3: 2 made now, 0 already in " + d.resolve("runs.jsonl") + "\n", r.out());
            merge.add(d.toString());
        }
        merge.addAll(List.of("--out", dir.resolve("merged").toString()));
        MainTest.Result m = MainTest.run(merge.toArray(String[]::new));
        assertEquals("6 runs merged into " + dir.resolve("merged/runs.jsonl") + "\n", m.out(), m::toString);
        MainTest.run("sweep", spec.toString(), "--out", dir.resolve("whole").toString());
        assertEquals(sortedWithoutWallTime(dir.resolve("whole")), sortedWithoutWallTime(dir.resolve("merged")));

        MainTest.Result missing = MainTest.run("sweep-merge", dir.resolve("s1").toString(), "--out", dir.resolve("m2").toString());
        assertEquals(2, missing.code());
        assertEquals("lockstep: cannot merge: 4 runs missing: p1 seed 2, p1 seed 3, p2 seed 2, p2 seed 3; run the shards that hold them again (a sweep resumes)\n",
                missing.err());
    }

    @Test
    void progressOnATerminalShowsRunsRateAndTimeLeftThenClearsItsLine() throws Exception {
        Path spec = spec("\"axes\": {\"K\": [2, 4]}, \"seeds\": {\"count\": 2}, \"rounds\": 20");
        MainTest.Result r = MainTest.run(true, "sweep", spec.toString(), "--out", dir.resolve("out").toString());
        assertTrue(r.err().startsWith("\rruns 0 / 4 (0%)  0.0 runs/s  ETA --:--\033[K"), r::toString);
        assertTrue(r.err().matches("(?s).*\rruns 4 / 4 \\(100%\\)  [0-9.]+ runs/s  ETA 0:00\033\\[K\r\033\\[K"), r::toString);
        assertEquals("", MainTest.run(true, "sweep", spec.toString(), "--out", dir.resolve("o2").toString(), "--no-progress").err());
        assertTrue(MainTest.run(false, "sweep", spec.toString(), "--out", dir.resolve("o3").toString(), "--progress").err().contains("runs 4 / 4"));
        assertEquals("1:01:01", SweepProgress.clock(3661));
        assertEquals("2:05", SweepProgress.clock(125));
    }

    @Test
    void badSpecsAreNamedByFileLineColumnAndPath() throws Exception {
        String file = dir.resolve("spec.json").toString();
        assertEquals(file + ":2:25: $.axes.Q: unknown axis \"Q\"; expected one of: " + String.join(", ", List.of("protocol", "params", "variant",
                        "K", "k", "lDeadlockBound", "delta", "rounds", "channels", "scheduler", "policy", "activation", "lock", "hold",
                        "workload", "cut", "link", "churn", "meanInterRequest", "meanHold", "requestRate", "linkChangeRate", "linkTolerance", "moveRate", "unitDisk",
                        "lockoutBound", "application", "locks", "interact", "appHold", "initial", "mobility")) + ", a JSON pointer into the scenario such as \"/params/K\", or graph.FIELD (a field of the spec's \"graph\")\n",
                bad("\"axes\": {\"K\": [2], \"Q\": [1]}"));
        assertEquals(file + ":2:15: $.axes.K: axis \"K\" has no values; give at least one\n", bad("\"axes\": {\"K\": []}"));
        assertEquals(file + ":2:31: $.seeds.count: expected the seed count between 1 and 100000000, found 0\n", bad("\"seeds\": {\"from\": 1, \"count\": 0}"));
        assertEquals(file + ":2:14: $.seeds[1]: seed 3 is given twice\n", bad("\"seeds\": [3, 3]"));
        assertEquals(file + ":2:10: $.seeds: expected the seeds: {\"from\": 1, \"count\": 5} or a list of integers, found a string\n", bad("\"seeds\": \"1-5\""));
        assertEquals(file + ":2:14: $.measures[0]: unknown measure \"latency\"; expected one of: " + String.join(", ", dev.lockstep.experiment.Measures.KNOWN) + "\n",
                bad("\"measures\": [\"latency\"]"));
        assertEquals(file + ":2:10: $.bogus: unknown field \"bogus\"; expected one of: name, base, graph, axes, seeds, rounds, measures\n", bad("\"bogus\": 1"));
        MainTest.Result noOut = MainTest.run("sweep", spec("\"rounds\": 1").toString());
        assertEquals("lockstep: sweep: --out DIR is required\nsee 'lockstep sweep --help'\n", noOut.err());
        MainTest.Result shard = MainTest.run("sweep", spec("\"rounds\": 1").toString(), "--out", dir.resolve("o").toString(), "--shard", "0/2");
        assertEquals("lockstep: sweep: --shard expects I/N with 1 <= I <= N, got \"0/2\"\nsee 'lockstep sweep --help'\n", shard.err());
    }

    @Test
    void helpDescribesBothCommands() {
        MainTest.Result sweep = MainTest.run("sweep", "--help");
        assertTrue(sweep.out().replaceAll("\\s+", " ").contains("DIR/summary.csv (mean, sd, 95% CI per point)"), sweep::toString);
        assertEquals("", sweep.err(), "no picocli warning about the help text");
        MainTest.Result merge = MainTest.run("help", "sweep-merge");
        assertTrue(merge.out().startsWith("Usage: lockstep sweep-merge DIR... [--out DIR]"), merge::toString);
        assertEquals("", merge.err());
    }

    private String bad(String rest) throws Exception {
        MainTest.Result r = MainTest.run("sweep", spec(rest).toString(), "--out", dir.resolve("never").toString());
        assertEquals(2, r.code(), r::toString);
        assertTrue(!Files.exists(dir.resolve("never")), "nothing written for a bad spec");
        return r.err();
    }
}
