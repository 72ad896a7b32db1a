package dev.lockstep.scenario;

import dev.lockstep.core.Action;
import dev.lockstep.core.Call;
import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Requirements;
import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.Churn;
import dev.lockstep.core.adversary.NodeChoice;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.Scripted;
import dev.lockstep.core.adversary.ScriptedWorkload;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.adversary.TopologyEvent;
import dev.lockstep.core.adversary.UnitDisk;
import dev.lockstep.core.adversary.Workload;
import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.protocol.ProtocolFactory;
import dev.lockstep.protocol.ProtocolParams;
import dev.lockstep.protocol.Protocols;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads and validates scenario files; every problem names the file, line, column and JSON path. */
public final class ScenarioLoader {
    static final List<String> FIELDS = List.of("format", "name", "protocol", "params", "delta", "seed", "rounds",
            "scheduler", "channels", "ports", "nodes", "edges", "unitDisk", "dynamics", "churn", "workload", "checks");
    static final List<String> POLICIES = List.of("synchronous", "semi-synchronous", "sequential", "asynchronous",
            "scripted", "manual");
    /** The editors' pointer to the scenario format's JSON Schema: accepted at the top level, then ignored. */
    public static final String SCHEMA_KEY = "$schema";
    public static final int DEFAULT_ROUNDS = 1000;
    public static final int MAX_NODES = 5_000_000;
    /** A unit-disk node may have up to this many times Δ others in range (see unitDiskDensity). */
    static final int CROWD_FACTOR = 4;

    private ScenarioLoader() {}

    public static Scenario load(Path path) throws ScenarioException {
        return parse(read(path), path.toString());
    }

    /** The file's text as strict UTF-8, or a ScenarioException naming the file. */
    public static String read(Path path) throws ScenarioException {
        try {
            byte[] bytes = Files.readAllBytes(path);
            requireUtf8(bytes);
            // the String constructor would replace bad bytes silently, hence the check first; it
            // keeps ASCII text at a byte per character, where a decoded CharBuffer takes two
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ScenarioException(path + ": no such file");
        } catch (CharacterCodingException e) {
            throw new ScenarioException(path + ": not a UTF-8 text file");
        } catch (IOException e) {
            throw new ScenarioException(path + ": cannot read (" + e.getMessage() + ")");
        }
    }

    /** Strict UTF-8, checked through a small buffer so that a large file is not held twice more while checked. */
    private static void requireUtf8(byte[] bytes) throws CharacterCodingException {
        java.nio.charset.CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(bytes);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(8192);
        while (true) {
            java.nio.charset.CoderResult r = decoder.decode(in, out, true);
            if (r.isError()) r.throwException();
            out.clear();
            if (r.isUnderflow()) break;
        }
        java.nio.charset.CoderResult r = decoder.flush(out);
        if (r.isError()) r.throwException();
    }

    public static Scenario parse(String text, String file) throws ScenarioException {
        JsonValue root;
        try {
            root = JsonParser.parse(text, nodeLimit("$"));
        } catch (JsonParseException e) {
            throw new ScenarioException(e.describe(file));
        }
        return fromJson(root, file);
    }

    /**
     * The node limit for a scenario at {@code scenarioPath} of a file ({@code "$"} for a scenario
     * file, {@code "$.scenario"} for one embedded in a session or a trace header): pass it to the
     * parser so that an oversized file stops at its node array instead of after a full parse.
     */
    public static JsonParser.Limit nodeLimit(String scenarioPath) {
        return new JsonParser.Limit(scenarioPath + ".nodes", MAX_NODES, "at most " + MAX_NODES + " nodes are supported");
    }

    public static Scenario fromJson(JsonValue root, String file) throws ScenarioException {
        return new Reader(file).read(root);
    }

    /**
     * A scheduler object ({@code {"policy": "semi-synchronous", "activation": 0.5}}) outside a
     * scenario, e.g. from a session file. Scripted schedules are not allowed here.
     */
    public static dev.lockstep.core.adversary.SchedulerPolicy policy(JsonValue v, String file) throws ScenarioException {
        Reader r = new Reader(file);
        dev.lockstep.core.adversary.SchedulerPolicy p = r.scheduler(v, null, false);
        r.problems.throwIfAny();
        return p;
    }

