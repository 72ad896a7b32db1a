package dev.lockstep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Choice;
import dev.lockstep.core.adversary.Manual;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.Session;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed scenario and session files and arguments through the command line (issue 9): each
 * is exit 2 with one line naming the file, line:column, JSON path and what was expected, never
 * a stack trace (exit 3) and never a silently corrupted run.
 */
class BadInputTest {
    static final Path TIE = Path.of("sample-runs/tie-everyone-loses.json");

    @TempDir
    Path dir;

    static MainTest.Result run(String... args) {
        return MainTest.run(args);
    }

    Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    static void badInput(MainTest.Result r, String... expected) {
        assertEquals(Main.BAD_INPUT, r.code(), r::toString);
        assertFalse(r.err().contains("internal error"), r::toString);
        assertEquals(1, r.err().lines().count(), () -> "one line: " + r);
        for (String e : expected) assertTrue(r.err().contains(e), () -> "expected <" + e + "> in\n" + r);
    }

    // ---------------------------------------------------------------- item 2: scripted draws

    @Test
    void aScriptedDrawOutOfRangeNamesTheStepAndTheRange() throws Exception {
        Path f = write("tie-k2.json", Files.readString(TIE).replace("\"params\": {\"K\": 8}", "\"params\": {\"K\": 2}"));
        MainTest.Result r = run("run", f.toString());
        badInput(r, f + ":40:7: $.scheduler.steps[21]: in round 7 draws [5] do not fit: CheckStart at a makes 1 random draw, in 0..1");
    }

    @Test
    void aScriptedStepWithTooManyDrawsSaysHowManyTheActionMakes() throws Exception {
        Path f = write("tie-two-draws.json", Files.readString(TIE).replaceFirst("\"draws\": \\[5\\]", "\"draws\": [1, 2]"));
        MainTest.Result r = run("run", f.toString());
        badInput(r, "$.scheduler.steps[21]: in round 7 draws [1, 2] do not fit: CheckStart at a makes 1 random draw, in 0..7 (2 values given)");
    }

    /** The tie scenario as a session: scripted up to round 7, then by hand: a CheckStart at a with a draw of 5. */
    static String manualSession() throws Exception {
        Session s = Session.start(ScenarioLoader.load(TIE));
        s.runUntil(7);
        s.policy(new Manual());
        s.beginRound();
        int a = s.simulation().indexOf("a");
        Choice check = s.simulation().choices(a).stream()
                .filter(c -> s.simulation().actions().get(c.action()).label().equals("CheckStart")).findFirst().orElseThrow();
        s.execute(check.withDraws(5));
        s.stepRound(); // a session reaching round 8 replays all of round 7
        String json = s.toJson();
        assertTrue(json.contains("\"execute\":\"a\",\"action\":\"CheckStart\",\"draws\":[5]"), json);
        return json;
    }

    @Test
    void aSessionsManualDrawOutOfRangeNamesTheInput() throws Exception {
        String good = manualSession();
        Path ok = write("ok.lockstep-session.json", good);
        assertEquals(8, Session.load(ok).round(), "the untampered session loads");
        Path f = write("bad-draw.lockstep-session.json", good.replace("\"execute\":\"a\",\"action\":\"CheckStart\",\"draws\":[5]",
                "\"execute\":\"a\",\"action\":\"CheckStart\",\"draws\":[9]"));
        MainTest.Result r = run("export", f.toString(), "--format", "svg", "--out", dir.resolve("x.svg").toString());
        badInput(r, f + ":1:", ": $.inputs[1]: this input cannot be applied: draws [9] do not fit: CheckStart at a makes 1 random draw, in 0..7");
        assertFalse(Files.exists(dir.resolve("x.svg")));
    }

    // ---------------------------------------------------------------- item 3: ports

    static final String SCENARIO = """
            {"format": "lockstep-scenario/1", "protocol": "lme", "delta": 3,
             "nodes": [{"id": "a"}, {"id": "b"}, {"id": "c"}], "edges": [["a", "b"]]}""";

    static String session(String inputs) {
        return "{\"format\": \"lockstep-session/1\", \"scenario\": " + SCENARIO + ",\n \"seed\": 1, \"round\": 2,\n \"inputs\": [\n  "
                + inputs + "]}\n";
    }

