package dev.lockstep.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.TraceWriter;
import dev.lockstep.session.Session;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What the window's File › Open makes of each kind of file, told apart by scenario.FileKind. */
class OpenByKindTest {
    static final Path RING = Path.of("sample-runs/ring-8.json");

    @Test
    void aScenarioStartsASessionAndASavedSessionComesBackAtItsRound() throws Exception {
        Session s = SessionFiles.open(RING, Session.Loading.NONE);
        assertEquals(0, s.simulation().round());
        s.runUntil(7);
        Session back = SessionFiles.open(s.toJson(), "saved.lockstep-session.json");
        assertEquals(7, back.simulation().round());
        assertEquals(s.simulation().round(), back.simulation().round());
    }

    @Test
    void aTraceOfManyLinesIsNamedAsATraceNotAsMalformedJson() throws Exception {
        Session s = SessionFiles.open(RING, Session.Loading.NONE);
        StringWriter out = new StringWriter();
        TraceWriter trace = new TraceWriter(out, s.scenario(), s.simulation(), 3);
        s.simulation().addListener(trace);
        s.runUntil(3);
        trace.finish();
        assertTrue(out.toString().lines().count() > 3, "a trace of several records");
        ScenarioException e = assertThrows(ScenarioException.class, () -> SessionFiles.open(out.toString(), "run.trace.jsonl"));
        assertEquals("run.trace.jsonl: this is a trace (lockstep-trace/1); open a scenario or a session file, "
                + "or check the trace with: java -jar lockstep.jar replay run.trace.jsonl", e.problems().get(0));
    }

    @Test
    void somethingElseGetsTheScenarioLoadersMessage() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> SessionFiles.open("{\"format\": \"x\"}\n", "x.json"));
        assertEquals("x.json:1:12: $.format: unsupported format \"x\"; expected \"lockstep-scenario/1\"", e.problems().get(0));
        assertTrue(Files.isRegularFile(RING));
    }
}