    /** The scheduler object for a policy (the inverse of {@link #policy}); scripted policies are not written. */
    public static void writePolicy(dev.lockstep.json.JsonWriter w, dev.lockstep.core.adversary.SchedulerPolicy p) {
        w.beginObject().field("policy", p.name());
        if (p instanceof SemiSynchronous s) {
            w.field("activation", s.activation()).field("choice", s.nodeChoice().json());
        } else if (p instanceof Asynchronous a) {
            w.field("activation", a.activation()).field("maxDuration", a.maxDuration()).field("choice", a.nodeChoice().json());
        } else if (p instanceof Synchronous s) {
            w.field("choice", s.nodeChoice().json());
        } else if (p instanceof Sequential s) {
            w.field("choice", s.nodeChoice().json());
        } else if (p instanceof dev.lockstep.core.adversary.Manual) {
            // nothing else to say
        } else {
            throw new IllegalArgumentException("cannot write a " + p.name() + " policy");
        }
        w.endObject();
    }

    /** One validation pass; collects every problem before giving up. */
    private static final class Reader {
        final String file;
        final Problems problems;
        final Map<String, Integer> index = new HashMap<>();
        List<String> nodeNames = new ArrayList<>();
        /** Δ once read (0 before, or when invalid): the range of a scripted step's port. */
        int delta;

        Reader(String file) {
            this.file = file;
            this.problems = new Problems(file);
        }

        Scenario read(JsonValue rootValue) throws ScenarioException {
            JsonValue.Obj root = problems.object(rootValue, "a scenario");
            problems.throwIfAny();
            // "$schema" tells editors where the JSON Schema is (assets/schema); it is not part of the
            // scenario, so it is dropped here and never reaches traces, sessions or saved copies.
            if (root.get(SCHEMA_KEY) != null) problems.string(root.get(SCHEMA_KEY), "the JSON Schema's address");
            root = root.without(SCHEMA_KEY);
            JsonValue format = root.get("format");
            if (format == null) {
                problems.add(root, "missing \"format\"; expected \"" + Scenario.FORMAT + "\"");
            } else {
                String f = problems.string(format, "the format");
                if (f != null && !f.equals(Scenario.FORMAT)) {
                    problems.add(format, "unsupported format \"" + f + "\"; expected \"" + Scenario.FORMAT + "\"");
                }
            }
            problems.throwIfAny(); // a file of another format would only produce noise below
            problems.onlyKnown(root, FIELDS);

            String name = root.has("name") ? problems.string(root.get("name"), "the scenario name") : null;
            if (name == null) name = Path.of(file).getFileName().toString().replaceFirst("\\.json$", "");

            Protocol<?> protocol = protocol(root);
            // 0 = missing or invalid (already reported): the degree check below is skipped then
            int delta = (int) required(root, "delta", v -> problems.integer(v, "delta (ports per node)", 1, PortSet.MAX_DELTA), 0);
            this.delta = delta;
            long seed = root.has("seed") ? orElse(problems.integer(root.get("seed"), "the seed", Long.MIN_VALUE, Long.MAX_VALUE), 1L) : 1L;
            int rounds = root.has("rounds") ? (int) (long) orElse(problems.integer(root.get("rounds"), "rounds", 0, Integer.MAX_VALUE - 1), 0L) : DEFAULT_ROUNDS;

            nodes(root);
            int n = nodeNames.size();
            double[] x = new double[n];
            double[] y = new double[n];
            List<String> regions = positions(root, x, y, protocol);

            double unitDisk = 0;
            int[] edges = new int[0];
            if (root.has("edges") && root.has("unitDisk")) {
                problems.add(root.get("unitDisk"), "give either \"edges\" or \"unitDisk\", not both");
            } else if (root.has("unitDisk")) {
                Double r = problems.number(root.get("unitDisk"), "the unit-disk radius");
                if (r != null && !(r > 0)) problems.add(root.get("unitDisk"), "expected a positive radius, found " + r);
                else if (r != null) unitDisk = r;
                if (root.has("nodes") && !hasPositions(root)) {
                    problems.add(root.get("unitDisk"), "a unit-disk graph needs \"x\" and \"y\" for every node");
                } else if (unitDisk > 0 && delta > 0 && !problems.any()) {
                    unitDiskDensity(root, x, y, unitDisk, delta);
                }
            } else if (root.has("edges")) {
                edges = edges(root.get("edges"), delta);
            }

            ChannelDiscipline channels = channels(root, protocol);
            PortAssignment ports = PortAssignment.LOWEST;
            if (root.has("ports")) {
                String p = problems.string(root.get("ports"), "the port assignment");
                if (p != null) {
                    ports = PortAssignment.parse(p);
                    if (ports == null) {
                        problems.add(root.get("ports"), "unknown port assignment \"" + p + "\"; expected \"lowest\" or \"random\"");
                        ports = PortAssignment.LOWEST;
                    }
                }
            }
            SchedulerPolicy policy = root.has("scheduler") ? scheduler(root.get("scheduler"), protocol, true) : new Synchronous();
            List<TopologyEvent> dynamics = root.has("dynamics") ? dynamics(root.get("dynamics")) : List.of();
            Churn churn = root.has("churn") ? churn(root.get("churn")) : null;
            Workload workload = root.has("workload") ? workload(root.get("workload")) : null;
            CheckSettings checks = root.has("checks") ? checks(root.get("checks")) : CheckSettings.DEFAULTS;

            if (protocol != null && !problems.any()) requirements(root, protocol, edges, unitDisk, x, y);
            problems.throwIfAny();
            return new Scenario(file, root, name, protocol, delta, seed, rounds, policy, channels, ports, nodeNames,
                    x, y, regions, edges, unitDisk, dynamics, churn, workload, checks);
        }

