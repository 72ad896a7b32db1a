package dev.lockstep.workspace;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.TraceReplay;
import dev.lockstep.session.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A trace of KRL or KRLF, static or with a node moving away, replays byte for byte. */
class KrlTraceTest {
    @ParameterizedTest
    @ValueSource(strings = {"krl-figure-2-static.json", "krl-figure-3-link-failure.json", "krlf-figure-5-forwarding.json"})
    void aWrittenTraceReplaysExactly(String sample, @TempDir Path dir) throws Exception {
        Session s = Session.start(ScenarioLoader.load(Path.of("sample-runs", sample)), 11);
        s.runUntil(40);
        Path trace = dir.resolve("t.jsonl");
        SessionFiles.exportTrace(s, trace);
        String text = Files.readString(trace);
        assertTrue(text.contains("\"protocol\":\"krl"), "the trace names its protocol");
        assertTrue(text.contains("msg\":\"Token("), "tokens moved");
        assertTrue(text.contains("\"action\":\"LinkChange\""), "links formed");
        TraceReplay.Result r = TraceReplay.verify(trace);
        assertTrue(r.identical(), "diverges at line " + r.differingLine() + ":\n" + r.expected() + "\n" + r.actual());
    }
}
