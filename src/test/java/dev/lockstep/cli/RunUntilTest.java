package dev.lockstep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.cli.MainTest.Result;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Variable;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run SCENARIO --until CONDITION} and the ShiViz export on the command line. */
class RunUntilTest {
    static final String RING = "sample-runs/ring-8.json";
    static final String FLAW1 = "sample-runs/flaw-1-two-node-deadlock.json";
    static final String FLAW2 = "sample-runs/flaw-2-stuck-in-win.json";
    static final Pattern STOPPED = Pattern.compile("^stopped at round (\\d+), step (\\d+): (.*)\n  holds after: (.*)$");
    static final Pattern LISTED = Pattern.compile("^  round (\\d+) +step (\\d+) +(.*)$");

    /** LME on a ring of 6 with asynchronous executions: stops can fall between an execution's start and its effect. */
    static final String ASYNC = """
            {"format": "lockstep-scenario/1", "name": "async ring", "protocol": "lme", "delta": 2, "seed": 3, "rounds": 120,
             "scheduler": {"policy": "asynchronous", "activation": 0.6, "maxDuration": 3},
             "nodes": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}, {"id": "e"}, {"id": "f"}],
             "edges": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["e", "f"], ["f", "a"]],
             "churn": {"cut": 0.05, "link": 0.3, "until": 80},
             "workload": {"lock": 0.3, "hold": 2}}
            """;

    @TempDir
    Path dir;

    static Result run(String... args) {
        return MainTest.run(args);
    }

    Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    /** The reference: a session stepped by hand until the state after a step satisfies {@code holds}. */
    record Reached(int round, long step, History history, int stepEnd) {}

    static Reached firstStepWhere(Scenario scenario, Predicate<Simulation> holds) {
        Session s = Session.start(scenario);
        while (s.round() < scenario.rounds()) {
            int round = s.round();
            if (!s.midRound()) s.beginRound();
            else s.stepAction(1);
            if (holds.test(s.simulation())) return new Reached(round, s.simulation().executionsBegun(), s.history(), s.history().size() - 1);
        }
        throw new AssertionError("never holds");
    }

    static String value(Simulation sim, String node, String variable) {
        for (Variable v : sim.state(sim.indexOf(node)).variables()) if (v.name().equals(variable)) return v.value();
        throw new AssertionError(variable);
    }

    static Matcher stopLine(Result r) {
        List<String> lines = r.out().lines().toList();
        Matcher m = STOPPED.matcher(lines.size() < 2 ? "" : lines.get(0) + "\n" + lines.get(1));
        assertTrue(m.matches(), () -> "first line says where it stopped: " + r);
        return m;
    }

    /** The listed events: their round, step and text. */
    static List<String[]> listed(Result r) {
        List<String[]> out = new ArrayList<>();
        for (String line : r.out().lines().toList()) {
            Matcher m = LISTED.matcher(line);
            if (m.matches()) out.add(new String[] {m.group(1), m.group(2), m.group(3)});
        }
        return out;
    }

    // ------------------------------------------------------------------ where it stops, what it prints

    @Test
    void aStateConditionStopsAfterTheFirstStepWhereItHoldsAndNarratesTheLastEvents() throws Exception {
        Scenario ring = ScenarioLoader.load(Path.of(RING));
        Reached want = firstStepWhere(ring, sim -> value(sim, "c", "state").equals("locked"));
        Result r = run("run", RING, "--until", "c.state = locked");
        assertEquals(ExitCode.OK, r.code(), r::toString);
        assertEquals("", r.err());
        Matcher m = stopLine(r);
        assertEquals(want.round(), Integer.parseInt(m.group(1)), r::toString);
        assertEquals(want.step(), Long.parseLong(m.group(2)), r::toString);
        assertEquals("c.state = locked", m.group(3));
        // the narration: the last ten events of the history up to the step (violations aside), oldest first
        List<History.Event> last = new ArrayList<>();
        List<History.Event> events = want.history().events().subList(0, want.stepEnd() + 1);
        for (int i = events.size() - 1; i >= 0 && last.size() < 10; i--) {
            if (!(events.get(i) instanceof History.Violated)) last.add(0, events.get(i));
        }
        List<String[]> shown = listed(r);
        assertTrue(r.out().contains("\nlast 10 events:\n"), r::toString);
        assertEquals(last.size(), shown.size(), r::toString);
        Simulation sim = Session.start(ring).simulation();
        for (int i = 0; i < last.size(); i++) {
            History.Event e = last.get(i);
            assertEquals(String.valueOf(e.round()), shown.get(i)[0]);
            assertEquals(String.valueOf(e.step()), shown.get(i)[1]);
            if (e instanceof History.Executed x) assertEquals(x.narration(), shown.get(i)[2]);
            if (e instanceof History.Called c) assertTrue(shown.get(i)[2].endsWith(" at " + sim.nodeName(c.node())), shown.get(i)[2]);
        }
        assertTrue(shown.get(shown.size() - 1)[2].startsWith("c ran "), "the stop's own execution comes last: " + r);
        assertEquals(shown.get(shown.size() - 1)[2], m.group(4), "the stop line names the event");
        // the run stops there: the summary counts the rounds up to the stop's
        assertTrue(r.out().contains("\nround " + want.round() + " ends at the stop"), r::toString);
        assertTrue(r.out().contains("\nrounds       " + (want.round() + 1) + "\n"), r::toString);
        assertTrue(r.out().contains("\nactions      " + want.step() + "\n"), r::toString);
    }