        private static <T> T orElse(T value, T fallback) {
            return value != null ? value : fallback;
        }

        private long required(JsonValue.Obj o, String key, java.util.function.Function<JsonValue, Long> reader, long fallback) {
            JsonValue v = o.get(key);
            if (v == null) {
                problems.add(o, "missing \"" + key + "\"");
                return fallback;
            }
            Long r = reader.apply(v);
            return r == null ? fallback : r;
        }

        private Protocol<?> protocol(JsonValue.Obj root) {
            JsonValue v = root.get("protocol");
            if (v == null) {
                problems.add(root, "missing \"protocol\"; expected one of: " + String.join(", ", Protocols.names()));
                return null;
            }
            String name = problems.string(v, "the protocol");
            if (name == null) return null;
            ProtocolFactory factory = Protocols.byName(name);
            if (factory == null) {
                problems.add(v, "unknown protocol \"" + name + "\"; expected one of: " + String.join(", ", Protocols.names()));
                return null;
            }
            JsonValue.Obj params = null;
            if (root.has("params")) {
                params = problems.object(root.get("params"), "the protocol parameters");
                if (params != null && factory.parameters().isEmpty()) {
                    for (var e : params.members().entrySet()) {
                        problems.add(e.getValue(), "unknown field \"" + e.getKey() + "\": " + name
                                + " takes no parameters; expected \"params\": {}");
                    }
                } else if (params != null) {
                    problems.onlyKnown(params, factory.parameters());
                }
            }
            JsonValue.Obj p = params;
            JsonValue at = root.has("params") ? root.get("params") : root;
            try {
                return factory.create(new ProtocolParams() {
                    @Override
                    public int integer(String key, int defaultValue, int min, int max) {
                        if (p == null || !p.has(key)) return defaultValue;
                        Long x = problems.integer(p.get(key), "parameter " + key, min, max);
                        return x == null ? defaultValue : (int) (long) x;
                    }

                    @Override
                    public String choice(String key, String... allowed) {
                        if (p == null || !p.has(key)) return allowed[0];
                        String s = problems.string(p.get(key), "parameter " + key);
                        if (s != null && List.of(allowed).contains(s)) return s;
                        if (s != null) {
                            problems.add(p.get(key), "unknown " + key + " \"" + s + "\"; expected one of: "
                                    + String.join(", ", allowed));
                        }
                        return allowed[0];
                    }
                });
            } catch (IllegalArgumentException e) {
                problems.add(at, e.getMessage());
                return null;
            }
        }

