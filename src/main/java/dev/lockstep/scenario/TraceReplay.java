package dev.lockstep.scenario;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.json.JsonValue;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Replays a trace: a fresh simulation of the embedded scenario is driven by exactly the adversary
 * choices recorded in the trace (topology changes with their ports, calls, which node ran which
 * action on which message with which random draws) — the random stream is never consulted — and
 * every line it produces is compared with the file's line at once.
 *
 * <p>It streams: the file is read twice, line by line, one reader ahead taking the decisions and
 * one behind comparing, so memory does not grow with the trace's length, and the replay stops at
 * the first line that differs — also when the replay would only go on without producing anything
 * (a header asking for far more rounds than the file holds).
 */
public final class TraceReplay {
    private TraceReplay() {}

    /**
     * @param lines         lines of the file compared (all of them when identical; up to the
     *                      differing one otherwise)
     * @param differingLine 1-based line where the replay first differs, or 0 when identical
     * @param expected      that line in the file (null past its end)
     * @param actual        that line as replayed (null past its end; in parentheses a description
     *                      when the replay stopped because no line it could produce would match)
     * @param simulation    the replay's simulation where it stopped
     */
    public record Result(int lines, int differingLine, String expected, String actual, Simulation simulation) {
        public boolean identical() {
            return differingLine == 0;
        }
    }

    /** A way to read the trace from its start (it is read twice). */
    @FunctionalInterface
    private interface Source {
        Reader open() throws ScenarioException;
    }

    public static Result verify(Path trace) throws ScenarioException {
        return replay(() -> open(trace), trace.toString());
    }

    public static Result replay(String text, String file) throws ScenarioException {
        return replay(() -> new StringReader(text), file);
    }

    private static Reader open(Path trace) throws ScenarioException {
        try {
            return new InputStreamReader(Files.newInputStream(trace), StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT));
        } catch (NoSuchFileException e) {
            throw new ScenarioException(trace + ": no such file");
        } catch (IOException e) {
            throw new ScenarioException(trace + ": cannot read (" + e.getMessage() + ")");
        }
    }

    private static Result replay(Source source, String file) throws ScenarioException {
        try (TraceLines ahead = new TraceLines(source.open(), file);
                TraceLines behind = new TraceLines(source.open(), file)) {
            TraceDriver driver = new TraceDriver(ahead, file);
            JsonValue.Obj header = driver.header();
            FileKind.TRACE.require(header, file + ":1");
            if (!(header.get("scenario") instanceof JsonValue.Obj scenarioJson)
                    || !(header.get("seed") instanceof JsonValue.Num seedNum)
                    || !(header.get("rounds") instanceof JsonValue.Num roundsNum)) {
                throw new ScenarioException(file + ":1: trace header needs \"scenario\", \"seed\" and \"rounds\"");
            }
            Scenario scenario = ScenarioLoader.fromJson(scenarioJson, file + " (embedded scenario)");
            long seed = headerInteger(file, seedNum, "seed", Long.MIN_VALUE, Long.MAX_VALUE);
            int rounds = (int) headerInteger(file, roundsNum, "rounds", 0, Integer.MAX_VALUE - 1);

            Simulation sim = new Simulation(scenario.config(seed));
            LineComparer compare = new LineComparer(behind);
            try {
                TraceWriter writer = new TraceWriter(compare, scenario, sim, rounds);
                sim.addListener(writer);
                driver.drive(sim, round -> stopIfNothingCanMatch(compare, round, rounds));
                try {
                    new Engine(sim, driver).runUntil(rounds);
                } catch (IllegalArgumentException | IllegalStateException e) {
                    throw new ScenarioException(file + ":" + driver.currentLine() + ": the trace cannot be replayed here: "
                            + e.getMessage());
                }
                writer.finish();
                compare.requireEnd();
                return new Result(compare.lines(), 0, null, null, sim);
            } catch (LineComparer.Diverged d) {
                return new Result(compare.lines(), d.line, d.expected, d.actual, sim);
            }
        } catch (LineComparer.Unreadable e) {
            throw e.cause;
        }
    }

    /**
     * Every line a replay produces after the header starts with {@code {"round":N} where N is the
     * round it happened in. So once round {@code round} begins, a file line from an earlier round
     * (or the file's end, since the closing summary is still to come) can no longer be matched:
     * the replay stops there instead of simulating on — possibly for billions of rounds — only to
     * report the same line.
     */
    private static void stopIfNothingCanMatch(LineComparer compare, int round, int rounds) {
        String expected = compare.expected();
        if (expected == null) {
            throw compare.divergence("(the replay goes on to round " + round + " of " + rounds + "; the file has ended)");
        }
        int r = leadingRound(expected);
        if (r >= round) return;
        throw compare.divergence(r < 0
                ? "(no replayed line has this form; the replay is at round " + round + ")"
                : "(nothing more in round " + r + "; the replay went on to round " + round + ")");
    }

    /** N for a line starting {@code {"round":N,}, or -1 when it does not start like a replayed record. */
    static int leadingRound(String line) {
        String prefix = "{\"round\":";
        if (!line.startsWith(prefix)) return -1;
        long n = 0;
        int i = prefix.length();
        int start = i;
        while (i < line.length() && line.charAt(i) >= '0' && line.charAt(i) <= '9' && i - start < 11) {
            n = n * 10 + (line.charAt(i) - '0');
            i++;
        }
        if (i == start || n > Integer.MAX_VALUE || i >= line.length() || (line.charAt(i) != ',' && line.charAt(i) != '}')) return -1;
        return (int) n;
    }

    private static long headerInteger(String file, JsonValue.Num n, String key, long min, long max)
            throws ScenarioException {
        try {
            if (n.isIntegral()) {
                long x = Long.parseLong(n.text());
                if (x >= min && x <= max) return x;
            }
        } catch (NumberFormatException e) {
            // out of range: reported below
        }
        throw new ScenarioException(file + ":1:" + n.column() + ": " + n.path() + ": expected \"" + key
                + "\" to be an integer between " + min + " and " + max + ", found " + n.text());
    }
}
