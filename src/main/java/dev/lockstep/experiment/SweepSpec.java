package dev.lockstep.experiment;

import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.TextFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A sweep specification ({@code lockstep-sweep-spec/1}): the base scenario, the axes of the grid,
 * the seeds run at every point, the rounds and the measures. Problems are reported as the
 * scenario loader reports them: {@code file:line:col: $.path: what is wrong}.
 *
 * @param file     the spec as given
 * @param base     the base scenario file, resolved against the spec's directory
 * @param graph    the generated graph's fields ({@link GraphGenerator}), or null to keep the base's graph
 * @param axes     in the spec's order: the first varies slowest
 * @param seeds    in the spec's order, distinct
 * @param rounds   rounds of every run, or null for the base scenario's
 * @param measures the measures to record, in {@link Measures#KNOWN}'s order (default: {@link Measures#ALL}, which leaves
 *                 out the application's)
 */
public record SweepSpec(String file, Path base, Map<String, JsonValue> graph, List<Axis> axes, List<Long> seeds, Integer rounds,
                        List<String> measures) {
    static final List<String> FIELDS = List.of("$schema", "name", "base", "graph", "axes", "seeds", "rounds", "measures");
    /** More runs than this in one spec is almost certainly a typo (a count with three zeros too many). */
    static final long MAX_RUNS = 100_000_000L;

    public static SweepSpec load(Path path) throws ScenarioException {
        return parse(TextFile.read(path), path.toString(), path.toAbsolutePath().getParent());
    }

    /** A spec's text; problems name {@code file}, and {@code base} is resolved against {@code dir} (e.g. a spec edited in a window). */
    public static SweepSpec parse(String text, String file, Path dir) throws ScenarioException {
        JsonValue root;
        try {
            root = JsonParser.parse(text);
        } catch (JsonParseException e) {
            throw new ScenarioException(e.describe(file));
        }
        Reader r = new Reader(file);
        SweepSpec spec = r.spec(root, dir);
        r.throwIfAny();
        return spec;
    }

    /** The number of runs: points × seeds. */
    public long runCount() {
        long points = 1;
        for (Axis a : axes) points *= a.values().size();
        return points * seeds.size();
    }

    /** Reads the spec's tree, collecting every problem. */
    private static final class Reader {
        private final String file;
        private final List<String> problems = new ArrayList<>();

        Reader(String file) {
            this.file = file;
        }

        void add(JsonValue at, String message) {
            problems.add(file + ":" + at.line() + ":" + at.column() + ": " + at.path() + ": " + message);
        }

        void throwIfAny() throws ScenarioException {
            if (!problems.isEmpty()) throw new ScenarioException(problems);
        }

        SweepSpec spec(JsonValue rootValue, Path dir) throws ScenarioException {
            if (!(rootValue instanceof JsonValue.Obj root)) {
                add(rootValue, "expected a sweep spec (an object), found " + rootValue.typeName());
                throwIfAny();
                return null;
            }
            for (String key : root.members().keySet()) {
                if (!FIELDS.contains(key)) add(root.get(key), "unknown field \"" + key + "\"; expected one of: " + String.join(", ", FIELDS.subList(1, FIELDS.size())));
            }
            Path base = null;
            JsonValue b = root.get("base");
            if (b == null) {
                add(root, "missing \"base\" (the base scenario file, relative to the spec's directory)");
            } else if (!(b instanceof JsonValue.Str s) || s.value().isEmpty()) {
                add(b, "expected the base scenario file (a non-empty string), found " + b.typeName());
            } else {
                base = dir == null ? Path.of(s.value()) : dir.resolve(s.value()).normalize();
            }
            Map<String, JsonValue> graph = root.has("graph") ? graph(root.get("graph")) : null;
            List<Axis> axes = root.has("axes") ? axes(root.get("axes"), graph != null) : List.of();
            List<Long> seeds = root.has("seeds") ? seeds(root.get("seeds")) : List.of(1L);
            Integer rounds = null;
            if (root.has("rounds")) {
                Long n = integer(root.get("rounds"), "rounds", 0, Integer.MAX_VALUE - 1);
                rounds = n == null ? null : (int) (long) n;
            }
            List<String> measures = root.has("measures") ? measures(root.get("measures")) : Measures.ALL;
            throwIfAny();
            SweepSpec spec = new SweepSpec(file, base, graph, axes, seeds, rounds, measures);
            if (spec.runCount() > MAX_RUNS) add(root, "the grid has " + spec.runCount() + " runs, more than " + MAX_RUNS);
            return spec;
        }

        private Map<String, JsonValue> graph(JsonValue v) {
            Map<String, JsonValue> fields = new LinkedHashMap<>();
            if (!(v instanceof JsonValue.Obj o)) {
                add(v, "expected the graph generator (an object such as {\"generator\": \"unit-disk\", \"nodes\": 30, \"meanDegree\": 6}), found " + v.typeName());
                return fields;
            }
            if (!o.has("generator")) add(o, "missing \"generator\": " + String.join(" or ", GraphGenerator.KINDS));
            for (var e : o.members().entrySet()) {
                String problem = GraphGenerator.problem(e.getKey(), e.getValue());
                if (problem != null) add(e.getValue(), problem);
                else fields.put(e.getKey(), e.getValue());
            }
            return fields;
        }

        private List<Axis> axes(JsonValue v, boolean graph) {
            if (!(v instanceof JsonValue.Obj o)) {
                add(v, "expected the axes (an object from axis name to its list of values), found " + v.typeName());
                return List.of();
            }
            List<Axis> axes = new ArrayList<>();
            Set<String> pointers = new HashSet<>();
            for (var e : o.members().entrySet()) {
                String name = e.getKey();
                String pointer = Axis.pointerOf(name);
                if (pointer == null) {
                    add(e.getValue(), "unknown axis \"" + name + "\"; expected one of: " + String.join(", ", Axis.NAMES.keySet())
                            + ", a JSON pointer into the scenario such as \"/params/K\", or graph.FIELD (a field of the spec's \"graph\")");
                    continue;
                }
                if (pointer.equals("/") || pointer.contains("//") || pointer.endsWith("/")) {
                    add(e.getValue(), "axis \"" + name + "\": a JSON pointer names a field, e.g. \"/workload/lock\"");
                    continue;
                }
                if (!pointers.add(pointer)) add(e.getValue(), "axis \"" + name + "\" sets " + pointer + ", which another axis sets too");
                if (Axis.isGraph(name) && !graphAxis(name, e.getValue(), graph)) continue;
                if (!(e.getValue() instanceof JsonValue.Arr a)) {
                    add(e.getValue(), "expected the values of axis \"" + name + "\" (an array), found " + e.getValue().typeName());
                } else if (a.size() == 0) {
                    add(a, "axis \"" + name + "\" has no values; give at least one");
                } else {
                    axes.add(new Axis(name, pointer, a.items()));
                }
            }
            return axes;
        }

        /** A {@code graph.FIELD} axis: the spec must generate a graph, and each value must suit the field. */
        private boolean graphAxis(String name, JsonValue values, boolean graph) {
            if (!graph) {
                add(values, "axis \"" + name + "\" varies the generated graph, but the spec has no \"graph\"");
                return false;
            }
            boolean ok = true;
            if (values instanceof JsonValue.Arr a) {
                for (JsonValue item : a.items()) {
                    String problem = GraphGenerator.problem(name.substring(Axis.GRAPH.length()), item);
                    if (problem != null) {
                        add(item, problem);
                        ok = false;
                    }
                }
            }
            return ok;
        }

        private List<Long> seeds(JsonValue v) {
            List<Long> seeds = new ArrayList<>();
            if (v instanceof JsonValue.Obj o) {
                for (String key : o.members().keySet()) {
                    if (!key.equals("from") && !key.equals("count")) add(o.get(key), "unknown field \"" + key + "\"; expected from, count");
                }
                if (!o.has("count")) add(o, "missing \"count\" (how many seeds)");
                Long from = o.has("from") ? integer(o.get("from"), "the first seed", Long.MIN_VALUE, Long.MAX_VALUE) : Long.valueOf(1);
                Long count = o.has("count") ? integer(o.get("count"), "the seed count", 1, MAX_RUNS) : null;
                if (from == null || count == null) return seeds;
                if (count - 1 > Long.MAX_VALUE - from) {
                    add(o, "seeds from " + from + " count " + count + " go past the largest seed");
                    return seeds;
                }
                for (long i = 0; i < count; i++) seeds.add(from + i);
            } else if (v instanceof JsonValue.Arr a) {
                if (a.size() == 0) add(a, "expected at least one seed");
                for (JsonValue item : a.items()) {
                    Long s = integer(item, "a seed", Long.MIN_VALUE, Long.MAX_VALUE);
                    if (s == null) continue;
                    if (seeds.contains(s)) add(item, "seed " + s + " is given twice");
                    else seeds.add(s);
                }
            } else {
                add(v, "expected the seeds: {\"from\": 1, \"count\": 5} or a list of integers, found " + v.typeName());
            }
            return seeds;
        }

        private List<String> measures(JsonValue v) {
            if (!(v instanceof JsonValue.Arr a) || a.size() == 0) {
                add(v, "expected the measures (a non-empty array of names)");
                return Measures.ALL;
            }
            Set<String> wanted = new HashSet<>();
            for (JsonValue item : a.items()) {
                if (item instanceof JsonValue.Str s && Measures.KNOWN.contains(s.value())) {
                    wanted.add(s.value());
                } else {
                    add(item, "unknown measure " + (item instanceof JsonValue.Str s ? "\"" + s.value() + "\"" : item.typeName())
                            + "; expected one of: " + String.join(", ", Measures.KNOWN));
                }
            }
            return Measures.KNOWN.stream().filter(wanted::contains).toList();
        }

        private Long integer(JsonValue v, String what, long min, long max) {
            if (!(v instanceof JsonValue.Num n) || !n.isIntegral()) {
                add(v, "expected " + what + " (an integer), found " + (v instanceof JsonValue.Num n ? n.text() : v.typeName()));
                return null;
            }
            try {
                long x = Long.parseLong(n.text());
                if (x >= min && x <= max) return x;
            } catch (NumberFormatException e) {
                // out of range: reported below
            }
            add(v, "expected " + what + " between " + min + " and " + max + ", found " + n.text());
            return null;
        }
    }
}