        private void nodes(JsonValue.Obj root) {
            JsonValue v = root.get("nodes");
            if (v == null) {
                problems.add(root, "missing \"nodes\"; expected an array like [{\"id\": \"u\", \"x\": 0, \"y\": 0}]");
                return;
            }
            JsonValue.Arr arr = problems.array(v, "the nodes");
            if (arr == null) return;
            if (arr.size() == 0) problems.add(arr, "expected at least one node");
            if (arr.size() > MAX_NODES) problems.add(arr, "at most " + MAX_NODES + " nodes are supported");
            for (JsonValue item : arr.items()) {
                JsonValue.Obj node = problems.object(item, "a node");
                if (node == null) {
                    nodeNames.add("?" + nodeNames.size());
                    continue;
                }
                problems.onlyKnown(node, List.of("id", "x", "y", "region"));
                String id = node.has("id") ? problems.string(node.get("id"), "a node id") : null;
                if (!node.has("id")) problems.add(node, "missing \"id\"");
                if (id != null && id.isEmpty()) problems.add(node.get("id"), "a node id must not be empty");
                if (id != null && index.containsKey(id)) {
                    problems.add(node.get("id"), "duplicate node id \"" + id + "\"");
                }
                if (id == null) id = "?" + nodeNames.size();
                index.putIfAbsent(id, nodeNames.size());
                nodeNames.add(id);
            }
        }

        private static boolean hasPositions(JsonValue.Obj root) {
            if (!(root.get("nodes") instanceof JsonValue.Arr arr)) return false;
            for (JsonValue item : arr.items()) {
                if (!(item instanceof JsonValue.Obj o) || !o.has("x") || !o.has("y")) return false;
            }
            return true;
        }

        /** Reads x, y (or lays the nodes out on a circle when none has them) and regions. */
        private List<String> positions(JsonValue.Obj root, double[] x, double[] y, Protocol<?> protocol) {
            if (!(root.get("nodes") instanceof JsonValue.Arr arr)) return null;
            int n = x.length;
            boolean anyPosition = false;
            boolean anyRegion = false;
            for (JsonValue item : arr.items()) {
                if (item instanceof JsonValue.Obj o) {
                    anyPosition |= o.has("x") || o.has("y");
                    anyRegion |= o.has("region");
                }
            }
            List<String> regions = anyRegion ? new ArrayList<>() : null;
            for (int i = 0; i < arr.size() && i < n; i++) {
                if (!(arr.get(i) instanceof JsonValue.Obj o)) continue;
                if (anyPosition) {
                    for (String axis : List.of("x", "y")) {
                        if (!o.has(axis)) {
                            problems.add(o, "missing \"" + axis + "\" (give positions for every node or for none)");
                            continue;
                        }
                        Double d = problems.number(o.get(axis), "coordinate " + axis);
                        if (d != null) {
                            if (axis.equals("x")) x[i] = d;
                            else y[i] = d;
                        }
                    }
                } else {
                    // No positions at all: a circle, so a GUI can still draw the graph.
                    double a = 2 * Math.PI * i / n - Math.PI / 2;
                    x[i] = Math.round(Math.cos(a) * 1000) / 100.0;
                    y[i] = Math.round(Math.sin(a) * 1000) / 100.0;
                }
                if (regions != null) {
                    String r = o.has("region") ? problems.string(o.get("region"), "a region") : null;
                    if (!o.has("region")) problems.add(o, "missing \"region\" (give regions for every node or for none)");
                    regions.add(r == null ? "" : r);
                }
            }
            if (protocol != null && protocol.requirements().regions() && regions == null) {
                problems.add(root.get("nodes"), protocol.name() + " needs a \"region\" for every node");
            }
            return regions;
        }

        private Integer node(JsonValue v, String what) {
            String id = problems.string(v, what);
            if (id == null) return null;
            Integer u = index.get(id);
            if (u == null) {
                problems.add(v, "unknown node \"" + id + "\"" + knownNodes());
            }
            return u;
        }

        private String knownNodes() {
            if (nodeNames.size() > 12) return "";
            return " (nodes are: " + String.join(", ", nodeNames) + ")";
        }

        private int[] pair(JsonValue v, String what) {
            JsonValue.Arr a = problems.array(v, what);
            if (a == null) return null;
            if (a.size() != 2) {
                problems.add(a, "expected " + what + " as two node ids, like [\"u\", \"v\"]; found " + a.size() + " items");
                return null;
            }
            Integer u = node(a.get(0), "a node id");
            Integer w = node(a.get(1), "a node id");
            if (u == null || w == null) return null;
            if (u.equals(w)) {
                problems.add(a, "an edge needs two different nodes (port 0 is the node itself)");
                return null;
            }
            return new int[] {u, w};
        }

