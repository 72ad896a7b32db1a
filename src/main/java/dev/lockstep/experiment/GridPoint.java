package dev.lockstep.experiment;

import dev.lockstep.json.JsonValue;
import java.util.Map;

/**
 * One point of a sweep's grid.
 *
 * @param index    its place in grid order (the first axis varies slowest), from 0
 * @param id       {@code p1}, {@code p2}, ...: its scenario is {@code DIR/points/<id>.json}
 * @param params   axis name → value, in the axes' order
 * @param scenario the point's scenario file text: the base with each axis's value in place
 */
public record GridPoint(int index, String id, Map<String, JsonValue> params, String scenario) {
    /** The directory of a sweep's point scenarios. */
    public static final String DIRECTORY = "points";

    public static String id(int index) {
        return "p" + (index + 1);
    }

    /** The parameters as the messages print them: {@code K = 4, protocol = "lme"}. */
    public static String describe(Map<String, JsonValue> params) {
        return params.isEmpty() ? "no axes" : params.entrySet().stream()
                .map(e -> e.getKey() + " = " + new dev.lockstep.json.JsonWriter().value(e.getValue()))
                .collect(java.util.stream.Collectors.joining(", "));
    }

    /** {@code DIR/points/<id>.json}. */
    public static java.nio.file.Path file(java.nio.file.Path dir, String id) {
        return dir.resolve(DIRECTORY).resolve(id + ".json");
    }
}