    /** README, flaw 1: in round 7 each node's CheckPriorities sends win(true) to itself. */
    @Test
    void anEventConditionStopsAtItsEvent() {
        Result r = run("run", FLAW1, "--until", "sent win(true) by y");
        Matcher m = stopLine(r);
        assertEquals("7", m.group(1), r::toString);
        assertEquals("sent win(true) by y", m.group(3));
        assertTrue(m.group(4).startsWith("y ran CheckPriorities"), r::toString);
        List<String[]> shown = listed(r);
        assertEquals(m.group(4), shown.get(shown.size() - 1)[2]);
        assertEquals(m.group(2), shown.get(shown.size() - 1)[1], "the listed step is the stop's");
    }

    /** Flaw 2: the cut in round 12 loses y's ack-lock and x deadlocks; the narration shows the cut. */
    @Test
    void aViolationStopsTheRunWithExitOneAndTheCutIsNarrated() {
        Result r = run("run", FLAW2, "--until", "violation");
        assertEquals(ExitCode.VIOLATION, r.code(), r::toString);
        Matcher m = stopLine(r);
        assertEquals("12", m.group(1), r::toString);
        assertEquals("violation", m.group(3));
        assertTrue(m.group(4).startsWith("violation of deadlock: "), r::toString);
        List<String[]> shown = listed(r);
        String last = shown.get(shown.size() - 1)[2];
        assertTrue(last.startsWith("cut x–y") && last.contains("lost in transit: ack-lock() y→x"), r::toString);
    }

    /** An application's checks (Sec. 6) are checks of the run like the protocol's: a condition may name them. */
    @Test
    void aConditionMayNameAnApplicationsCheck() {
        Result r = run("run", "sample-runs/majority-without-locks-moving-16.json", "--until", "violation majority-invariant");
        assertEquals(ExitCode.VIOLATION, r.code(), r::toString);
        Matcher m = stopLine(r);
        assertEquals("3", m.group(1), r::toString);
        assertTrue(m.group(4).startsWith("violation of majority-invariant: #A − #B is 7, was 6 at the start"), r::toString);
        Result unknown = run("run", FLAW2, "--until", "violation isolation");
        assertEquals(ExitCode.BAD_INPUT, unknown.code(), unknown::toString);
        assertTrue(unknown.err().contains("isolation"), unknown::toString);
    }

    @Test
    void timeConditionsStopInRoundsWhereNothingHappens() {
        Result r = run("run", FLAW2, "--until", "round >= 20");
        Matcher m = stopLine(r);
        assertEquals("20", m.group(1), r::toString);
        assertEquals("round 20 begins", m.group(4));
        Result w = run("run", FLAW2, "--until", "wait > 30");
        assertEquals("31", stopLine(w).group(1), "x's request of round 0 has waited 31 rounds in round 31: " + w);
    }

    @Test
    void severalConditionsStopAtTheEarliest() {
        Result r = run("run", FLAW2, "--until", "violation", "--until=x.state = win");
        Matcher m = stopLine(r);
        assertEquals("9", m.group(1), "x enters win in round 9 (README), before the deadlock of round 12: " + r);
        assertEquals("x.state = win", m.group(3));
        Result or = run("run", FLAW2, "--until", "violation or x.state = win");
        assertEquals(r.out(), or.out(), "two --until are one condition joined by or");
    }

