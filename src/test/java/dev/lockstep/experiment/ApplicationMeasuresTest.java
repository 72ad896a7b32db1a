package dev.lockstep.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.adversary.Engine;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.PopulationTexts;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.Summary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The application's sweep measures (Sec. 6): what {@code run --json} reports under
 * {@code "application"}, recorded only when a spec names them; the axes that reach the
 * application's fields.
 */
class ApplicationMeasuresTest {
    static final Path MAJORITY = Path.of("sample-runs/majority-with-locks-moving-16.json").toAbsolutePath();
    static final String[] LOCKS = {"neighbourhood", "pair", "none"};
    static final Set<String> APPLICATION_CHECKS = Set.of("isolation", "majority-invariant");

    @TempDir
    Path dir;

    /** n agents on a moving unit disk of about six neighbours each, LME, one agent more than half in the first opinion. */
    static String scenario(int n, long layout, long seed, int rounds, boolean exact, String locks, double interact, int hold) {
        String application = exact ? PopulationTexts.exact(n, locks, interact, hold) : PopulationTexts.approximate(n, locks, interact, hold);
        return PopulationTexts.scenario(n, layout, seed, rounds, "{\"policy\": \"semi-synchronous\", \"activation\": 0.7}", 0.2, application);
    }

    /** A sweep's application measures agree with {@code run --json}'s "application" and violations, over random runs. */
    @Property(tries = 25)
    void theMeasuresAreWhatRunJsonReports(
            @ForAll @IntRange(min = 4, max = 12) int n, @ForAll @IntRange(min = 0, max = 1000) int layout,
            @ForAll @IntRange(min = 1, max = 1000) int seed, @ForAll @IntRange(min = 0, max = 2) int locks,
            @ForAll @DoubleRange(min = 0.05, max = 0.9) double interact, @ForAll @IntRange(min = 0, max = 3) int hold,
            @ForAll boolean exact, @ForAll @IntRange(min = 40, max = 400) int rounds) throws Exception {
        String text = scenario(n, layout, seed, rounds, exact, LOCKS[locks], interact, hold);
        Scenario s = ScenarioLoader.parse(text, "random.json");
        JsonWriter w = new JsonWriter();
        Measures.run(s, seed, rounds, Measures.KNOWN, w);
        JsonValue.Obj m = (JsonValue.Obj) JsonParser.parse(w.toString());

        // run --json's summary of the same run (a fresh load: its own simulation)
        Engine engine = ScenarioLoader.parse(text, "random.json").engine(seed);
        engine.runUntil(rounds);
        JsonWriter sw = new JsonWriter();
        Summary.of(engine.simulation()).writeJson(sw, engine.simulation());
        JsonValue.Obj run = (JsonValue.Obj) JsonParser.parse(sw.toString());
        JsonValue.Obj app = (JsonValue.Obj) run.get("application");

        assertEquals(text(app.get("consensusRound")), text(m.get("consensusRound")));
        boolean agreed = !(app.get("consensusRound") instanceof JsonValue.Null);
        assertEquals(agreed ? 1 : 0, number(m, "converged"), "converged is whether they agree at the end");
        assertEquals(agreed && text(app.get("consensus")).equals(text(app.get("initialMajority"))) ? 1 : 0, number(m, "initialMajorityWon"));
        assertEquals(number(app, "interactions"), number(m, "interactions"));
        long ofApplication = 0;
        for (JsonValue v : ((JsonValue.Arr) run.get("violations")).items()) {
            if (APPLICATION_CHECKS.contains(((JsonValue.Str) ((JsonValue.Obj) v).get("check")).value())) ofApplication++;
        }
        assertEquals(ofApplication, number(m, "applicationViolations"));
        assertEquals(((JsonValue.Arr) run.get("violations")).size(), number(m, "violations"));
        assertTrue(number(m, "applicationViolations") <= number(m, "violations"));
        if (!LOCKS[locks].equals("none")) assertEquals(0, number(m, "applicationViolations"), "isolated interactions break nothing");
        if (number(run, "locksAcquired") > 0) {
            assertEquals(number(run, "meanWaitRounds"), Math.round(number(m, "meanWaitRounds") * 1000) / 1000.0, 0.0,
                    "the wait for a Lock is meanWaitRounds");
        } else {
            assertTrue(m.get("meanWaitRounds") instanceof JsonValue.Null, "no Lock acquired, no wait");
        }
    }

