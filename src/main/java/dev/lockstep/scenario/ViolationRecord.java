package dev.lockstep.scenario;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.Violation;
import dev.lockstep.json.JsonWriter;

/**
 * A violation as a trace record. Its own class because two writers share it: the trace writes one
 * as the violation happens, and the closing summary (also the {@code run --json} output) lists
 * them again in the same shape.
 */
final class ViolationRecord {
    private ViolationRecord() {}

    static void write(JsonWriter w, Violation v, Simulation sim) {
        w.beginObject().field("round", v.round()).field("type", "violation").field("check", v.check())
                .key("nodes").beginArray();
        for (int u : v.nodes()) w.value(sim.nodeName(u));
        w.endArray().field("message", v.message()).endObject();
    }
}