        private int[] edges(JsonValue v, int delta) {
            JsonValue.Arr arr = problems.array(v, "the edges");
            if (arr == null) return new int[0];
            int[] out = new int[2 * arr.size()];
            int k = 0;
            int[] degree = new int[nodeNames.size()];
            Set<Long> seen = new HashSet<>();
            for (JsonValue item : arr.items()) {
                int[] e = pair(item, "an edge");
                if (e == null) continue;
                long key = (long) Math.min(e[0], e[1]) << 32 | Math.max(e[0], e[1]);
                if (!seen.add(key)) {
                    problems.add(item, "duplicate edge " + nodeNames.get(e[0]) + "–" + nodeNames.get(e[1]));
                    continue;
                }
                for (int u : e) {
                    if (++degree[u] == delta + 1 && delta > 0) {
                        problems.add(item, "node \"" + nodeNames.get(u) + "\" has more than delta = " + delta
                                + " edges (ports 1.." + delta + " are all taken)");
                    }
                }
                out[k++] = e[0];
                out[k++] = e[1];
            }
            return java.util.Arrays.copyOf(out, k);
        }

        private ChannelDiscipline channels(JsonValue.Obj root, Protocol<?> protocol) {
            boolean fifoNeeded = protocol != null && protocol.requirements().fifo();
            if (!root.has("channels")) return fifoNeeded ? ChannelDiscipline.FIFO : ChannelDiscipline.UNORDERED;
            JsonValue v = root.get("channels");
            String s = problems.string(v, "the channel discipline");
            if (s == null) return ChannelDiscipline.UNORDERED;
            ChannelDiscipline c = ChannelDiscipline.parse(s);
            if (c == null) {
                problems.add(v, "unknown channel discipline \"" + s + "\"; expected \"unordered\" or \"fifo\"");
                return ChannelDiscipline.UNORDERED;
            }
            if (fifoNeeded && c != ChannelDiscipline.FIFO) {
                problems.add(v, protocol.name() + " needs FIFO channels; expected \"fifo\"");
            }
            return c;
        }

        private SchedulerPolicy scheduler(JsonValue v, Protocol<?> protocol, boolean top) {
            JsonValue.Obj o = problems.object(v, "the scheduler");
            if (o == null) return new Synchronous();
            String policy = o.has("policy") ? problems.string(o.get("policy"), "the scheduling policy") : null;
            if (!o.has("policy")) problems.add(o, "missing \"policy\"; expected one of: " + String.join(", ", POLICIES));
            if (policy == null) return new Synchronous();
            NodeChoice choice = NodeChoice.EFFECTIVE;
            if (o.has("choice")) {
                String c = problems.string(o.get("choice"), "the in-node choice");
                NodeChoice parsed = c == null ? null : NodeChoice.parse(c);
                if (c != null && parsed == null) {
                    problems.add(o.get("choice"), "unknown choice \"" + c + "\"; expected \"effective\" or \"any\"");
                }
                if (parsed != null) choice = parsed;
            }
            switch (policy) {
                case "synchronous" -> {
                    problems.onlyKnown(o, List.of("policy", "choice"));
                    return new Synchronous(choice);
                }
                case "sequential" -> {
                    problems.onlyKnown(o, List.of("policy", "choice"));
                    return new Sequential(choice);
                }
                case "manual" -> {
                    problems.onlyKnown(o, List.of("policy"));
                    return new dev.lockstep.core.adversary.Manual();
                }
                case "semi-synchronous" -> {
                    problems.onlyKnown(o, List.of("policy", "activation", "choice"));
                    return new SemiSynchronous(activation(o), choice);
                }
                case "asynchronous" -> {
                    problems.onlyKnown(o, List.of("policy", "activation", "maxDuration", "choice"));
                    int max = o.has("maxDuration")
                            ? (int) (long) orElse(problems.integer(o.get("maxDuration"), "maxDuration (rounds)", 1, 1_000_000), 1L)
                            : 3;
                    return new Asynchronous(activation(o), max, choice);
                }
                case "scripted" -> {
                    problems.onlyKnown(o, List.of("policy", "steps", "then"));
                    if (!top) problems.add(o, "a scripted schedule cannot be nested in \"then\"");
                    List<Scripted.Step> steps = o.has("steps") ? steps(o.get("steps"), protocol) : List.of();
                    if (!o.has("steps")) problems.add(o, "missing \"steps\"");
                    SchedulerPolicy then = o.has("then") ? scheduler(o.get("then"), protocol, false) : null;
                    return new Scripted(steps, then);
                }
                default -> {
                    problems.add(o.get("policy"), "unknown policy \"" + policy + "\"; expected one of: "
                            + String.join(", ", POLICIES));
                    return new Synchronous();
                }
            }
        }

