package dev.lockstep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The export command's arguments: what it accepts, and a clear message with exit 2 for what it does not. */
class ExportCommandTest {
    static final String SAMPLE = "sample-runs/ring-8.json";

    @TempDir
    Path dir;

    @org.junit.jupiter.api.BeforeAll
    static void toolkit() throws Exception {
        // the export starts JavaFX if needed; in this shared test JVM, TestFX must start it first
        org.testfx.api.FxToolkit.registerPrimaryStage();
    }

    record Result(int code, String out, String err) {}

    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Main(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), false)
                .execute(args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    void bad(String expected, String... args) throws Exception {
        Result r = run(args);
        assertEquals(ExitCode.BAD_INPUT, r.code(), r.err());
        assertTrue(r.err().contains(expected), "expected \"" + expected + "\" in:\n" + r.err());
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(0, s.count(), "a refused export writes nothing");
        }
    }

    @Test
    void badArgumentsExitTwoWithAClearMessage() throws Exception {
        String gif = dir.resolve("a.gif").toString();
        bad("unknown --format \"webm\"; expected gif, mp4, png, svg or tikz", "export", SAMPLE, "--format", "webm", "--out", gif);
        bad("--format is required", "export", SAMPLE, "--out", gif);
        bad("--out is required (the file to write)", "export", SAMPLE, "--format", "gif");
        bad("--out is required (a directory for the frames)", "export", SAMPLE, "--format", "png");
        bad("--to (3) is before --from (5)", "export", SAMPLE, "--format", "gif", "--out", gif, "--from", "5", "--to", "3");
        bad("--from expects an integer between 0 and", "export", SAMPLE, "--format", "gif", "--out", gif, "--from", "ten");
        bad("--fps expects an integer between 1 and 100, got \"0\"", "export", SAMPLE, "--format", "gif", "--out", gif, "--fps", "0");
        bad("--width expects an integer between 16 and 7680", "export", SAMPLE, "--format", "gif", "--out", gif, "--width", "-4");
        bad("an MP4 (H.264) needs an even width and height, got 321x240", "export", SAMPLE, "--format", "mp4", "--out",
                dir.resolve("a.mp4").toString(), "--width", "321", "--height", "240");
        bad("expected one scenario or session file, got 0", "export", "--format", "gif", "--out", gif);
        bad("svg shows a single moment: give it with --at N (or --from N), not --to", "export", SAMPLE, "--format", "svg", "--out",
                dir.resolve("a.svg").toString(), "--to", "4");
        bad("--at gives the moment of an svg or tikz figure", "export", SAMPLE, "--format", "gif", "--out", gif, "--at", "4");
        bad("unknown option --colour", "export", SAMPLE, "--format", "gif", "--out", gif, "--colour");
        bad("--caption and --no-caption contradict", "export", SAMPLE, "--format", "gif", "--out", gif, "--caption", "--no-caption");
        bad("nope.json: no such file", "export", "nope.json", "--format", "gif", "--out", gif);
        bad("no such directory", "export", SAMPLE, "--format", "gif", "--out", dir.resolve("missing/a.gif").toString(), "--to", "1");
        bad("step 900 never happens", "export", "sample-runs/flaw-2-stuck-in-win.json", "--format", "gif", "--out", gif, "--steps",
                "--to", "900");
    }

    @Test
    void aBrokenScenarioIsReportedAsRunReportsIt() throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"format\": \"lockstep-scenario/1\", \"protocol\": \"lme\"}");
        Result runs = run("run", broken.toString());
        Result exports = run("export", broken.toString(), "--format", "gif", "--out", dir.resolve("b.gif").toString());
        assertEquals(ExitCode.BAD_INPUT, exports.code());
        assertEquals(runs.err(), exports.err(), "the same problems, word for word");
        assertFalse(Files.exists(dir.resolve("b.gif")));
    }

    @Test
    void exportsAGifAndReportsProgressOnStderr() throws Exception {
        Path gif = dir.resolve("ring.gif");
        Result r = run("export", SAMPLE, "--format", "gif", "--out", gif.toString(), "--from", "2", "--to", "5", "--frames-per-step", "2",
                "--width", "160", "--height", "120", "--fps", "20");
        assertEquals(ExitCode.OK, r.code(), r.err());
        assertTrue(r.err().contains("export: frame 7 / 7 (100%)"), r.err());
        assertTrue(r.err().contains("wrote " + gif.toAbsolutePath() + " (7 frames, 160x120)"), r.err());
        byte[] bytes = Files.readAllBytes(gif);
        assertEquals("GIF89a", new String(bytes, 0, 6, StandardCharsets.US_ASCII));
        assertEquals(160, (bytes[6] & 0xFF) | (bytes[7] & 0xFF) << 8, "logical screen width");
        assertEquals(120, (bytes[8] & 0xFF) | (bytes[9] & 0xFF) << 8, "logical screen height");
    }

    /**
     * SVG and TikZ through the command: the figure of the moment at the start of round N (a
     * session jumped there, drawn by dev.lockstep.figure), the same bytes on a second export.
     */
    @Test
    void figuresShowTheStartOfRoundAtAndRepeatByteForByte() throws Exception {
        var scenario = dev.lockstep.scenario.ScenarioLoader.load(Path.of(SAMPLE));
        var session = dev.lockstep.session.Session.start(scenario, scenario.seed());
        session.jumpTo(new dev.lockstep.session.Session.Position(7, -1));
        var options = new dev.lockstep.figure.FigureOptions(640, 400, true, true);
        for (String format : new String[] {"svg", "tikz"}) {
            Path a = dir.resolve("a." + format);
            Path b = dir.resolve("b." + format);
            for (Path out : new Path[] {a, b}) {
                Result r = run("export", SAMPLE, "--format", format, "--out", out.toString(), "--at", "7", "--width", "640", "--height", "400",
                        "--no-progress");
                assertEquals(ExitCode.OK, r.code(), r.err());
            }
            String expected = format.equals("svg") ? dev.lockstep.figure.Figures.svg(session, options)
                    : dev.lockstep.figure.Figures.tikz(session, options);
            assertEquals(expected, Files.readString(a, StandardCharsets.UTF_8), format + ": the moment at the start of round 7");
            assertTrue(java.util.Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(b)), format + ": byte-identical repeat");
        }
        // and a different moment is a different figure
        Path c = dir.resolve("c.svg");
        assertEquals(ExitCode.OK, run("export", SAMPLE, "--format", "svg", "--out", c.toString(), "--at", "30", "--width", "640", "--height", "400",
                "--no-progress").code());
        assertFalse(Files.readString(c).equals(Files.readString(dir.resolve("a.svg"))));
    }
}
