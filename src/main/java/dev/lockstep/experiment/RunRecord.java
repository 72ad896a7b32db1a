package dev.lockstep.experiment;

import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import java.util.Map;

/**
 * One line of {@code runs.jsonl}: {@code {"point":"p3","params":{...},"seed":7,"measures":{...},"wallMs":12}}.
 * The wall time comes last, so that {@link #withoutWallTime} is the part two runs of the same
 * point and seed share on any machine and thread count.
 */
public record RunRecord(String point, long seed, JsonValue.Obj measures, String line) {
    static final String WALL = ",\"wallMs\":";

    /** The JSON line of a finished run. */
    static String line(GridPoint p, long seed, String measuresJson, long wallMs) {
        JsonWriter w = new JsonWriter();
        w.beginObject().field("point", p.id()).key("params").beginObject();
        for (Map.Entry<String, JsonValue> e : p.params().entrySet()) w.key(e.getKey()).value(e.getValue());
        w.endObject().field("seed", seed).key("measures").raw(measuresJson).field("wallMs", wallMs).endObject();
        return w.toString();
    }

    /** Parses a line; null if it is not a run record. */
    static RunRecord parse(String line) {
        try {
            if (JsonParser.parse(line) instanceof JsonValue.Obj o && o.get("point") instanceof JsonValue.Str p
                    && o.get("seed") instanceof JsonValue.Num s && s.isIntegral() && o.get("measures") instanceof JsonValue.Obj m) {
                return new RunRecord(p.value(), Long.parseLong(s.text()), m, line);
            }
        } catch (JsonParseException | NumberFormatException e) {
            // not a record: the caller says where
        }
        return null;
    }

    /** The line without its wall time: equal for the same point and seed wherever it ran. */
    public String withoutWallTime() {
        int at = line.lastIndexOf(WALL);
        return at < 0 ? line : line.substring(0, at) + "}";
    }

    /** The key of the run in the grid. */
    String key() {
        return key(point, seed);
    }

    static String key(String point, long seed) {
        return point + " seed " + seed;
    }
}
