package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.Manual;
import dev.lockstep.core.adversary.NodeChoice;
import dev.lockstep.core.adversary.Policies;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.Scripted;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.adversary.Tuning;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchedulerJsonTest {
    private static String json(SchedulerPolicy p) {
        JsonWriter w = new JsonWriter();
        SchedulerJson.write(w, p);
        return w.toString();
    }

    @Test
    void eachPolicyIsWrittenWithItsKnobsInOrder() {
        assertEquals("{\"policy\":\"synchronous\",\"choice\":\"any\"}", json(new Synchronous(NodeChoice.ANY)));
        assertEquals("{\"policy\":\"sequential\",\"choice\":\"effective\"}", json(new Sequential()));
        assertEquals("{\"policy\":\"semi-synchronous\",\"activation\":0.25,\"choice\":\"effective\"}",
                json(new SemiSynchronous(0.25)));
        assertEquals("{\"policy\":\"asynchronous\",\"activation\":0.5,\"maxDuration\":4,\"choice\":\"any\"}",
                json(new Asynchronous(0.5, 4, NodeChoice.ANY)));
        assertEquals("{\"policy\":\"manual\"}", json(new Manual()));
        assertThrows(IllegalArgumentException.class, () -> json(new Scripted(List.of(), null)));
        assertFalse(SchedulerJson.writable(new Scripted(List.of(), new Manual())));
        assertTrue(SchedulerJson.writable(new Manual()));
    }

    @Test
    void whatIsWrittenReadsBackAsTheSamePolicy() throws Exception {
        for (SchedulerPolicy p : List.of(new Synchronous(NodeChoice.ANY), new Sequential(), new SemiSynchronous(0.25),
                new Asynchronous(0.75, 2, NodeChoice.ANY), new Manual())) {
            assertEquals(p, ScenarioLoader.policy(JsonParser.parse(json(p)), "t.json"));
        }
    }

    @Test
    void aPolicyKeepsItsKnobsAndTakesTheOthersFromTheFallback() {
        Tuning fallback = new Tuning(0.3, 7, NodeChoice.ANY);
        assertEquals(new Tuning(0.3, 7, NodeChoice.EFFECTIVE), new Synchronous().tuning(fallback));
        assertEquals(new Tuning(0.9, 7, NodeChoice.EFFECTIVE), new SemiSynchronous(0.9).tuning(fallback));
        assertEquals(new Tuning(0.9, 2, NodeChoice.EFFECTIVE), new Asynchronous(0.9, 2).tuning(fallback));
        assertEquals(fallback, new Manual().tuning(fallback));
        assertEquals(fallback, new Scripted(List.of(), null).tuning(fallback));
        assertEquals(new Tuning(0.3, 7, NodeChoice.EFFECTIVE), new Scripted(List.of(), new Sequential()).tuning(fallback));
        assertEquals(new Asynchronous(0.3, 7, NodeChoice.ANY), Policies.randomized("asynchronous", fallback));
        assertEquals(new Sequential(NodeChoice.ANY), Policies.randomized("sequential", fallback));
        assertNull(Policies.randomized("manual", fallback));
        assertNull(Policies.randomized("scripted", fallback));
    }
}
