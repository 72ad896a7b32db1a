package dev.lockstep.workspace;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.TraceReplay;
import dev.lockstep.session.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/** A trace of Lamport's LogicalTimeME, steady or stalled by a cut, replays byte for byte. */
class LamportTraceTest {
    @ParameterizedTest
    @ValueSource(strings = {"lamport-complete-5.json", "lamport-cut-link-stall.json"})
    void aWrittenTraceReplaysExactly(String sample, @TempDir Path dir) throws Exception {
        Session s = Session.start(ScenarioLoader.load(Path.of("sample-runs", sample)), 11);
        s.runUntil(120);
        Path trace = dir.resolve("t.jsonl");
        SessionFiles.exportTrace(s, trace);
        String text = Files.readString(trace);
        assertTrue(text.contains("\"protocol\":\"lamport\""), "the trace names its protocol");
        assertTrue(text.contains("msg\":\"ack("), "tries were acked");
        // the steady run completes critical sections; in the stalled one nobody gets to exit
        assertTrue(text.contains("\"action\":\"Rem\"") == sample.contains("complete"), "Rem in " + sample);
        TraceReplay.Result r = TraceReplay.verify(trace);
        assertTrue(r.identical(), "diverges at line " + r.differingLine() + ":\n" + r.expected() + "\n" + r.actual());
    }
}
