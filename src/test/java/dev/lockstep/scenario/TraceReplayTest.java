package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.cli.ExitCode;
import dev.lockstep.cli.Main;
import dev.lockstep.core.adversary.Engine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replay streams: it stops at the first differing line however many rounds the header asks for,
 * holds one line at a time (a long trace replays in a small heap), and rejects a record that
 * cannot run — a port outside 1..Δ, random draws out of range or of the wrong count — at its line.
 */
class TraceReplayTest {
    static final String HUGE = "2147483646";
    static Scenario ring;
    static List<String> lines;

    @BeforeAll
    static void trace() throws Exception {
        ring = ScenarioLoader.load(Path.of("sample-runs/ring-8.json"));
        StringWriter out = new StringWriter();
        write(out, 60);
        lines = List.of(out.toString().split("\n"));
        assertTrue(lines.get(0).endsWith(",\"rounds\":60}"), lines.get(0));
    }

    static void write(Writer out, int rounds) {
        Engine engine = ring.engine(ring.seed());
        TraceWriter w = new TraceWriter(out, ring, engine.simulation(), rounds);
        engine.simulation().addListener(w);
        engine.runUntil(rounds);
        w.finish();
    }

    static String text(List<String> l) {
        return String.join("\n", l) + "\n";
    }

    static List<String> withHugeHeader() {
        List<String> l = new ArrayList<>(lines);
        l.set(0, lines.get(0).replace(",\"rounds\":60}", ",\"rounds\":" + HUGE + "}"));
        return l;
    }