    @Test
    void aSessionLinkOnAPortOutsideDeltaIsRejectedWhereItEnters() throws Exception {
        Path fine = write("fine.json", session("{\"round\": 1, \"link\": [\"a\", \"c\"], \"ports\": [2, 3]}"));
        assertEquals(2, Session.load(fine).simulation().graph().portTo(0, 2), "a link on ports within 1..Δ is kept");
        for (String ports : List.of("[66, 2]", "[2, -62]", "[0, 1]", "[2, 4294967298]")) {
            Path f = write("ports.json", session("{\"round\": 1, \"link\": [\"a\", \"c\"], \"ports\": " + ports + "}"));
            MainTest.Result r = run("export", f.toString(), "--format", "svg", "--out", dir.resolve("x.svg").toString());
            badInput(r, f + ":5:", ": $.inputs[0].ports[", "expected a port the link takes (port 0 is the node itself) between 1 and 3");
        }
    }

    // ---------------------------------------------------------------- item 4: lone surrogates

    @Test
    void aNodeIdWithALoneSurrogateIsRejectedAtLoadTime() throws Exception {
        Path f = write("surrogate.json", """
                {"format": "lockstep-scenario/1", "protocol": "lme", "delta": 1,
                 "nodes": [{"id": "u"}, {"id": "\\ud800"}], "edges": [["u", "\\ud800"]]}""");
        Path trace = dir.resolve("t.jsonl");
        MainTest.Result r = run("run", f.toString(), "--trace", trace.toString());
        badInput(r, f + ":2:33: $.nodes[1].id: unpaired UTF-16 surrogate \\ud800 in a string");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("surrogate.json"), files.map(p -> p.getFileName().toString()).toList(), "nothing written");
        }
    }

    // ---------------------------------------------------------------- item 5: numbers out of range

    @Test
    void sessionNumbersOutOfRangeNameTheirPositionAndTheRange() throws Exception {
        String[][] cases = {
                {session("").replace("\"round\": 2", "\"round\": 2147483648"),
                        ":3:22: $.round: expected the round reached between 0 and 2147483646, found 2147483648"},
                {session("").replace("\"seed\": 1", "\"seed\": 9223372036854775808"),
                        ":3:10: $.seed: expected the seed between -9223372036854775808 and 9223372036854775807, found 9223372036854775808"},
                {session("{\"round\": 2147483648, \"cut\": [\"a\", \"b\"]}"),
                        ":5:13: $.inputs[0].round: expected the input's round between 0 and 2147483646, found 2147483648"},
                {session("{\"round\": 1, \"step\": 9223372036854775808, \"cut\": [\"a\", \"b\"]}"),
                        ":5:24: $.inputs[0].step: expected the input's step (executions begun before it) between 0 and 9223372036854775807"},
                {session("{\"round\": 1, \"move\": \"a\", \"to\": [1e400, 0]}"),
                        ":5:36: $.inputs[0].to[0]: expected x to be a finite number, found 1e400"},
                {session("{\"round\": 1.5, \"cut\": [\"a\", \"b\"]}"),
                        ":5:13: $.inputs[0].round: expected the input's round to be an integer between 0 and 2147483646, found 1.5"},
        };
        for (String[] c : cases) {
            Path f = write("numbers.json", c[0]);
            MainTest.Result r = run("export", f.toString(), "--format", "svg", "--out", dir.resolve("x.svg").toString());
            badInput(r, f + c[1]);
        }
    }

    @Test
    void aTraceRoundBeyondTheIntRangeIsAProblemForShiVizNotACrash() throws Exception {
        Path trace = dir.resolve("t.jsonl");
        assertEquals(Main.OK, run("run", "sample-runs/ring-8.json", "--rounds", "3", "--trace", trace.toString()).code());
        List<String> lines = Files.readAllLines(trace);
        assertTrue(lines.get(1).startsWith("{\"round\":0,"), lines.get(1));
        lines.set(1, lines.get(1).replaceFirst("\"round\":0", "\"round\":2147483648"));
        Files.write(trace, lines);
        badInput(run("shiviz", trace.toString()), trace + ":2:10: $.round: expected a round between 0 and 2147483647, found 2147483648");
    }

    // ---------------------------------------------------------------- item 9: limits while parsing

    @Test
    void tooManyNodesStopAtTheNodeArrayNotAfterAFullParse() throws Exception {
        int n = ScenarioLoader.MAX_NODES + 1;
        StringBuilder sb = new StringBuilder(n * 16 + 200)
                .append("{\"format\": \"lockstep-scenario/1\", \"protocol\": \"lme\", \"delta\": 1,\n\"nodes\": [");
        for (int i = 0; i < n; i++) sb.append(i == 0 ? "" : ",").append("{\"id\":\"n").append(i).append("\"}");
        String text = sb.append("]}\n").toString();
        sb = null;

        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        dev.lockstep.scenario.ScenarioException e = org.junit.jupiter.api.Assertions.assertThrows(
                dev.lockstep.scenario.ScenarioException.class, () -> ScenarioLoader.parse(text, "huge.json"));
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(List.of("huge.json:2:10: $.nodes: at most 5000000 nodes are supported"), e.problems());
        // building the 5,000,001 node objects takes gigabytes; counting them takes nothing
        assertTrue(allocated < 1_000_000, "allocated " + allocated + " bytes before refusing");

        Path f = dir.resolve("huge.json");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        badInput(run("run", f.toString()), f + ":2:10: $.nodes: at most 5000000 nodes are supported");
    }

    // ---------------------------------------------------------------- item 12: control characters

    @Test
    void controlCharactersFromTheInputArePrintedEscaped() throws Exception {
        Path f = write("nul.json", "{\"format\": \"lockstep-scenario/1\", \"protocol\": \"lme\", \"delta\": 1,"
                + " \"nodes\": [{\"id\": \"u\"}], \"x\\u0000\\u001b[2Jy\": 1}");
        MainTest.Result r = run("run", f.toString());
        badInput(r, "unknown field \"x\\u0000\\u001b[2Jy\"");
        assertTrue(r.err().chars().noneMatch(c -> c < 0x20 && c != '\n'), () -> "no raw control character: " + r.err());
        Path raw = write("raw-nul.json", "{\"format\": \0}");
        MainTest.Result r2 = run("run", raw.toString());
        badInput(r2, raw + ":1:12: malformed JSON: expected a JSON value, found '\\u0000'");
        assertTrue(r2.err().chars().noneMatch(c -> c < 0x20 && c != '\n'), r2::toString);
        MainTest.Result arg = run("run", "no\u0007such\u001b.json");
        badInput(arg, "no\\u0007such\\u001b.json: no such file");
        MainTest.Result until = run("run", "sample-runs/ring-8.json", "--until", "a.st\u0000ate = locked");
        assertEquals(Main.BAD_INPUT, until.code(), until::toString);
        assertTrue(until.err().startsWith("lockstep: run: --until \"a.st\\u0000ate = locked\": at column 3: unknown variable \"st\\u0000ate\""),
                until::toString);
        assertTrue(until.err().endsWith("  a.st\\u0000ate = locked\n    ^\n"), "the caret under the escaped text: " + until.err());
        assertTrue(until.err().chars().noneMatch(c -> c < 0x20 && c != '\n'), until::toString);
    }

    // ---------------------------------------------------------------- item 13: one line and a hint

    @Test
    void usageErrorsPrintOneLineAndAHintNotTheUsage() {
        String[][] cases = {
                {"export", "lockstep: export: svg shows a single moment", "export", "sample-runs/ring-8.json", "--format", "svg",
                        "--from", "0", "--to", "20", "--out", "x.svg"},
                {"run", "lockstep: run: unknown option --frob", "run", "sample-runs/ring-8.json", "--frob"},
                {"replay", "lockstep: replay: expected one trace file", "replay"},
                {"shiviz", "lockstep: shiviz: -o needs a file", "shiviz", "t.jsonl", "-o"},
                {"gui", "lockstep: gui: --rounds expects an integer", "gui", "--rounds", "ten"},
                {"gui", "lockstep: gui: expected at most one", "gui", "a.json", "b.json"},
                {null, "lockstep: unknown command \"frobnicate\"", "frobnicate"},
        };
        for (String[] c : cases) {
            MainTest.Result r = run(java.util.Arrays.copyOfRange(c, 2, c.length));
            assertEquals(Main.BAD_INPUT, r.code(), r::toString);
            assertEquals("", r.out(), r::toString);
            List<String> lines = r.err().lines().toList();
            assertEquals(2, lines.size(), r::toString);
            assertTrue(lines.get(0).startsWith(c[1]), r::toString);
            assertEquals("see 'lockstep " + (c[0] == null ? "" : c[0] + " ") + "--help'", lines.get(1));
        }
        assertEquals(2, run().err().lines().count(), "no command: the message and the hint");
    }
}
