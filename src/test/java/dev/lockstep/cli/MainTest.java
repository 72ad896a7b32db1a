package dev.lockstep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
    static final Path SAMPLE = Path.of("sample-runs/ring-8.json");

    /**
     * LME exactly as printed, two adjacent nodes that lock again and again. With this seed the
     * semi-synchronous schedule hits the paper's two-node deadlock (flaw 1 of the issue) in round 419.
     */
    static final String TWO_NODE_PAPER = """
            {
              "format": "lockstep-scenario/1",
              "name": "two-node deadlock",
              "protocol": "lme",
              "params": {"variant": "paper"},
              "delta": 1,
              "seed": 1,
              "rounds": 450,
              "scheduler": {"policy": "semi-synchronous", "activation": 0.5},
              "nodes": [{"id": "u"}, {"id": "v"}],
              "edges": [["u", "v"]],
              "workload": {"lock": 1, "hold": 1}
            }
            """;

    @TempDir
    Path dir;

    record Result(int code, String out, String err) {
        @Override
        public String toString() {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    static Result run(boolean terminal, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Main(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), terminal).execute(args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Result run(String... args) {
        return run(false, args);
    }

    Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    static JsonValue.Obj json(String text) throws Exception {
        return assertInstanceOf(JsonValue.Obj.class, JsonParser.parse(text));
    }

    static long integer(JsonValue.Obj o, String key) {
        JsonValue.Num n = assertInstanceOf(JsonValue.Num.class, o.get(key), key);
        assertTrue(n.isIntegral(), key + " should be an integer: " + n.text());
        return Long.parseLong(n.text());
    }

    static List<String> lines(Path p) throws IOException {
        return Files.readAllLines(p, StandardCharsets.UTF_8);
    }

    static List<String> dirListing(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    // ---------------------------------------------------------------- run: summaries

    @Test
    void textSummaryOfACleanRun() {
        Result r = run("run", SAMPLE.toString());
        assertEquals(ExitCode.OK, r.code(), r::toString);
        assertEquals("", r.err(), "nothing on stderr when stderr is not a terminal");
        String out = r.out();
        assertTrue(out.startsWith("scenario     Ring of 8 (lme), seed 7\n"), out);
        assertTrue(out.contains("\nrounds       400\n"), "the scenario's rounds are the default: " + out);
        assertTrue(Pattern.compile("(?m)^actions +[1-9]\\d*$").matcher(out).find(), out);
        assertTrue(Pattern.compile("(?m)^messages +[1-9]\\d* sent, \\d+ lost$").matcher(out).find(), out);
        assertTrue(Pattern.compile("(?m)^requests +[1-9]\\d* issued, [1-9]\\d* acquired$").matcher(out).find(), out);
        assertTrue(Pattern.compile("(?m)^wait +mean \\d+\\.\\d\\d rounds, max \\d+ rounds$").matcher(out).find(), out);
        assertTrue(out.endsWith("violations   none\n"), out);
    }

    @Test
    void jsonSummaryIsOneObjectWithTheDocumentedKeys() throws Exception {
        Result r = run("run", SAMPLE.toString(), "--json", "--rounds", "250");
        assertEquals(ExitCode.OK, r.code(), r::toString);
        assertEquals("", r.err());
        assertTrue(r.out().endsWith("\n"));
        assertEquals(1, r.out().lines().count(), "exactly one line: " + r.out());
        JsonValue.Obj s = json(r.out());
        for (String key : List.of("rounds", "actions", "messagesSent", "lockRequests", "locksAcquired",
                "meanWaitRounds", "maxWaitRounds", "violations")) {
            assertTrue(s.has(key), "missing " + key + " in " + r.out());
        }
        assertEquals(250, integer(s, "rounds"), "rounds == --rounds");
        long actions = integer(s, "actions");
        long sent = integer(s, "messagesSent");
        long requests = integer(s, "lockRequests");
        long acquired = integer(s, "locksAcquired");
        long maxWait = integer(s, "maxWaitRounds");
        double meanWait = assertInstanceOf(JsonValue.Num.class, s.get("meanWaitRounds")).doubleValue();
        assertTrue(actions > 0 && sent > 0 && requests > 0 && acquired > 0, r.out());
        assertTrue(acquired <= requests, "locksAcquired ≤ lockRequests: " + r.out());
        assertTrue(meanWait >= 0 && meanWait <= maxWait, "0 ≤ mean ≤ max wait: " + r.out());
        assertTrue(maxWait < 250, "no wait can exceed the run: " + r.out());
        assertEquals(0, assertInstanceOf(JsonValue.Arr.class, s.get("violations")).size());

        // the text summary of the same run reports the same numbers
        Result text = run("run", SAMPLE.toString(), "--rounds", "250");
        assertTrue(text.out().contains("\nactions      " + actions + "\n"), text.out());
        assertTrue(text.out().contains("\nrequests     " + requests + " issued, " + acquired + " acquired\n"), text.out());
        assertTrue(text.out().contains("max " + maxWait + " rounds"), text.out());
    }

    @Test
    void seedAndRoundsOverrideTheScenario() throws Exception {
        String byDefault = run("run", SAMPLE.toString(), "--json").out();
        String seed7 = run("run", SAMPLE.toString(), "--json", "--seed", "7").out();
        String seed8 = run("run", SAMPLE.toString(), "--json", "--seed", "8").out();
        String seed8eq = run("run", "--seed=8", SAMPLE.toString(), "--json").out();
        assertEquals(byDefault, seed7, "the scenario's seed is 7");
        assertNotEquals(seed7, seed8, "another seed, another run");
        assertEquals(seed8, seed8eq, "--seed=N is --seed N, and options may precede the file");
        assertEquals(400, integer(json(byDefault), "rounds"));
        assertEquals(0, integer(json(run("run", SAMPLE.toString(), "--json", "--rounds", "0").out()), "rounds"));
        assertEquals(0, integer(json(run("run", SAMPLE.toString(), "--json", "--rounds", "0").out()), "actions"));
        assertTrue(run("run", SAMPLE.toString(), "--seed", "-3").out().contains("seed -3\n"));
        assertTrue(run("run", SAMPLE.toString(), "--rounds", "33").out().contains("\nrounds       33\n"));
    }

    @Test
    void aViolatedCheckExitsWithOne() throws Exception {
        Path scenario = write("two.json", TWO_NODE_PAPER);
        Result r = run("run", scenario.toString(), "--json");
        assertEquals(ExitCode.VIOLATION, r.code(), r::toString);
        assertEquals("", r.err());
        JsonValue.Arr violations = assertInstanceOf(JsonValue.Arr.class, json(r.out()).get("violations"));
        assertFalse(violations.items().isEmpty());
        List<String> checks = new ArrayList<>();
        for (JsonValue v : violations.items()) {
            JsonValue.Obj o = assertInstanceOf(JsonValue.Obj.class, v);
            checks.add(((JsonValue.Str) o.get("check")).value());
            assertEquals("violation", ((JsonValue.Str) o.get("type")).value());
            long round = integer(o, "round");
            assertTrue(round > 0 && round <= 450, "round within the run: " + round);
            assertFalse(((JsonValue.Str) o.get("message")).value().isBlank());
            List<String> nodes = new ArrayList<>();
            for (JsonValue n : ((JsonValue.Arr) o.get("nodes")).items()) nodes.add(((JsonValue.Str) n).value());
            assertEquals(List.of("u", "v"), nodes, "both nodes are involved in a two-node deadlock");
        }
        assertTrue(checks.contains("deadlock"), "the deadlock check fires: " + checks);
        assertTrue(checks.contains("acyclic-dependencies"), "and the waits-for cycle is found: " + checks);

        Result text = run("run", scenario.toString());
        assertEquals(ExitCode.VIOLATION, text.code());
        assertTrue(Pattern.compile("(?m)^violations +[1-9]\\d*$").matcher(text.out()).find(), text.out());
        assertTrue(Pattern.compile("(?m)^  deadlock +round \\d+ +\\S").matcher(text.out()).find(), text.out());

        // the same schedule with the corrected variant: no check fires
        Path corrected = write("two-corrected.json", TWO_NODE_PAPER.replace("\"paper\"", "\"corrected\""));
        Result ok = run("run", corrected.toString(), "--json");
        assertEquals(ExitCode.OK, ok.code(), ok::toString);
        // and cutting the paper run short, before the deadlock, is clean too
        assertEquals(ExitCode.OK, run("run", scenario.toString(), "--rounds", "100").code());
    }

    // ---------------------------------------------------------------- run: bad input

    @Test
    void badUsageExitsWithTwoAndExplainsOnStderr() throws Exception {
        Path malformed = write("malformed.json", "{\n  \"format\": \"lockstep-scenario/1\",\n  \"delta\": 2,,\n}");
        String sample = SAMPLE.toString();
        Map<List<String>, String> cases = new java.util.LinkedHashMap<>();
        cases.put(List.of(), "no command given");
        cases.put(List.of("frobnicate"), "unknown command \"frobnicate\"");
        cases.put(List.of("run", sample, "--frob"), "unknown option --frob");
        cases.put(List.of("run", sample, "--json=yes"), "unknown option --json=yes");
        cases.put(List.of("run", dir.resolve("missing.json").toString()), dir.resolve("missing.json") + ": no such file");
        cases.put(List.of("run", malformed.toString()), malformed + ":3:14: malformed JSON: ");
        cases.put(List.of("run", sample, "--rounds", "-5"), "--rounds expects an integer between 0 and");
        cases.put(List.of("run", sample, "--rounds", "ten"), "--rounds expects an integer");
        cases.put(List.of("run", sample, "--rounds"), "--rounds needs a value");
        cases.put(List.of("run", sample, "--seed", "abc"), "--seed expects an integer, got \"abc\"");
        cases.put(List.of("run", sample, sample), "expected one scenario file, got 2");
        cases.put(List.of("run"), "expected one scenario file, got 0");
        cases.put(List.of("replay"), "replay: expected one trace file");
        cases.put(List.of("replay", dir.resolve("no-trace.jsonl").toString()), "no-trace.jsonl: no such file");
        for (var c : cases.entrySet()) {
            Result r = run(c.getKey().toArray(new String[0]));
            assertEquals(ExitCode.BAD_INPUT, r.code(), () -> c.getKey() + "\n" + r);
            assertEquals("", r.out(), () -> "nothing on stdout for " + c.getKey());
            assertTrue(r.err().contains(c.getValue()), () -> c.getKey() + ": expected <" + c.getValue() + "> in\n" + r.err());
            assertFalse(r.err().contains("internal error"), r::toString);
        }
    }

    @Test
    void helpGoesToStdout() {
        Result r = run("help");
        assertEquals(ExitCode.OK, r.code());
        assertTrue(r.out().contains("run SCENARIO [--seed N] [--rounds N] [--trace FILE]"), r.out());
        assertEquals("", r.err());
        assertEquals(r.out(), run("--help").out(), "--help prints the usage, as help does");
        assertEquals(r.out(), run("-h").out());
        // each command's --help is its own (generated) usage, headed by the synopsis the general usage lists
        for (String command : new String[] {"run", "export", "gui", "shiviz"}) {
            Result h = run(command, "--help");
            assertEquals(ExitCode.OK, h.code(), command + " --help");
            assertTrue(h.out().startsWith("Usage: lockstep " + command + " "), h.out());
            assertEquals("", h.err());
        }
        assertTrue(r.out().contains("gui [SCENARIO | SESSION] [--rounds N] [--lecture] [--manual]"), r.out());
    }

    // ---------------------------------------------------------------- traces

    @Test
    void traceHasHeaderRecordsAndEndSummary() throws Exception {
        Path trace = dir.resolve("ring.jsonl");
        Result r = run("run", SAMPLE.toString(), "--seed", "11", "--rounds", "120", "--trace", trace.toString(), "--json");
        assertEquals(ExitCode.OK, r.code(), r::toString);
        List<String> lines = lines(trace);
        assertTrue(lines.size() > 100, "one record per change, call and action: " + lines.size());

        JsonValue.Obj header = json(lines.get(0));
        assertEquals("lockstep-trace/1", ((JsonValue.Str) header.get("format")).value());
        assertEquals(11, integer(header, "seed"), "the --seed override is recorded");
        assertEquals(120, integer(header, "rounds"), "the --rounds override is recorded");
        String embedded = new JsonWriter().value(header.get("scenario")).toString();
        String file = new JsonWriter().value(((JsonValue.Obj) JsonParser.parse(Files.readString(SAMPLE))).without("$schema")).toString();
        assertEquals(file, embedded, "the scenario is embedded as written");

        String end = lines.get(lines.size() - 1);
        assertEquals("{\"round\":120,\"type\":\"end\",\"summary\":" + r.out().strip() + "}", end,
                "the end record carries the same summary as --json");

        long actionRecords = lines.stream().filter(l -> l.contains("\"type\":\"action\"")).count();
        assertEquals(integer(json(r.out()), "actions"), actionRecords, "one record per action execution");
        for (String line : lines.subList(1, lines.size())) {
            JsonValue.Obj rec = json(line);
            long round = integer(rec, "round");
            assertTrue(round >= 0 && round <= 120, line);
            assertInstanceOf(JsonValue.Str.class, rec.get("type"), line);
        }
    }

    @Test
    void traceIntoAMissingDirectoryFailsCleanly() throws Exception {
        Path trace = dir.resolve("no/such/dir/t.jsonl");
        Result r = run("run", SAMPLE.toString(), "--trace", trace.toString());
        assertEquals(ExitCode.BAD_INPUT, r.code(), r::toString);
        assertEquals("", r.out());
        assertTrue(r.err().contains("no such directory"), r.err());
        assertEquals(List.of(), dirListing(dir), "nothing left behind");
    }

    @Test
    void aFailedRunLeavesNoTraceAndNoTemporaryFile() throws Exception {
        // the scripted step cannot run (nothing to receive): the run stops with exit 2 mid-way
        Path scenario = write("stuck.json", """
                {"format": "lockstep-scenario/1", "protocol": "lme", "delta": 1, "rounds": 10,
                 "scheduler": {"policy": "scripted", "steps": [{"round": 2, "node": "u", "action": "ReceivePrepare"}]},
                 "nodes": [{"id": "u"}, {"id": "v"}], "edges": [["u", "v"]]}
                """);
        Path trace = dir.resolve("stuck.jsonl");
        Result r = run("run", scenario.toString(), "--trace", trace.toString());
        assertEquals(ExitCode.BAD_INPUT, r.code(), r::toString);
        assertTrue(r.err().contains("$.scheduler.steps[0]: in round 2 node u cannot execute ReceivePrepare"), r.err());
        assertEquals(List.of("stuck.json"), dirListing(dir));

        // a trace path that is a non-empty directory: the final rename fails, the temp file is removed
        Path occupied = Files.createDirectory(dir.resolve("occupied"));
        Files.writeString(occupied.resolve("keep"), "x");
        Result r2 = run("run", SAMPLE.toString(), "--rounds", "5", "--trace", occupied.toString());
        assertEquals(ExitCode.BAD_INPUT, r2.code(), r2::toString);
        assertEquals(List.of("occupied", "stuck.json"), dirListing(dir));
        assertEquals(List.of("keep"), dirListing(occupied));
    }

    @Test
    void rerunningReplacesTheTraceAtomically() throws Exception {
        Path trace = dir.resolve("t.jsonl");
        assertEquals(ExitCode.OK, run("run", SAMPLE.toString(), "--rounds", "60", "--trace", trace.toString()).code());
        String first = Files.readString(trace);
        assertEquals(ExitCode.OK, run("run", SAMPLE.toString(), "--rounds", "40", "--seed", "3", "--trace", trace.toString()).code());
        String second = Files.readString(trace);
        assertNotEquals(first, second);
        assertTrue(second.startsWith("{\"format\":\"lockstep-trace/1\""));
        assertTrue(second.contains(",\"seed\":3,\"rounds\":40}\n"), "the header is the new run's");
        assertTrue(second.endsWith("\n") && second.lines().reduce((a, b) -> b).orElseThrow().startsWith("{\"round\":40,\"type\":\"end\""));
        assertEquals(List.of("t.jsonl"), dirListing(dir), "no temporary files left");
    }

    @Test
    void traceFilesGetOrdinaryPermissions() throws Exception {
        if (!dir.getFileSystem().supportedFileAttributeViews().contains("posix")) return;
        Path reference = Files.createFile(dir.resolve("reference"));
        Path trace = dir.resolve("t.jsonl");
        assertEquals(ExitCode.OK, run("run", SAMPLE.toString(), "--rounds", "3", "--trace", trace.toString()).code());
        Set<PosixFilePermission> expected = Files.getPosixFilePermissions(reference);
        assertEquals(expected, Files.getPosixFilePermissions(trace),
                "a trace is created like any other file (umask), not owner-only like a temp file");
    }

    // ---------------------------------------------------------------- progress

    @Test
    void progressOnlyOnATerminalOrWhenAsked() {
        Result quiet = run(false, "run", SAMPLE.toString(), "--rounds", "50");
        Result asked = run(false, "run", SAMPLE.toString(), "--rounds", "50", "--progress");
        Result terminal = run(true, "run", SAMPLE.toString(), "--rounds", "50");
        Result silenced = run(true, "run", SAMPLE.toString(), "--rounds", "50", "--no-progress");
        assertEquals("", quiet.err());
        assertEquals("", silenced.err());
        assertTrue(asked.err().contains("round 50 / 50"), asked.err());
        assertTrue(terminal.err().contains("round 50 / 50"), terminal.err());
        assertTrue(asked.err().endsWith("\r\033[K"), "the progress line is erased at the end");
        for (Result r : List.of(quiet, asked, terminal, silenced)) {
            assertEquals(ExitCode.OK, r.code());
            assertEquals(quiet.out(), r.out(), "progress never changes stdout");
        }
        // errors still reach stderr when progress is off
        Result bad = run(false, "run", SAMPLE.toString(), "--seed", "x");
        assertFalse(bad.err().isEmpty());
    }

    // ---------------------------------------------------------------- replay

    private Path freshTrace(String name, String... extra) throws IOException {
        Path trace = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("run", SAMPLE.toString(), "--rounds", "80", "--trace", trace.toString()));
        args.addAll(List.of(extra));
        Result r = run(args.toArray(new String[0]));
        assertTrue(r.code() == ExitCode.OK || r.code() == ExitCode.VIOLATION, r::toString);
        return trace;
    }

    @Test
    void replayReproducesAFreshTrace() throws Exception {
        Path trace = freshTrace("t.jsonl");
        Result r = run("replay", trace.toString());
        assertEquals(ExitCode.OK, r.code(), r::toString);
        assertEquals("trace reproduced exactly: " + lines(trace).size() + " records, 80 rounds\n", r.out());
        assertEquals("", r.err());

        // a trace with violations replays too (the violation records included)
        Path two = write("two.json", TWO_NODE_PAPER);
        Path vtrace = dir.resolve("two.jsonl");
        assertEquals(ExitCode.VIOLATION, run("run", two.toString(), "--trace", vtrace.toString()).code());
        assertTrue(Files.readString(vtrace).contains("\"type\":\"violation\",\"check\":\"deadlock\""));
        Result rv = run("replay", vtrace.toString());
        assertEquals(ExitCode.OK, rv.code(), rv::toString);
    }

    @Test
    void replayNamesTheLineOfATamperedState() throws Exception {
        Path trace = freshTrace("t.jsonl");
        List<String> lines = new ArrayList<>(lines(trace));
        Pattern state = Pattern.compile("\"state\":\"prepare\"");
        int tampered = -1;
        for (int i = 0, seen = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher m = state.matcher(line);
            if (line.contains("\"type\":\"action\"") && m.find() && ++seen == 3) {
                lines.set(i, m.replaceFirst("\"state\":\"locked\""));
                tampered = i + 1;
                break;
            }
        }
        assertTrue(tampered > 1, "found an action record to tamper with");
        Files.write(trace, lines, StandardCharsets.UTF_8);
        Result r = run("replay", trace.toString());
        assertEquals(ExitCode.VIOLATION, r.code(), r::toString);
        assertTrue(r.out().startsWith("trace diverges at line " + tampered + "\n"), r.out());
        assertTrue(r.out().contains("in file:  " + lines.get(tampered - 1)), r.out());
        assertTrue(r.out().contains("\"state\":\"prepare\""), "the replayed line shows the true state: " + r.out());
    }

    @Test
    void replayOfATruncatedTraceDiverges() throws Exception {
        Path trace = freshTrace("t.jsonl");
        List<String> lines = lines(trace);
        Files.write(trace, lines.subList(0, lines.size() - 1), StandardCharsets.UTF_8);
        Result r = run("replay", trace.toString());
        assertEquals(ExitCode.VIOLATION, r.code(), r::toString);
        assertTrue(r.out().startsWith("trace diverges at line " + lines.size() + "\n"), r.out());
        assertTrue(r.out().contains("(end of file)"), r.out());
    }

    @Test
    void malformedTracesExitWithTwo() throws Exception {
        Path trace = freshTrace("t.jsonl");
        List<String> lines = lines(trace);
        String header = lines.get(0);
        List<List<String>> bad = new ArrayList<>();
        List<String> expected = new ArrayList<>();

        bad.add(List.of());
        expected.add("empty trace");
        bad.add(List.of(header, lines.get(1).substring(0, lines.get(1).length() - 3)));
        expected.add(":2:");
        bad.add(List.of("[1, 2]"));
        expected.add(":1: expected a JSON object");
        bad.add(List.of("{\"format\":\"lockstep-scenario/1\"}"));
        expected.add(":1: not a trace");
        bad.add(List.of("{\"format\":\"lockstep-trace/1\",\"seed\":1}"));
        expected.add("trace header needs \"scenario\", \"seed\" and \"rounds\"");
        bad.add(List.of(header.replace(",\"seed\":7,\"rounds\":80}", ",\"seed\":1.5,\"rounds\":80}")));
        expected.add("$.seed: expected \"seed\" to be an integer");
        bad.add(List.of(header.replace(",\"seed\":7,\"rounds\":80}", ",\"seed\":7,\"rounds\":99999999999}")));
        expected.add("$.rounds: expected \"rounds\" to be an integer between 0 and");
        bad.add(List.of(header.replace(",\"seed\":7,\"rounds\":80}", ",\"seed\":7,\"rounds\":-3}")));
        expected.add("$.rounds: expected \"rounds\" to be an integer between 0 and");
        bad.add(List.of(header, lines.get(1).replace("\"round\":0", "\"round\":0.5")));
        expected.add(":2: a trace record needs \"round\"");
        bad.add(List.of(header, "{\"round\":0,\"type\":\"call\",\"node\":\"nobody\",\"call\":\"lock\"}"));
        expected.add(":2: unknown node \"nobody\"");
        bad.add(List.of(header, "{\"round\":0,\"type\":\"action\",\"node\":\"a\",\"action\":\"Fly\"}"));
        expected.add(":2: unknown action \"Fly\"");
        bad.add(List.of(header.replace("\"delta\":2", "\"delta\":0")));
        expected.add("(embedded scenario):1:");

        assertTrue(header.endsWith(",\"seed\":7,\"rounds\":80}"), header);
        for (int i = 0; i < bad.size(); i++) {
            Path p = dir.resolve("bad" + i + ".jsonl");
            Files.write(p, bad.get(i), StandardCharsets.UTF_8);
            Result r = run("replay", p.toString());
            int k = i;
            assertEquals(ExitCode.BAD_INPUT, r.code(), () -> "case " + k + ": " + r);
            assertEquals("", r.out(), r::toString);
            assertTrue(r.err().startsWith(p.toString()), () -> "names the file: " + r.err());
            assertTrue(r.err().contains(expected.get(i)), () -> "case " + k + ": expected <" + expected.get(k) + "> in " + r.err());
        }
    }
}