    @Test
    void aSweepOverTheLocksRecordsTheApplicationMeasuresAsked() throws Exception {
        Path spec = dir.resolve("spec.json");
        Files.writeString(spec, "{\"base\": \"" + MAJORITY + "\", \"axes\": {\"locks\": [\"neighbourhood\", \"none\"], \"interact\": [0.4],"
                + " \"appHold\": [1], \"mobility\": [{\"kind\": \"random-walk\", \"move\": 0.2, \"step\": 0.3}]},"
                + " \"seeds\": [15, 16], \"rounds\": 120, \"measures\": [\"applicationViolations\", \"converged\", \"meanWaitRounds\","
                + " \"consensusRound\", \"violations\", \"interactions\", \"initialMajorityWon\"]}");
        Path out = dir.resolve("out");
        SweepFixture.run(spec, out, 2, Shard.ALL);

        Scenario p2 = ScenarioLoader.load(GridPoint.file(out, "p2"));
        assertEquals("{\"kind\":\"exact-majority\",\"initial\":{\"A\":11,\"B\":5},\"locks\":\"none\",\"interact\":0.4,\"hold\":1}",
                new JsonWriter().value(p2.json().get("application")).toString(), "locks, interact and appHold reach /application");
        assertEquals("{\"kind\":\"random-walk\",\"move\":0.2,\"step\":0.3}", new JsonWriter().value(p2.json().get("mobility")).toString());

        List<RunRecord> records = RunLog.read(out.resolve(RunLog.FILE)).records();
        assertEquals(4, records.size());
        for (RunRecord r : records) {
            assertEquals(List.of("meanWaitRounds", "violations", "firstViolation", "consensusRound", "converged", "initialMajorityWon",
                    "interactions", "applicationViolations"), List.copyOf(r.measures().members().keySet()), "the fixed order: ALL's, then the application's");
            assertTrue(number(r.measures(), "interactions") > 0, r.line());
            if (r.point().equals("p2")) {
                // the baseline without locks breaks isolation at once (README: round 0 on this sample)
                assertTrue(number(r.measures(), "applicationViolations") > 0, r.line());
                assertTrue(r.measures().get("meanWaitRounds") instanceof JsonValue.Null, "no Lock, no wait: " + r.line());
            } else {
                assertEquals(0, number(r.measures(), "applicationViolations"), r.line());
                assertTrue(number(r.measures(), "meanWaitRounds") > 0, r.line());
            }
        }
        List<String> summary = Files.readAllLines(out.resolve(SummaryTable.FILE));
        assertTrue(summary.get(0).contains(",converged_mean,converged_sd,converged_ci95,initialMajorityWon_mean"), summary.get(0));
        assertTrue(summary.get(2).startsWith("p2,none,0.4,1,"), summary.get(2));
    }

    @Test
    void theDefaultMeasuresLeaveTheApplicationOut() throws Exception {
        Path spec = dir.resolve("spec.json");
        Files.writeString(spec, "{\"base\": \"" + MAJORITY + "\", \"seeds\": [15], \"rounds\": 30}");
        assertEquals(Measures.ALL, SweepSpec.load(spec).measures());
        Path out = dir.resolve("out");
        SweepFixture.run(spec, out, 1, Shard.ALL);
        RunRecord r = RunLog.read(out.resolve(RunLog.FILE)).records().get(0);
        List<String> expected = new ArrayList<>(Measures.ALL);
        expected.add(expected.indexOf("violations") + 1, "firstViolation");
        assertEquals(expected, List.copyOf(r.measures().members().keySet()), "an application base's default line is any other base's");
        for (String m : Measures.APPLICATION) assertFalse(Files.readAllLines(out.resolve(SummaryTable.FILE)).get(0).contains(m), m);
    }

    @Test
    void applicationMeasuresOfAPointWithoutAnApplicationAreRefused() throws Exception {
        Path spec = dir.resolve("spec.json");
        Files.writeString(spec, "{\"base\": \"" + MAJORITY + "\", \"axes\": {\"application\": [{\"kind\": \"exact-majority\","
                + " \"initial\": {\"A\": 9, \"B\": 7}}, null]}, \"seeds\": [1], \"rounds\": 10,"
                + " \"measures\": [\"locksAcquired\", \"converged\", \"consensusRound\"]}");
        ScenarioException e = assertThrows(ScenarioException.class, () -> SweepFixture.run(spec, dir.resolve("out"), 1, Shard.ALL));
        assertEquals(spec + ": point p2 (application = null) has no \"application\", but the measures ask for consensusRound, converged;"
                + " give the base scenario an application, or leave these measures out", e.getMessage());
        assertFalse(Files.exists(dir.resolve("out").resolve(RunLog.FILE)), "nothing ran");

        Files.writeString(spec, "{\"base\": \"" + MAJORITY + "\", \"measures\": [\"consensus-round\"]}");
        ScenarioException unknown = assertThrows(ScenarioException.class, () -> SweepSpec.load(spec));
        assertTrue(unknown.getMessage().contains("unknown measure \"consensus-round\"; expected one of: rounds, ")
                && unknown.getMessage().endsWith("broadcastsByType, consensusRound, converged, initialMajorityWon, interactions, applicationViolations"),
                unknown.getMessage());
    }

    private static double number(JsonValue.Obj o, String key) {
        return ((JsonValue.Num) o.get(key)).doubleValue();
    }

    private static String text(JsonValue v) {
        return new JsonWriter().value(v).toString();
    }
}
