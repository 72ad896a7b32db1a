package dev.lockstep.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.protocol.lme.LmeVariant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The hand-written layout around JsonWriter's values: spaces only between items, never inside strings. */
class ScheduleJsonTest {

    @Test
    void spacingLeavesStringsAlone() {
        JsonWriter w = new JsonWriter().beginObject().field("a:b", "x, \"y\": z\\").field("n", 1)
                .key("pair").beginArray().value("u").value(2.5).endArray().endObject();
        assertEquals("{\"a:b\": \"x, \\\"y\\\": z\\\\\", \"n\": 1, \"pair\": [\"u\", 2.5]}", ScheduleJson.spaced(w));
    }

    @Test
    void namesWithQuotesAndSeparatorsSurviveTheScenario() {
        Simulation start = LmeStarts.start(LmeVariant.CORRECTED, 2, 1, List.of("x\"1", "y, z: 2"), new int[] {0, 1});
        ExplorationPath p = new Explorer(start, ExplorerSettings.defaults().withTarget("any", sim -> true)).run()
                .first("any").path();
        String scenario = p.toScenario("n", "lme", "{}", 0);
        assertTrue(scenario.contains("\"nodes\": [{\"id\": \"x\\\"1\", \"x\": 0, \"y\": 0}, {\"id\": \"y, z: 2\", \"x\": 4, \"y\": 1}],\n"),
                scenario);
        assertTrue(scenario.contains("\"edges\": [[\"x\\\"1\", \"y, z: 2\"]],\n"), scenario);
        assertTrue(scenario.contains("{\"round\": 0, \"node\": \"x\\\"1\", \"call\": \"lock\"}"), scenario);
    }
}