        private double activation(JsonValue.Obj o) {
            if (!o.has("activation")) return 0.5;
            Double p = problems.probability(o.get("activation"), "the activation probability");
            if (p != null && p == 0) problems.add(o.get("activation"), "an activation probability of 0 never activates anyone");
            return p == null ? 0.5 : p;
        }

        private List<Scripted.Step> steps(JsonValue v, Protocol<?> protocol) {
            JsonValue.Arr arr = problems.array(v, "the scripted steps");
            if (arr == null) return List.of();
            List<String> labels = new ArrayList<>();
            if (protocol != null) for (Action<?> a : protocol.actions()) labels.add(a.label());
            List<Scripted.Step> out = new ArrayList<>();
            for (JsonValue item : arr.items()) {
                JsonValue.Obj o = problems.object(item, "a step");
                if (o == null) continue;
                problems.onlyKnown(o, List.of("round", "node", "action", "port", "message", "draws"));
                Long round = o.has("round") ? problems.integer(o.get("round"), "the step's round", 0, Integer.MAX_VALUE - 1) : null;
                if (!o.has("round")) problems.add(o, "missing \"round\"");
                Integer node = o.has("node") ? node(o.get("node"), "the step's node") : null;
                if (!o.has("node")) problems.add(o, "missing \"node\"");
                String action = o.has("action") ? problems.string(o.get("action"), "the action label") : null;
                if (!o.has("action")) problems.add(o, "missing \"action\"");
                if (action != null && protocol != null && !labels.contains(action)) {
                    problems.add(o.get("action"), "unknown action \"" + action + "\" of " + protocol.name()
                            + "; expected one of: " + String.join(", ", labels));
                }
                int maxPort = delta > 0 ? delta : PortSet.MAX_DELTA;
                int port = o.has("port") ? (int) (long) orElse(problems.integer(o.get("port"), "the port", 0, maxPort), -1L) : -1;
                String message = o.has("message") ? problems.string(o.get("message"), "the message label") : null;
                int[] draws = null;
                if (o.has("draws")) {
                    JsonValue.Arr d = problems.array(o.get("draws"), "the draws");
                    if (d != null) {
                        draws = new int[d.size()];
                        for (int i = 0; i < d.size(); i++) {
                            draws[i] = (int) (long) orElse(problems.integer(d.get(i), "a draw", 0, Integer.MAX_VALUE), 0L);
                        }
                    }
                }
                if (round != null && node != null && action != null) {
                    String where = file + ":" + item.line() + ":" + item.column() + ": " + item.path();
                    out.add(new Scripted.Step((int) (long) round, node, action, port, message, draws, where));
                }
            }
            return out;
        }

        private List<TopologyEvent> dynamics(JsonValue v) {
            JsonValue.Arr arr = problems.array(v, "the dynamics");
            if (arr == null) return List.of();
            List<TopologyEvent> out = new ArrayList<>();
            for (JsonValue item : arr.items()) {
                JsonValue.Obj o = problems.object(item, "a topology event");
                if (o == null) continue;
                Long round = o.has("round") ? problems.integer(o.get("round"), "the event's round", 0, Integer.MAX_VALUE - 1) : null;
                if (!o.has("round")) problems.add(o, "missing \"round\"");
                int kinds = (o.has("cut") ? 1 : 0) + (o.has("link") ? 1 : 0) + (o.has("move") ? 1 : 0);
                if (kinds != 1) {
                    problems.add(o, "expected exactly one of \"cut\", \"link\" or \"move\"");
                    continue;
                }
                String src = item.path();
                if (o.has("move")) {
                    problems.onlyKnown(o, List.of("round", "move", "to"));
                    Integer node = node(o.get("move"), "the moving node");
                    double[] to = null;
                    if (!o.has("to")) {
                        problems.add(o, "missing \"to\": the new position as [x, y]");
                    } else {
                        JsonValue.Arr t = problems.array(o.get("to"), "the new position [x, y]");
                        if (t != null && t.size() != 2) problems.add(t, "expected [x, y], found " + t.size() + " numbers");
                        else if (t != null) {
                            Double px = problems.number(t.get(0), "x");
                            Double py = problems.number(t.get(1), "y");
                            if (px != null && py != null) to = new double[] {px, py};
                        }
                    }
                    if (round != null && node != null && to != null) {
                        out.add(new TopologyEvent.Move((int) (long) round, node, to[0], to[1], src));
                    }
                } else {
                    boolean cut = o.has("cut");
                    problems.onlyKnown(o, List.of("round", cut ? "cut" : "link"));
                    int[] e = pair(o.get(cut ? "cut" : "link"), "the edge");
                    if (round != null && e != null) {
                        int r = (int) (long) round;
                        out.add(cut ? new TopologyEvent.Cut(r, e[0], e[1], src) : new TopologyEvent.Link(r, e[0], e[1], src));
                    }
                }
            }
            return out;
        }

