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
 * @param bySeed   with a graph drawn for each run ({@code "graph": {"seed": "run"}}), the scenario
 *                 text of each seed, in the seeds' order, and {@code scenario} is empty; else empty
 */
public record GridPoint(int index, String id, Map<String, JsonValue> params, String scenario, Map<Long, String> bySeed) {
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

    /** The scenario file of this point's run with {@code seed}: {@code DIR/points/<id>.json}, or {@code DIR/points/<id>/s<seed>.json} with a graph per run. */
    public java.nio.file.Path file(java.nio.file.Path dir, long seed) {
        return bySeed.isEmpty() ? file(dir, id) : dir.resolve(DIRECTORY).resolve(id).resolve("s" + seed + ".json");
    }

    /** The scenario text of this point's run with {@code seed}. */
    public String scenario(long seed) {
        return bySeed.isEmpty() ? scenario : bySeed.get(seed);
    }

    /** Every scenario file of the point and its text, in the seeds' order. */
    public Map<java.nio.file.Path, String> files(java.nio.file.Path dir) {
        if (bySeed.isEmpty()) return Map.of(file(dir, id), scenario);
        Map<java.nio.file.Path, String> files = new java.util.LinkedHashMap<>();
        for (var e : bySeed.entrySet()) files.put(file(dir, e.getKey()), e.getValue());
        return files;
    }
}
