package dev.lockstep.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.ScenarioLoader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** LME's trials and open trials (Sec. 4: open while no node of L(u) is locked), as a sweep measures them. */
class OpenTrialsTest {
    /** A path u – v – w; v locks first and holds its locks, u asks meanwhile. */
    private static final String PATH = """
            {
              "format": "lockstep-scenario/1",
              "protocol": "lme",
              "params": {"K": 64},
              "delta": 2,
              "seed": 3,
              "scheduler": {"policy": "synchronous"},
              "nodes": [{"id": "u"}, {"id": "v"}, {"id": "w"}],
              "edges": [["u", "v"], ["v", "w"]],
              "workload": [%s]
            }
            """;

    private static JsonValue.Obj measure(String calls) throws Exception {
        JsonWriter w = new JsonWriter();
        Measures.run(ScenarioLoader.parse(PATH.formatted(calls), "path.json"), 3, 80,
                List.of("locksAcquired", "trials", "openTrials", "broadcastsByType"), w);
        return (JsonValue.Obj) JsonParser.parse(w.toString());
    }

    private static long count(JsonValue.Obj m, String key) {
        return (long) ((JsonValue.Num) m.get(key)).doubleValue();
    }

    /** A lone request wins its first trial, which nothing locked disturbs: one trial, open. */
    @Test
    void aLoneRequestWinsOneOpenTrial() throws Exception {
        JsonValue.Obj m = measure("{\"round\": 1, \"node\": \"u\", \"call\": \"lock\", \"hold\": 3}");
        assertEquals(1, count(m, "locksAcquired"));
        assertEquals(1, count(m, "trials"));
        assertEquals(1, count(m, "openTrials"));
    }

    /**
     * v holds its locks from round 1 for 30 rounds; u's trials meanwhile find v locked (by itself)
     * and are closed; u wins once v has unlocked, in an open trial. So two open trials (v's and
     * u's winning one), and the rest of u's trials closed.
     */
    @Test
    void trialsWhileANeighbourIsLockedAreClosed() throws Exception {
        JsonValue.Obj m = measure("{\"round\": 1, \"node\": \"v\", \"call\": \"lock\", \"hold\": 30},"
                + " {\"round\": 8, \"node\": \"u\", \"call\": \"lock\", \"hold\": 3}");
        assertEquals(2, count(m, "locksAcquired"));
        assertEquals(2, count(m, "openTrials"));
        assertTrue(count(m, "trials") > 2, "u's trials while v held its locks: " + m);
        assertEquals(count((JsonValue.Obj) m.get("broadcastsByType"), "request-lock"), count(m, "trials"),
                "every trial ended by round 80, and each began with a request-lock broadcast");
    }
}