    @Test
    void aConditionThatNeverHoldsSaysSoAndExitsAsAPlainRun() {
        Result r = run("run", RING, "--rounds", "30", "--until", "round >= 1000", "--until", "c.state = no-such-state");
        assertEquals(ExitCode.OK, r.code(), r::toString);
        assertTrue(r.out().startsWith("not stopped: no condition held within 30 rounds (round >= 1000; c.state = no-such-state)\n"), r::toString);
        Result plain = run("run", RING, "--rounds", "30");
        assertTrue(r.out().endsWith(plain.out()), "then the same summary as without --until: " + r);

        Result v = run("run", FLAW2, "--until", "x.state = locked");
        assertEquals(ExitCode.VIOLATION, v.code(), "a violated check still exits 1: " + v);
        assertTrue(v.out().startsWith("not stopped: no condition held within 60 rounds (x.state = locked)\n"), v::toString);
        assertTrue(v.out().contains("deadlock"), v::toString);
    }

    @Test
    void malformedConditionsExitWithTwoNamingTheArgumentAndColumn() {
        record Case(String condition, int column, String expected) {}
        for (Case c : List.of(new Case("round >= soon", 10, "expected a round number after \"round >=\" (a whole number ≥ 0), found \"soon\""),
                new Case("q.state = locked", 1, "unknown node \"q\" (nodes: a, b, c, d, e, f, g, h; * for any node)"),
                new Case("a.stte = locked", 3, "unknown variable \"stte\" (variables: lock, state, phase"),
                new Case("violation deadlok", 11, "unknown check \"deadlok\" (checks: mutual-exclusion"),
                new Case("sent win(true) by", 18, "expected a node after \"by\""),
                new Case("c.state = locked or", 20, "expected a condition after \"or\""))) {
            Result r = run("run", RING, "--until", c.condition());
            assertEquals(ExitCode.BAD_INPUT, r.code(), r::toString);
            assertEquals("", r.out(), "nothing runs: " + r);
            List<String> err = r.err().lines().toList();
            assertEquals("lockstep: run: --until \"" + c.condition() + "\": at column " + c.column() + ": ", err.get(0).substring(0,
                    Math.min(err.get(0).length(), ("lockstep: run: --until \"" + c.condition() + "\": at column " + c.column() + ": ").length())), r::toString);
            assertTrue(err.get(0).contains(c.expected()), r::toString);
            assertEquals("  " + c.condition(), err.get(1), "the condition, then a caret under the column: " + r);
            assertEquals("  " + " ".repeat(c.column() - 1) + "^", err.get(2), r::toString);
        }
        Result none = run("run", RING, "--until");
        assertEquals(ExitCode.BAD_INPUT, none.code());
        assertTrue(none.err().contains("run: --until needs a value"), none::toString);
    }

    // ------------------------------------------------------------------ traces and JSON

    /** The trace of a run stopped by --until ends at the stop and replays exactly, wherever the stop falls. */
    @Test
    void aTraceWrittenWithUntilReplaysExactly() throws Exception {
        Path async = write("async.json", ASYNC);
        record Case(String scenario, String condition) {}
        for (Case c : List.of(new Case(RING, "c.state = locked"), new Case(RING, "received ack-lock by e"),
                new Case(RING, "round >= 37"), new Case(FLAW1, "violation deadlock"), new Case(FLAW2, "round >= 20"),
                new Case("sample-runs/ricart-agrawala-complete-5.json", "p3.region = crit"),
                new Case("sample-runs/grid-5x5-churn.json", "sent set-lock"),
                new Case(async.toString(), "sent win(true)"), new Case(async.toString(), "*.state = locked"),
                new Case(async.toString(), "wait > 6"), new Case(async.toString(), "round = 50"))) {
            Path trace = dir.resolve("t.jsonl");
            Result r = run("run", c.scenario(), "--until", c.condition(), "--trace", trace.toString());
            Matcher m = stopLine(r);
            int stopRound = Integer.parseInt(m.group(1));
            List<String> lines = Files.readAllLines(trace, StandardCharsets.UTF_8);
            JsonValue.Obj header = assertInstanceOf(JsonValue.Obj.class, JsonParser.parse(lines.get(0)));
            assertEquals(String.valueOf(stopRound + 1), ((JsonValue.Num) header.get("rounds")).text(), "the trace's rounds end with the stop's: " + c);
            for (String line : lines.subList(1, lines.size())) {
                JsonValue.Obj rec = (JsonValue.Obj) JsonParser.parse(line);
                assertTrue(Integer.parseInt(((JsonValue.Num) rec.get("round")).text()) <= stopRound + 1, line);
            }
            Result replay = run("replay", trace.toString());
            assertEquals(ExitCode.OK, replay.code(), () -> c + "\n" + replay);
            assertEquals("trace reproduced exactly: " + lines.size() + " records, " + (stopRound + 1) + " rounds\n", replay.out(), c::toString);
        }
    }

