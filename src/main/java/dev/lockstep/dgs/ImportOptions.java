package dev.lockstep.dgs;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a DGS file does not say about a scenario: the protocol, Δ, seed, rounds, and any other
 * top-level scenario fields as JSON text ({@code "scheduler" -> {"policy": "synchronous"}},
 * {@code "workload" -> {"lock": 0.3, "hold": 2}}, {@code "params"}, {@code "checks"}, ...).
 *
 * @param name     the scenario's name; null: the DGS file's name
 * @param protocol the protocol's scenario name ({@code lme}, {@code ricart-agrawala})
 * @param delta    Δ; null: the largest degree the graph reaches in the file (at least 1)
 * @param seed     null: the scenario format's default
 * @param rounds   null: the format's default, or one more than the last step if that is later
 * @param fields   further top-level fields, name to JSON text, placed in the format's field order
 */
public record ImportOptions(String name, String protocol, Integer delta, Long seed, Integer rounds, Map<String, String> fields) {
    public ImportOptions {
        fields = Map.copyOf(fields);
    }

    /** LME, Δ from the file, the format's defaults for the rest. */
    public static ImportOptions defaults() {
        return new ImportOptions(null, "lme", null, null, null, Map.of());
    }

    public ImportOptions withName(String n) {
        return new ImportOptions(n, protocol, delta, seed, rounds, fields);
    }

    public ImportOptions withProtocol(String p) {
        return new ImportOptions(name, p, delta, seed, rounds, fields);
    }

    public ImportOptions withDelta(Integer d) {
        return new ImportOptions(name, protocol, d, seed, rounds, fields);
    }

    public ImportOptions withSeed(Long s) {
        return new ImportOptions(name, protocol, delta, s, rounds, fields);
    }

    public ImportOptions withRounds(Integer r) {
        return new ImportOptions(name, protocol, delta, seed, r, fields);
    }

    /** With one more top-level field, {@code json} being its value as JSON text. */
    public ImportOptions withField(String field, String json) {
        Map<String, String> more = new LinkedHashMap<>(fields);
        more.put(field, json);
        return new ImportOptions(name, protocol, delta, seed, rounds, more);
    }
}