        private Churn churn(JsonValue v) {
            JsonValue.Obj o = problems.object(v, "the churn");
            if (o == null) return null;
            problems.onlyKnown(o, List.of("cut", "link", "until"));
            double cut = o.has("cut") ? orElse(problems.probability(o.get("cut"), "the cut probability"), 0.0) : 0;
            double link = o.has("link") ? orElse(problems.probability(o.get("link"), "the link probability"), 0.0) : 0;
            int until = o.has("until")
                    ? (int) (long) orElse(problems.integer(o.get("until"), "the last churn round (until)", 0, Integer.MAX_VALUE), 0L)
                    : Integer.MAX_VALUE;
            return new Churn(cut, link, until);
        }

        private Workload workload(JsonValue v) {
            if (v instanceof JsonValue.Arr arr) {
                List<ScriptedWorkload.Entry> entries = new ArrayList<>();
                for (JsonValue item : arr.items()) {
                    JsonValue.Obj o = problems.object(item, "a call");
                    if (o == null) continue;
                    problems.onlyKnown(o, List.of("round", "node", "call", "hold"));
                    Long round = o.has("round") ? problems.integer(o.get("round"), "the call's round", 0, Integer.MAX_VALUE - 1) : null;
                    if (!o.has("round")) problems.add(o, "missing \"round\"");
                    Integer node = o.has("node") ? node(o.get("node"), "the calling node") : null;
                    if (!o.has("node")) problems.add(o, "missing \"node\"");
                    Call call = null;
                    if (!o.has("call")) {
                        problems.add(o, "missing \"call\"; expected \"lock\" or \"unlock\"");
                    } else {
                        String c = problems.string(o.get("call"), "the call");
                        call = c == null ? null : Call.parse(c);
                        if (c != null && call == null) {
                            problems.add(o.get("call"), "unknown call \"" + c + "\"; expected \"lock\" or \"unlock\"");
                        }
                    }
                    int hold = -1;
                    if (o.has("hold")) {
                        hold = (int) (long) orElse(problems.integer(o.get("hold"), "hold (rounds)", 0, Integer.MAX_VALUE), 0L);
                        if (call == Call.UNLOCK) problems.add(o.get("hold"), "\"hold\" belongs to a lock call");
                    }
                    if (round != null && node != null && call != null) {
                        entries.add(new ScriptedWorkload.Entry((int) (long) round, node, call, hold));
                    }
                }
                return new ScriptedWorkload(entries);
            }
            JsonValue.Obj o = problems.object(v, "the workload ({\"lock\": p, \"hold\": h} or a list of calls)");
            if (o == null) return null;
            problems.onlyKnown(o, List.of("lock", "hold", "until", "strayCalls"));
            double lock = o.has("lock") ? orElse(problems.probability(o.get("lock"), "the lock probability"), 0.0) : 0;
            if (!o.has("lock")) problems.add(o, "missing \"lock\": the probability that an idle node calls Lock in a round");
            int hold = o.has("hold") ? (int) (long) orElse(problems.integer(o.get("hold"), "hold (rounds)", 0, Integer.MAX_VALUE), 1L) : 1;
            int until = o.has("until")
                    ? (int) (long) orElse(problems.integer(o.get("until"), "the last round with new requests (until)", 0, Integer.MAX_VALUE), 0L)
                    : Integer.MAX_VALUE;
            // Calls LME's l. 2 tests turn away (Lock at a busy node, Unlock at one not locked): flaw 4.
            double stray = o.has("strayCalls") ? orElse(problems.probability(o.get("strayCalls"),
                    "the stray-call probability"), 0.0) : 0;
            return new RandomWorkload(lock, hold, until, stray);
        }

