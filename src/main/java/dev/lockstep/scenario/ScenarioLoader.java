package dev.lockstep.scenario;

import static dev.lockstep.scenario.Problems.orElse;

import dev.lockstep.application.amoebot.Amoebots;
import dev.lockstep.application.amoebot.Reach;
import dev.lockstep.core.Application;
import dev.lockstep.core.NeighbourhoodArea;
import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.adversary.AreaMoves;
import dev.lockstep.core.adversary.Churn;
import dev.lockstep.core.adversary.LinkChanges;
import dev.lockstep.core.adversary.RandomWalk;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.adversary.TopologyEvent;
import dev.lockstep.core.adversary.Workload;
import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/** Reads and validates scenario files; every problem names the file, line, column and JSON path. */
public final class ScenarioLoader {
    static final List<String> FIELDS = List.of("format", "name", "protocol", "params", "delta", "seed", "rounds",
            "scheduler", "channels", "ports", "nodes", "edges", "unitDisk", "dynamics", "churn", "linkChanges", "workload", "checks", "areas",
            "areaMoves", "mobility", "application");
    static final List<String> POLICIES = SchedulerJson.POLICIES;
    /** The editors' pointer to the scenario format's JSON Schema: accepted at the top level, then ignored. */
    public static final String SCHEMA_KEY = "$schema";
    public static final int DEFAULT_ROUNDS = 1000;
    public static final int MAX_NODES = TopologyReader.MAX_NODES;

    private ScenarioLoader() {}

    public static Scenario load(Path path) throws ScenarioException {
        return parse(read(path), path.toString());
    }

    /** The file's text as strict UTF-8, or a ScenarioException naming the file: {@link TextFile#read}. */
    public static String read(Path path) throws ScenarioException {
        return TextFile.read(path);
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
        return TopologyReader.nodeLimit(scenarioPath);
    }

    public static Scenario fromJson(JsonValue root, String file) throws ScenarioException {
        return validate(root, file, new Problems(file));
    }

    /**
     * A scheduler object ({@code {"policy": "semi-synchronous", "activation": 0.5}}) outside a
     * scenario, e.g. from a session file. Scripted schedules are not allowed here.
     */
    public static SchedulerPolicy policy(JsonValue v, String file) throws ScenarioException {
        Problems problems = new Problems(file);
        SchedulerPolicy p = new AdversaryReader(problems, new TopologyReader(problems), file, 0).scheduler(v, null, false);
        problems.throwIfAny();
        return p;
    }

    /** The scheduler object for a policy (the inverse of {@link #policy}): {@link SchedulerJson#write}. */
    public static void writePolicy(JsonWriter w, SchedulerPolicy p) {
        SchedulerJson.write(w, p);
    }

