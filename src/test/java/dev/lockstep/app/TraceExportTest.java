package dev.lockstep.app;

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
}
