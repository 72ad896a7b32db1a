package dev.lockstep.workspace;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.TraceReplay;
import dev.lockstep.session.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A session that switches between semi-synchronous and asynchronous scheduling still exports a replayable trace. */
class TraceExportTest {
    @Test
    void aTraceOfASessionThatChangedPolicyReplaysExactly(@TempDir Path dir) throws Exception {
        Session s = Session.start(ScenarioLoader.load(Path.of("sample-runs", "ring-8.json")), 3);
        s.runUntil(10);
        s.policy(new Asynchronous(0.7, 3));
        s.runUntil(40);
        s.policy(new Synchronous());
        s.runUntil(60);
        Path trace = dir.resolve("t.jsonl");
        SessionFiles.exportTrace(s, trace);
        String text = Files.readString(trace);
        assertTrue(text.contains("\"type\":\"start\""), "the asynchronous part has start records");
        assertTrue(text.contains("\"started\":"), "and commits");
        TraceReplay.Result r = TraceReplay.verify(trace);
        assertTrue(r.identical(), "diverges at line " + r.differingLine() + ":\n" + r.expected() + "\n" + r.actual());
    }

    /** Manual mode: the exported trace holds every hand-made choice (fixed draws too) and replays exactly. */
    @Test
    void aTraceOfAManualSessionReplaysExactly(@TempDir Path dir) throws Exception {
        Session s = Session.start(ScenarioLoader.load(Path.of("sample-runs", "ring-8.json")), 5);
        s.runUntil(8);
        s.policy(new dev.lockstep.core.adversary.Manual());
        int fixed = 0;
        for (int k = 0; k < 120 && s.round() < 30; k++) {
            s.beginRound();
            var options = s.simulation().choices();
            if (options.isEmpty() || k % 7 == 6) {
                s.stepRound();
                continue;
            }
            var c = options.get((k * 5) % options.size());
            int[] bounds = s.simulation().drawBounds(c);
            if (bounds.length > 0) {
                int[] draws = new int[bounds.length];
                for (int i = 0; i < draws.length; i++) draws[i] = bounds[i] - 1; // the highest: not what the stream would draw every time
                c = c.withDraws(draws);
                fixed++;
            }
            s.execute(c);
        }
        s.stepRound();
        long executions = s.simulation().executionsBegun();
        assertTrue(executions > 20, "hand-made executions: " + executions);
        assertTrue(fixed > 0, "some choice drew a value and it was fixed");
        Path trace = dir.resolve("manual.jsonl");
        SessionFiles.exportTrace(s, trace);
        TraceReplay.Result r = TraceReplay.verify(trace);
        assertTrue(r.identical(), "diverges at line " + r.differingLine() + ":\n" + r.expected() + "\n" + r.actual());
        org.junit.jupiter.api.Assertions.assertEquals(executions, r.simulation().executionsBegun(), "every choice is in the trace");
    }
}