    @Test
    void jsonGivesTheStopTheNarrationAndTheSummary() throws Exception {
        Result text = run("run", FLAW1, "--until", "sent win(true) by y");
        Result r = run("run", FLAW1, "--until", "sent win(true) by y", "--json");
        assertEquals(1, r.out().lines().count(), r::toString);
        JsonValue.Obj o = MainTest.json(r.out());
        JsonValue.Arr until = assertInstanceOf(JsonValue.Arr.class, o.get("until"));
        assertEquals("sent win(true) by y", ((JsonValue.Str) until.get(0)).value());
        JsonValue.Obj stop = assertInstanceOf(JsonValue.Obj.class, o.get("stop"));
        Matcher m = stopLine(text);
        assertEquals(m.group(1), ((JsonValue.Num) stop.get("round")).text());
        assertEquals(m.group(2), ((JsonValue.Num) stop.get("step")).text());
        assertEquals(m.group(3), ((JsonValue.Str) stop.get("condition")).value());
        assertEquals(m.group(4), ((JsonValue.Str) stop.get("event")).value());
        JsonValue.Arr narration = assertInstanceOf(JsonValue.Arr.class, stop.get("narration"));
        List<String[]> shown = listed(text);
        assertEquals(shown.size(), narration.size());
        for (int i = 0; i < shown.size(); i++) {
            JsonValue.Obj n = (JsonValue.Obj) narration.get(i);
            assertEquals(shown.get(i)[2], ((JsonValue.Str) n.get("text")).value());
            assertEquals(shown.get(i)[1], ((JsonValue.Num) n.get("step")).text());
        }
        JsonValue.Obj summary = assertInstanceOf(JsonValue.Obj.class, o.get("summary"));
        assertEquals(Long.parseLong(m.group(1)) + 1, MainTest.integer(summary, "rounds"));

        JsonValue.Obj never = MainTest.json(run("run", FLAW1, "--rounds", "5", "--until", "round >= 9", "--json").out());
        assertInstanceOf(JsonValue.Null.class, never.get("stop"));
    }

    // ------------------------------------------------------------------ ShiViz

    @Test
    void theShiVizExportIsTheSameFromARunATraceOrAScenario() throws Exception {
        Path trace = dir.resolve("t.jsonl");
        Path fromRun = dir.resolve("run.log");
        assertEquals(ExitCode.OK, run("run", RING, "--rounds", "40", "--trace", trace.toString(), "--shiviz", fromRun.toString()).code());
        Result fromTrace = run("shiviz", trace.toString());
        assertEquals(ExitCode.OK, fromTrace.code(), fromTrace::toString);
        assertEquals(Files.readString(fromRun), fromTrace.out());
        Result fromScenario = run("shiviz", RING, "--rounds", "40");
        assertEquals(fromTrace.out(), fromScenario.out());
        Path out = dir.resolve("o.log");
        assertEquals(ExitCode.OK, run("shiviz", trace.toString(), "-o", out.toString()).code());
        assertEquals(fromTrace.out(), Files.readString(out));
        assertTrue(fromTrace.out().startsWith("(?<event>"), "the parser comes first");

        // with --until, the export ends where the run stopped
        Path stopped = dir.resolve("stopped.log");
        Result r = run("run", FLAW2, "--until", "violation", "--shiviz", stopped.toString());
        assertEquals(ExitCode.VIOLATION, r.code(), r::toString);
        String log = Files.readString(stopped);
        assertTrue(log.contains("violation of deadlock"), log);
        assertFalse(log.contains("[round 13,"), "nothing after the stop's round: " + log);
    }

    @Test
    void shivizRejectsBadInput() throws Exception {
        Path trace = dir.resolve("t.jsonl");
        run("run", RING, "--rounds", "5", "--trace", trace.toString());
        Result seed = run("shiviz", trace.toString(), "--seed", "3");
        assertEquals(ExitCode.BAD_INPUT, seed.code());
        assertTrue(seed.err().contains("--seed and --rounds apply to a scenario"), seed::toString);
        Result missing = run("shiviz", dir.resolve("nope.jsonl").toString());
        assertEquals(ExitCode.BAD_INPUT, missing.code(), missing::toString);
        Path bad = write("bad.json", "{\"format\": \"lockstep-scenario/1\", \"protocol\": \"lme\"}");
        Result badScenario = run("shiviz", bad.toString());
        assertEquals(ExitCode.BAD_INPUT, badScenario.code(), badScenario::toString);
        assertTrue(badScenario.err().contains("bad.json"), badScenario::toString);
        Result none = run("shiviz");
        assertEquals(ExitCode.BAD_INPUT, none.code());
        assertTrue(none.err().contains("shiviz: expected one trace or scenario file"), none::toString);
    }
}