    static int firstLine(String... parts) {
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            boolean all = true;
            for (String p : parts) all &= line.contains(p);
            if (all) return i;
        }
        throw new AssertionError("no line with " + List.of(parts));
    }

    static int round(String line) {
        return TraceReplay.leadingRound(line);
    }

    @Test
    void theTraceItselfReplays() throws Exception {
        TraceReplay.Result r = TraceReplay.replay(text(lines), "t.jsonl");
        assertTrue(r.identical(), () -> r.differingLine() + ": " + r.actual());
        assertEquals(lines.size(), r.lines());
        assertEquals(60, r.simulation().round());
    }

    // ---------------------------------------------------------------- fail fast

    /** Before: all 2^31 rounds were simulated before line 1 was compared (still running after 90 s). */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a guard against the old hang, not a measure
    void aHugeRoundsHeaderStopsAtTheFirstDivergence() throws Exception {
        List<String> l = withHugeHeader();
        int i = firstLine("\"round\":12,", "\"type\":\"action\"", "\"state\":{");
        l.set(i, l.get(i).replace("\"state\":{", "\"state\":{\"tampered\":1,"));
        TraceReplay.Result r = TraceReplay.replay(text(l), "t.jsonl");
        assertFalse(r.identical());
        assertEquals(i + 1, r.differingLine());
        assertEquals(l.get(i), r.expected());
        assertEquals(lines.get(i), r.actual(), "the replay's own line");
        assertEquals(12, r.simulation().round(), "stopped in the round of the differing line");
        assertEquals(i + 1, r.lines());
    }

    /** The body matches, the header asks for more rounds: the closing summary can never match. */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aHugeRoundsHeaderOverAnIntactBodyStopsRightAfterTheFilesLastRound() throws Exception {
        List<String> l = withHugeHeader();
        TraceReplay.Result r = TraceReplay.replay(text(l), "t.jsonl");
        assertFalse(r.identical());
        assertEquals(l.size(), r.differingLine(), "the summary line");
        assertTrue(r.expected().startsWith("{\"round\":60,\"type\":\"end\""), r.expected());
        assertEquals("(nothing more in round 60; the replay went on to round 61)", r.actual());
        assertEquals(61, r.simulation().round());
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aTruncatedTraceWithAHugeHeaderStopsAtItsEnd() throws Exception {
        List<String> l = withHugeHeader();
        int cut = firstLine("\"round\":30,");
        TraceReplay.Result r = TraceReplay.replay(text(l.subList(0, cut)), "t.jsonl");
        assertEquals(cut + 1, r.differingLine());
        assertNull(r.expected());
        assertTrue(r.actual().contains("the file has ended"), r.actual());
        assertEquals(30, r.simulation().round(), "stopped when round 30 began with nothing left to compare");
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aLineThatNoReplayCanProduceStopsTheReplayWhenItsRoundIsOver() throws Exception {
        List<String> l = withHugeHeader();
        int i = firstLine("\"round\":20,");
        l.add(i, "{\"type\":\"call\",\"round\":20,\"node\":\"a\",\"call\":\"lock\"}"); // valid, but not as written
        TraceReplay.Result r = TraceReplay.replay(text(l), "t.jsonl");
        assertEquals(i + 1, r.differingLine());
        assertTrue(r.simulation().round() <= 21, "round " + r.simulation().round());
    }

    @Test
    void anExtraLineAfterTheSummaryDiverges() throws Exception {
        List<String> l = new ArrayList<>(lines);
        l.add("{\"round\":60,\"type\":\"end\"}");
        TraceReplay.Result r = TraceReplay.replay(text(l), "t.jsonl");
        assertEquals(l.size(), r.differingLine());
        assertNull(r.actual());
    }

    @Test
    void aCarriageReturnIsPartOfTheLine() throws Exception {
        TraceReplay.Result r = TraceReplay.replay(String.join("\r\n", lines) + "\r\n", "t.jsonl");
        assertEquals(1, r.differingLine(), "compared byte for byte: a CRLF copy is not the trace");
    }

    @Test
    void leadingRound() {
        assertEquals(12, round("{\"round\":12,\"type\":\"x\"}"));
        assertEquals(0, round("{\"round\":0}"));
        assertEquals(-1, round("{\"type\":\"x\",\"round\":12}"));
        assertEquals(-1, round("{\"round\":99999999999,\"type\":\"x\"}"));
        assertEquals(-1, round("{\"round\":1.5,\"type\":\"x\"}"));
        assertEquals(-1, round("{\"round\":"));
    }

    // ---------------------------------------------------------------- constant memory

    /**
     * Before: the whole file was read into one string, split into lines and parsed into JSON
     * objects before the first round (a 23 MB trace needed more than 256 MB of heap). Now a 12 MB
     * trace replays in a child JVM limited to 32 MB.
     */
    @Test
    void aLongTraceReplaysInASmallHeap(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("long.jsonl");
        try (Writer w = Files.newBufferedWriter(trace, StandardCharsets.UTF_8)) {
            write(w, 10_000);
        }
        long size = Files.size(trace);
        assertTrue(size > 10_000_000, "a trace of " + size + " bytes");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx32m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "replay", trace.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "replay finished");
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.startsWith("trace reproduced exactly: "), out);
        assertTrue(out.contains(" records, 10000 rounds"), out);
    }

    // ---------------------------------------------------------------- inputs checked at their record

    record Cli(int code, String out, String err) {}

    static Cli replayFile(Path dir, List<String> l) throws IOException {
        Path p = dir.resolve("bad.jsonl");
        Files.write(p, l, StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Main(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                false).execute(new String[] {"replay", p.toString()});
        return new Cli(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Exit 2, one line naming the file and the record's line, and what was expected. */
    static void rejected(Path dir, List<String> l, int line, String... expected) throws IOException {
        Cli r = replayFile(dir, l);
        assertEquals(ExitCode.BAD_INPUT, r.code(), r::toString);
        assertEquals("", r.out());
        String prefix = dir.resolve("bad.jsonl") + ":" + line + ":";
        assertTrue(r.err().startsWith(prefix), () -> "expected " + prefix + " in " + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        for (String e : expected) assertTrue(r.err().contains(e), () -> "expected <" + e + "> in " + r.err());
    }

    static List<String> replaced(int i, String from, String to) {
        List<String> l = new ArrayList<>(lines);
        assertTrue(l.get(i).contains(from), l.get(i));
        l.set(i, l.get(i).replace(from, to));
        return l;
    }

    /**
     * Before: port 66 passed the open-port test as port 2 (1L << 66 == 1L << 2) and the graph then
     * indexed past the node's row, an ArrayIndexOutOfBoundsException (exit 3); -62 likewise.
     */
    @Test
    void aLinkPortOutsideOneToDeltaIsRejectedAtItsRecord(@TempDir Path dir) throws Exception {
        int i = firstLine("\"type\":\"link\"", "\"ports\":[");
        String ports = lines.get(i).replaceAll(".*(\"ports\":\\[[0-9]+,[0-9]+\\]).*", "$1");
        for (String bad : List.of("[66,2]", "[1,-62]", "[0,1]", "[3,1]", "[1.5,1]", "[\"1\",1]", "[99999999999,1]")) {
            rejected(dir, replaced(i, ports, "\"ports\":" + bad), i + 1, "$.ports[", "expected a port between 1 and Δ = 2");
        }
        rejected(dir, replaced(i, ports, "\"ports\":[1]"), i + 1, "a link needs \"ports\": [pu, pv]");
    }

    @Test
    void aCutPortOutsideOneToDeltaIsRejectedAtItsRecord(@TempDir Path dir) throws Exception {
        List<String> l = new ArrayList<>(lines);
        int i = firstLine("\"round\":5,");
        l.add(i, "{\"round\":5,\"type\":\"cut\",\"u\":\"a\",\"v\":\"b\",\"ports\":[66,1],\"lost\":[]}");
        rejected(dir, l, i + 1, "$.ports[0]", "expected a port between 1 and Δ = 2", "found 66");
    }

    /** Before: an IllegalArgumentException from inside the simulation, reported at the round's last record. */
    @Test
    void drawsOutOfRangeOrOfTheWrongCountAreRejectedAtTheirRecord(@TempDir Path dir) throws Exception {
        int i = firstLine("\"action\":\"CheckStart\"", "\"draws\":[");
        String draws = lines.get(i).replaceAll(".*(\"draws\":\\[[0-9]+\\]).*", "$1");
        String node = lines.get(i).replaceAll(".*\"node\":\"([a-z]+)\".*", "$1");
        String one = "CheckStart at " + node + " makes 1 random draw (in 0..7)";
        rejected(dir, replaced(i, draws, "\"draws\":[8]"), i + 1, "$.draws", one, "found [8]");
        rejected(dir, replaced(i, draws, "\"draws\":[-1]"), i + 1, one, "found [-1]");
        rejected(dir, replaced(i, draws, "\"draws\":[1,2]"), i + 1, one, "found [1,2]");
        rejected(dir, replaced(i, draws, "\"draws\":[2.5]"), i + 1, one);
        rejected(dir, replaced(i, draws, "\"draws\":[99999999999]"), i + 1, one);
        rejected(dir, replaced(i, draws + ",", ""), i + 1, "\"draws\" missing", one);
        rejected(dir, replaced(i, draws, "\"draws\":5"), i + 1, "$.draws: expected an array of integers");
        int j = firstLine("\"action\":\"ReceivePrepare\"");
        rejected(dir, replaced(j, "\"sent\":", "\"draws\":[0],\"sent\":"), j + 1, "ReceivePrepare at", "makes 0 random draws");
    }

    @Test
    void aChoiceThatCannotRunIsRejectedAtItsRecord(@TempDir Path dir) throws Exception {
        int i = firstLine("\"action\":\"CheckStart\"");
        String node = lines.get(i).replaceAll(".*\"node\":\"([a-z]+)\".*", "$1");
        List<String> l = new ArrayList<>(lines);
        l.add(i + 1, l.get(i)); // the same node twice in one round
        rejected(dir, l, i + 2, "cannot run here: CheckStart at " + node + ": the node already acted");
    }

    @Test
    void aStartRecordEndingBeforeItBeginsIsRejected(@TempDir Path dir) throws Exception {
        List<String> l = new ArrayList<>(lines);
        int i = firstLine("\"round\":2,", "\"type\":\"action\"");
        l.set(i, l.get(i).replace("\"type\":\"action\"", "\"type\":\"start\"").replace("\"sent\":", "\"until\":1,\"sent\":"));
        rejected(dir, l, i + 1, "$.until: expected a round between 2 (the start) and");
    }

    /**
     * Found by the monkey test: a link refused on ports the user picked was written without them,
     * and replay retried it on ports of its own choosing, where it formed (the replay diverged).
     */
    @Test
    void aLinkRefusedOnGivenPortsReplaysAsRefused() throws Exception {
        Scenario three = ScenarioLoader.parse("{\"format\":\"lockstep-scenario/1\",\"protocol\":\"lme\",\"delta\":3,"
                + "\"seed\":3,\"nodes\":[{\"id\":\"a\"},{\"id\":\"b\"},{\"id\":\"c\"}],\"edges\":[[\"a\",\"b\"]],"
                + "\"workload\":{\"lock\":0.3,\"hold\":2}}", "three.json");
        Engine engine = three.engine(three.seed());
        StringWriter out = new StringWriter();
        TraceWriter w = new TraceWriter(out, three, engine.simulation(), 8);
        engine.simulation().addListener(w);
        engine.runUntil(1);
        // a's port 1 holds a–b: refused, although a link left to choose its ports would form
        assertTrue(engine.simulation().graph().adjacent(0, 1));
        assertFalse(engine.simulation().link(0, 1, 2, 1));
        engine.runUntil(8);
        w.finish();
        String text = out.toString();
        assertTrue(text.contains("{\"round\":1,\"type\":\"refused\",\"change\":\"link\",\"u\":\"a\",\"v\":\"c\",\"ports\":[1,1],"), text);
        TraceReplay.Result r = TraceReplay.replay(text, "refused.jsonl");
        assertTrue(r.identical(), () -> "line " + r.differingLine() + ": " + r.expected() + " vs " + r.actual());
    }

    /** Before: 1e400 reached the graph as Infinity. */
    @Test
    void aMoveToAPositionBeyondTheDoublesIsRejectedAtItsRecord(@TempDir Path dir) throws Exception {
        List<String> l = new ArrayList<>(lines);
        int i = firstLine("\"round\":5,");
        l.add(i, "{\"round\":5,\"type\":\"move\",\"node\":\"a\",\"to\":[1e400,0]}");
        rejected(dir, l, i + 1, "$.to", "expected a finite position");
    }

    /** The header goes through the parser's own checks: a lone surrogate is named by its path. */
    @Test
    void aLoneSurrogateInTheHeaderIsRejectedWithItsPath(@TempDir Path dir) throws Exception {
        List<String> l = new ArrayList<>(lines);
        assertTrue(l.get(0).contains("\"a\""), l.get(0));
        l.set(0, l.get(0).replaceFirst("\"a\"", "\"\\\\ud800\""));
        rejected(dir, l, 1, "$.scenario.", "unpaired UTF-16 surrogate");
    }

    @Test
    void aTraceThatIsNotUtf8IsRejected(@TempDir Path dir) throws Exception {
        Path p = dir.resolve("bin.jsonl");
        byte[] head = (lines.get(0) + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] bytes = java.util.Arrays.copyOf(head, head.length + 2);
        bytes[head.length] = (byte) 0xC3;
        bytes[head.length + 1] = (byte) 0x28;
        Files.write(p, bytes);
        ScenarioException e = assertThrows(ScenarioException.class, () -> TraceReplay.verify(p));
        assertTrue(e.getMessage().startsWith(p + ":"), e.getMessage());
        assertTrue(e.getMessage().contains("not a UTF-8 text file"), e.getMessage());
    }
}