        private CheckSettings checks(JsonValue v) {
            JsonValue.Obj o = problems.object(v, "the check settings");
            if (o == null) return CheckSettings.DEFAULTS;
            problems.onlyKnown(o, List.of("lockoutBound"));
            int bound = o.has("lockoutBound")
                    ? (int) (long) orElse(problems.integer(o.get("lockoutBound"), "the lockout bound (rounds)", 1, Integer.MAX_VALUE),
                    (long) CheckSettings.DEFAULT_LOCKOUT_BOUND)
                    : CheckSettings.DEFAULT_LOCKOUT_BOUND;
            return new CheckSettings(bound);
        }

        /**
         * Refuses a layout where some node has more than {@link #CROWD_FACTOR}·Δ others in range:
         * at most Δ of its links can form, and enumerating the rest (tens of thousands of nodes at
         * one point) would take quadratic time. Denser than Δ but below that is allowed, as
         * before: the links beyond Δ are refused and reported when the run links the graph.
         */
        private void unitDiskDensity(JsonValue.Obj root, double[] x, double[] y, double radius, int delta) {
            int limit = CROWD_FACTOR * delta;
            int u = UnitDisk.crowded(x, y, radius, limit);
            if (u < 0) return;
            int inRange = 0;
            for (int v = 0; v < x.length; v++) if (v != u && UnitDisk.within(x[u], y[u], x[v], y[v], radius)) inRange++;
            problems.add(((JsonValue.Arr) root.get("nodes")).get(u), "node \"" + nodeNames.get(u) + "\" has " + inRange
                    + " other nodes within the unit-disk radius " + radius + ", more than " + CROWD_FACTOR + "Δ = " + limit
                    + " (Δ = " + delta + "): at most Δ of its links can form; spread the nodes out or shrink the radius");
        }

        private void requirements(JsonValue.Obj root, Protocol<?> protocol, int[] edges, double unitDisk,
                                  double[] x, double[] y) {
            Requirements req = protocol.requirements();
            if (!req.completeGraph()) return;
            int n = nodeNames.size();
            if (unitDisk > 0) {
                completeUnitDisk(root, protocol, x, y, unitDisk);
                return;
            }
            Set<Long> present = new HashSet<>();
            for (int i = 0; i < edges.length; i += 2) {
                present.add((long) Math.min(edges[i], edges[i + 1]) << 32 | Math.max(edges[i], edges[i + 1]));
            }
            for (int u = 0; u < n; u++) {
                for (int v = u + 1; v < n; v++) {
                    if (!present.contains((long) u << 32 | v)) {
                        missing(root, protocol, u, v);
                        return;
                    }
                }
            }
        }

        /**
         * A complete unit disk has every node within range of all others. The first node short of
         * that misses a partner above it (one below would have been short first), and its lowest
         * missing partner gives the first missing pair in (u, v) order.
         */
        private void completeUnitDisk(JsonValue.Obj root, Protocol<?> protocol, double[] x, double[] y, double radius) {
            int n = x.length;
            UnitDisk grid = UnitDisk.of(x, y, radius);
            for (int u = 0; u < n; u++) {
                if (grid.countWithin(u, n) == n - 1) continue;
                int[] above = grid.partnersAbove(u);
                int v = u + 1;
                for (int k = 0; k < above.length && above[k] == v; k++) v++;
                if (v < n) {
                    missing(root, protocol, u, v);
                    return;
                }
            }
        }

        private void missing(JsonValue.Obj root, Protocol<?> protocol, int u, int v) {
            JsonValue at = root.has("edges") ? root.get("edges") : root.has("unitDisk") ? root.get("unitDisk") : root;
            problems.add(at, protocol.name() + " needs a complete initial graph, but " + nodeNames.get(u)
                    + "–" + nodeNames.get(v) + " is missing");
        }
    }
}
