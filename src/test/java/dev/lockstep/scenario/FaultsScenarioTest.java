package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.adversary.Engine;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Crashes and lost messages in scenario files: read, run, written to the trace and replayed byte for byte. */
class FaultsScenarioTest {
    private static String ring(String dynamics) throws Exception {
        String text = Files.readString(Path.of("sample-runs/ring-8.json"));
        return text.replace("\"workload\":", "\"dynamics\": " + dynamics + ",\n  \"workload\":");
    }

    private static List<String> trace(Scenario s, int rounds) {
        Engine engine = s.engine(s.seed());
        StringWriter out = new StringWriter();
        TraceWriter w = new TraceWriter(out, s, engine.simulation(), rounds);
        engine.simulation().addListener(w);
        engine.runUntil(rounds);
        w.finish();
        return List.of(out.toString().split("\n"));
    }

    @Test
    void aCrashAndALossRunAndReplayIdentically() throws Exception {
        Scenario s = ScenarioLoader.parse(ring("[{\"round\": 6, \"crash\": \"c\"},"
                + " {\"round\": 9, \"lose\": {\"from\": \"a\", \"to\": \"b\"}},"
                + " {\"round\": 9, \"lose\": {\"from\": \"e\", \"to\": \"f\", \"message\": \"nonsense\"}}]"), "faults.json");
        List<String> lines = trace(s, 40);
        String crash = lines.stream().filter(l -> l.contains("\"type\":\"crash\"")).findFirst().orElseThrow();
        assertTrue(crash.startsWith("{\"round\":6,"), crash);
        assertEquals(2, lines.stream().filter(l -> l.startsWith("{\"round\":6,\"type\":\"cut\"")).count(),
                "c's two ring links fail with it");
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("{\"round\":9,\"type\":\"refused\",\"change\":\"lose\"")
                && l.contains("\"message\":\"nonsense\"")), "no \"nonsense\" message is ever in transit");
        assertTrue(lines.stream().noneMatch(l -> l.contains("\"type\":\"action\",\"node\":\"c\"")
                && round(l) >= 6), "a crashed node never acts");

        TraceReplay.Result r = TraceReplay.replay(String.join("\n", lines) + "\n", "faults.jsonl");
        assertTrue(r.identical(), () -> r.differingLine() + ": " + r.actual());
        assertTrue(r.simulation().crashed(2));
    }

    @Test
    void aLossFoundInTransitIsTracedWithItsIdAndReplays() throws Exception {
        // every round with a message in transit from a to b is a candidate; find one deterministically
        Scenario plain = ScenarioLoader.parse(ring("[]"), "plain.json");
        List<String> base = trace(plain, 40);
        int round = -1;
        for (String l : base) {
            if (l.contains("\"type\":\"action\",\"node\":\"a\"") && l.contains("\"sent\":[") && l.contains("\"port\":1")) {
                round = round(l) + 1;
                break;
            }
        }
        assertTrue(round > 0, "a sends to b at some point");
        Scenario s = ScenarioLoader.parse(ring("[{\"round\": " + round + ", \"lose\": {\"from\": \"a\", \"to\": \"b\"}}]"), "lose.json");
        List<String> lines = trace(s, 40);
        int r0 = round;
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("{\"round\":" + r0 + ",\"type\":\"lose\",\"id\":")
                && l.contains("\"from\":\"a\",\"to\":\"b\"")), "the loss is traced: " + r0);
        TraceReplay.Result r = TraceReplay.replay(String.join("\n", lines) + "\n", "lose.jsonl");
        assertTrue(r.identical(), () -> r.differingLine() + ": " + r.actual());
    }

    @Test
    void badFaultsAreNamedAtTheirPlace() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse(ring("[{\"round\": 3, \"lose\": {\"from\": \"a\"}}]"), "bad.json"));
        assertTrue(e.getMessage().contains("missing \"to\": the receiving node"), e.getMessage());
        assertTrue(e.getMessage().contains("bad.json:"), e.getMessage());
        e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse(ring("[{\"round\": 3, \"crash\": \"zz\"}]"), "bad.json"));
        assertTrue(e.getMessage().contains("zz"), e.getMessage());
        e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse(ring("[{\"round\": 3, \"crash\": \"a\", \"cut\": [\"a\", \"b\"]}]"), "bad.json"));
        assertTrue(e.getMessage().contains("exactly one of \"cut\", \"link\", \"move\", \"crash\" or \"lose\""), e.getMessage());
    }

    private static int round(String line) {
        return TraceReplay.leadingRound(line);
    }
}
