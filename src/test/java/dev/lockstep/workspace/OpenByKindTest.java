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

    @Test
    void aDgsGraphOpensAsAScenarioOfItsTopologyAndDynamics(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path dgs = dir.resolve("triangle.dgs");
        Files.writeString(dgs, "DGS004\ntriangle 0 0\nst 0\nan a x=0 y=0\nan b x=2 y=0\nan c x=1 y=2\nae ab a b\nae bc b c\n"
                + "st 3\nae ca c a\nst 5\nde ab\n");
        Session s = SessionFiles.open(dgs, Session.Loading.NONE);
        assertEquals("triangle", s.scenario().name());
        assertEquals(3, s.simulation().nodeCount());
        assertEquals(2, s.scenario().delta(), "Δ: the largest degree in the file");
        s.runUntil(1); // round 0 links the initial graph
        assertEquals(2, s.simulation().graph().edgeCount(), "two edges at step 0");
        s.runUntil(4);
        assertEquals(3, s.simulation().graph().edgeCount(), "c-a linked in round 3");
        s.runUntil(6);
        assertEquals(2, s.simulation().graph().edgeCount(), "a-b cut in round 5");

        Files.writeString(dgs, "DGS004\nbad 0 0\nst x\n");
        ScenarioException e = assertThrows(ScenarioException.class, () -> SessionFiles.open(dgs, Session.Loading.NONE));
        assertTrue(e.problems().get(0).startsWith(dgs.toString() + ": "), e.problems()::toString);
    }
}