    /** One validation pass; collects every problem before giving up. */
    private static Scenario validate(JsonValue rootValue, String file, Problems problems) throws ScenarioException {
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

        ProtocolReader protocols = new ProtocolReader(problems);
        Protocol<?> protocol = protocols.protocol(root);
        // amoebots: the particles make the nodes, positions, edges and Δ (read first, for them)
        boolean amoebots = AmoebotReader.in(root);
        ApplicationReader.Read particles = amoebots ? AmoebotReader.read(problems, root) : null;
        // 0 = missing or invalid (already reported): the degree check below is skipped then
        int delta = amoebots ? Reach.MAX_DEGREE
                : (int) required(problems, root, "delta", v -> problems.integer(v, "delta (ports per node)", 1, PortSet.MAX_DELTA), 0);
        long seed = root.has("seed") ? orElse(problems.integer(root.get("seed"), "the seed", Long.MIN_VALUE, Long.MAX_VALUE), 1L) : 1L;
        int rounds = root.has("rounds") ? (int) (long) orElse(problems.integer(root.get("rounds"), "rounds", 0, Integer.MAX_VALUE - 1), 0L) : DEFAULT_ROUNDS;

        TopologyReader topology = new TopologyReader(problems);
        Amoebots cells = particles == null ? null : (Amoebots) particles.application();
        if (amoebots) topology.named(AmoebotReader.nodeNames(cells == null ? 0 : cells.cells().size()));
        else topology.nodes(root);
        int n = topology.names().size();
        double[] x = cells == null ? new double[n] : cells.positions()[0];
        double[] y = cells == null ? new double[n] : cells.positions()[1];
        List<NeighbourhoodArea> areas = root.has("areas") ? AreaReader.areas(problems, root.get("areas")) : List.of();
        List<String> regions = amoebots ? null : topology.positions(root, x, y, protocol, root.has("areas"));

        double unitDisk = 0;
        int[] edges = cells == null ? new int[0] : cells.edges();
        if (amoebots) {
            // reported by AmoebotReader: the particles make the graph
        } else if (root.has("edges") && root.has("unitDisk")) {
            problems.add(root.get("unitDisk"), "give either \"edges\" or \"unitDisk\", not both");
        } else if (root.has("unitDisk")) {
            unitDisk = topology.unitDisk(root, x, y, delta);
        } else if (root.has("edges")) {
            edges = topology.edges(root.get("edges"), delta);
        }

        ChannelDiscipline channels = protocols.channels(root, protocol);
        PortAssignment ports = topology.ports(root);
        AdversaryReader adversary = new AdversaryReader(problems, topology, file, delta);
        SchedulerPolicy policy = root.has("scheduler") ? adversary.scheduler(root.get("scheduler"), protocol, true) : new Synchronous();
        List<TopologyEvent> dynamics = root.has("dynamics") ? adversary.dynamics(root.get("dynamics")) : List.of();
        Churn churn = root.has("churn") ? adversary.churn(root.get("churn")) : null;
        Workload workload = root.has("workload") ? adversary.workload(root.get("workload")) : null;
        LinkChanges linkChanges = root.has("linkChanges")
                ? new GeneratorReader(problems).linkChanges(root.get("linkChanges"), root.has("unitDisk")) : null;
        AreaMoves areaMoves = root.has("areaMoves")
                ? new GeneratorReader(problems).areaMoves(root.get("areaMoves"), root.has("areas")) : null;
        RandomWalk mobility = root.has("mobility") ? new GeneratorReader(problems).mobility(root.get("mobility"), root.has("unitDisk")) : null;
        Application application = null;
        if (particles != null) {
            application = particles.application();
            workload = particles.workload();
            if (root.has("workload")) {
                problems.add(root.get("application"), "give either \"workload\" or \"application\", not both: the application calls Lock and Unlock");
            }
        } else if (root.has("application") && !amoebots) {
            if (root.has("workload")) {
                problems.add(root.get("application"), "give either \"workload\" or \"application\", not both: the application calls Lock and Unlock");
            }
            ApplicationReader.Read app = new ApplicationReader(problems).application(root.get("application"), n, protocol);
            if (app != null) {
                application = app.application();
                workload = app.workload();
            }
        }
        CheckSettings checks = root.has("checks") ? protocols.checks(root.get("checks")) : CheckSettings.DEFAULTS;

        if (protocol != null && !problems.any()) topology.requirements(root, protocol, edges, unitDisk, x, y);
        problems.throwIfAny();
        return new Scenario(file, root, name, protocol, delta, seed, rounds, policy, channels, ports, topology.names(),
                x, y, regions, areas, edges, unitDisk, dynamics, churn, linkChanges, areaMoves, mobility, workload, application, checks);
    }

    private static long required(Problems problems, JsonValue.Obj o, String key, Function<JsonValue, Long> reader, long fallback) {
        JsonValue v = o.get(key);
        if (v == null) {
            problems.add(o, "missing \"" + key + "\"");
            return fallback;
        }
        Long r = reader.apply(v);
        return r == null ? fallback : r;
    }
}
