package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.lockstep.json.JsonParser;
import org.junit.jupiter.api.Test;

class FileKindTest {
    @Test
    void aFileDeclaresItsKindByItsFormat() {
        assertEquals(FileKind.SCENARIO, FileKind.of("{\n  \"format\": \"lockstep-scenario/1\",\n  \"delta\": 2\n}\n"));
        assertEquals(FileKind.SESSION, FileKind.of("{\"format\":\"lockstep-session/1\",\"inputs\":[]}\n"));
        assertEquals(FileKind.TRACE, FileKind.of("{\"format\":\"lockstep-trace/1\"}\n{\"round\":0,\"type\":\"end\"}\n"));
        assertEquals(FileKind.TRACE, FileKind.of("{\"format\":\"lockstep-trace/1\"}"));
        assertNull(FileKind.of("{\"format\":\"lockstep-trace/2\"}"));
        assertNull(FileKind.of("{\n  \"format\": \"lockstep-scenario/1\",,\n}"));
        assertNull(FileKind.of("[1, 2]\n"));
        assertNull(FileKind.of(""));
    }

    @Test
    void theFormatsAreTheOnesTheWritersWrite() {
        assertEquals(Scenario.FORMAT, FileKind.SCENARIO.format());
        assertEquals(TraceWriter.FORMAT, FileKind.TRACE.format());
        assertEquals("lockstep-session/1", FileKind.SESSION.format());
    }

    @Test
    void requireNamesTheKindExpected() throws Exception {
        FileKind.TRACE.require(JsonParser.parse("{\"format\":\"lockstep-trace/1\"}"), "t.jsonl:1");
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> FileKind.TRACE.require(JsonParser.parse("{\"format\":\"lockstep-session/1\"}"), "t.jsonl:1"));
        assertEquals("t.jsonl:1: not a trace: expected \"format\": \"lockstep-trace/1\"", e.getMessage());
        e = assertThrows(ScenarioException.class, () -> FileKind.SESSION.require(JsonParser.parse("[]"), "s.json"));
        assertEquals("s.json: not a session file: expected \"format\": \"lockstep-session/1\"", e.getMessage());
    }
}
