package dev.lockstep.cli;

import dev.lockstep.debug.DebugRun;
import dev.lockstep.json.JsonWriter;
import java.io.PrintStream;
import java.util.List;

/** How {@code run --until} reports where it stopped: lines before the summary, or one JSON object around it. */
final class StopReport {
    private StopReport() {}

    /** Where the run stopped and the events up to there; the summary follows. */
    static void text(DebugRun.Result result, int rounds, PrintStream out) {
        if (result.stop().isEmpty()) {
            out.printf("not stopped: no condition held within %d rounds (%s)%n", rounds, String.join("; ", result.conditions()));
            return;
        }
        DebugRun.Stop stop = result.stop().get();
        out.printf("stopped at round %d, step %d: %s%n", stop.round(), stop.step(), stop.condition());
        out.printf("  holds after: %s%n", stop.event());
        List<DebugRun.Narrated> last = stop.narration();
        if (!last.isEmpty()) {
            out.printf("last %s:%n", last.size() == 1 ? "event" : last.size() + " events");
            for (DebugRun.Narrated x : last) out.printf("  round %-5d step %-7d %s%n", x.round(), x.step(), x.text());
        }
        if (stop.roundClosed()) out.printf("round %d ends at the stop (nodes not activated in it yet stay idle)%n", stop.round());
    }

    /** The conditions, the stop (null if none held) with its narration, and the summary; without conditions, the summary alone. */
    static JsonWriter json(DebugRun.Result result) {
        JsonWriter w = new JsonWriter();
        if (result.conditions().isEmpty()) {
            result.summary().writeJson(w, result.simulation());
            return w;
        }
        w.beginObject().key("until").beginArray();
        for (String t : result.conditions()) w.value(t);
        w.endArray().key("stop");
        if (result.stop().isEmpty()) {
            w.nullValue();
        } else {
            DebugRun.Stop stop = result.stop().get();
            w.beginObject().field("round", stop.round()).field("step", stop.step()).field("condition", stop.condition())
                    .field("event", stop.event()).field("roundClosed", stop.roundClosed()).key("narration").beginArray();
            for (DebugRun.Narrated x : stop.narration()) {
                w.beginObject().field("round", x.round()).field("step", x.step());
                if (x.node() != null) w.field("node", x.node());
                w.field("text", x.text()).endObject();
            }
            w.endArray().endObject();
        }
        w.key("summary");
        result.summary().writeJson(w, result.simulation());
        return w.endObject();
    }
}
