package dev.lockstep.scenario;

import dev.lockstep.core.Application;
import dev.lockstep.core.NeighbourhoodArea;
import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.adversary.AreaMoves;
import dev.lockstep.core.adversary.Churn;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.LinkChanges;
import dev.lockstep.core.adversary.RandomWalk;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.TopologyEvent;
import dev.lockstep.core.adversary.Workload;
import dev.lockstep.json.JsonValue;
import java.util.List;

/**
 * A validated scenario file ({@code lockstep-scenario/1}): what to simulate and how the adversary
 * behaves. Immutable; {@link #engine(long)} builds a fresh run.
 */
public final class Scenario {
    public static final String FORMAT = FileKind.SCENARIO.format();

    final String file;
    final JsonValue.Obj json;
    final String name;
    final Protocol<?> protocol;
    final int delta;
    final long seed;
    final int rounds;
    final SchedulerPolicy policy;
    final ChannelDiscipline channels;
    final PortAssignment ports;
    final List<String> nodes;
    final double[] x;
    final double[] y;
    final List<String> regions;
    final List<NeighbourhoodArea> areas;
    final int[] edges;
    final double unitDisk;
    final List<TopologyEvent> dynamics;
    final Churn churn;
    /** Null for none. */
    final LinkChanges linkChanges;
    /** Null for none. */
    final AreaMoves areaMoves;
    final Workload workload;
    /** Null for none. */
    final RandomWalk mobility;
    /** Null for none. */
    final Application application;
    final CheckSettings checks;

    Scenario(String file, JsonValue.Obj json, String name, Protocol<?> protocol, int delta, long seed, int rounds,
             SchedulerPolicy policy, ChannelDiscipline channels, PortAssignment ports, List<String> nodes,
             double[] x, double[] y, List<String> regions, List<NeighbourhoodArea> areas, int[] edges, double unitDisk,
             List<TopologyEvent> dynamics, Churn churn, Workload workload, CheckSettings checks) {
        this(file, json, name, protocol, delta, seed, rounds, policy, channels, ports, nodes, x, y, regions, areas,
                edges, unitDisk, dynamics, churn, null, workload, checks);
    }

    /** With link changes (null for none). */
    Scenario(String file, JsonValue.Obj json, String name, Protocol<?> protocol, int delta, long seed, int rounds,
             SchedulerPolicy policy, ChannelDiscipline channels, PortAssignment ports, List<String> nodes,
             double[] x, double[] y, List<String> regions, List<NeighbourhoodArea> areas, int[] edges, double unitDisk,
             List<TopologyEvent> dynamics, Churn churn, LinkChanges linkChanges, Workload workload, CheckSettings checks) {
        this(file, json, name, protocol, delta, seed, rounds, policy, channels, ports, nodes, x, y, regions, areas,
                edges, unitDisk, dynamics, churn, linkChanges, null, workload, checks);
    }

    /** With link changes and area moves (each null for none). */
    Scenario(String file, JsonValue.Obj json, String name, Protocol<?> protocol, int delta, long seed, int rounds,
             SchedulerPolicy policy, ChannelDiscipline channels, PortAssignment ports, List<String> nodes,
             double[] x, double[] y, List<String> regions, List<NeighbourhoodArea> areas, int[] edges, double unitDisk,
             List<TopologyEvent> dynamics, Churn churn, LinkChanges linkChanges, AreaMoves areaMoves, Workload workload,
             CheckSettings checks) {
        this(file, json, name, protocol, delta, seed, rounds, policy, channels, ports, nodes, x, y, regions, areas,
                edges, unitDisk, dynamics, churn, linkChanges, areaMoves, null, workload, null, checks);
    }

    /**
     * With a random walk (null for none) and an application (null for none; its workload is then
     * {@code workload}).
     */
    Scenario(String file, JsonValue.Obj json, String name, Protocol<?> protocol, int delta, long seed, int rounds,
             SchedulerPolicy policy, ChannelDiscipline channels, PortAssignment ports, List<String> nodes,
             double[] x, double[] y, List<String> regions, List<NeighbourhoodArea> areas, int[] edges, double unitDisk,
             List<TopologyEvent> dynamics, Churn churn, LinkChanges linkChanges, AreaMoves areaMoves, RandomWalk mobility,
             Workload workload, Application application, CheckSettings checks) {
        this.mobility = mobility;
        this.application = application;
        this.file = file;
        this.json = json;
        this.name = name;
        this.protocol = protocol;
        this.delta = delta;
        this.seed = seed;
        this.rounds = rounds;
        this.policy = policy;
        this.channels = channels;
        this.ports = ports;
        this.nodes = List.copyOf(nodes);
        this.x = x;
        this.y = y;
        this.regions = regions == null ? null : List.copyOf(regions);
        this.areas = List.copyOf(areas);
        this.edges = edges;
        this.unitDisk = unitDisk;
        this.dynamics = List.copyOf(dynamics);
        this.churn = churn;
        this.linkChanges = linkChanges;
        this.areaMoves = areaMoves;
        this.workload = workload;
        this.checks = checks;
    }

    /** A scenario without areas. */
    Scenario(String file, JsonValue.Obj json, String name, Protocol<?> protocol, int delta, long seed, int rounds,
             SchedulerPolicy policy, ChannelDiscipline channels, PortAssignment ports, List<String> nodes,
             double[] x, double[] y, List<String> regions, int[] edges, double unitDisk,
             List<TopologyEvent> dynamics, Churn churn, Workload workload, CheckSettings checks) {
        this(file, json, name, protocol, delta, seed, rounds, policy, channels, ports, nodes, x, y, regions, List.of(),
                edges, unitDisk, dynamics, churn, workload, checks);
    }

    /** The file it was read from (for messages). */
    public String file() { return file; }

    /** The scenario exactly as parsed (embedded in trace headers). */
    public JsonValue.Obj json() { return json; }

    public String name() { return name; }

    public Protocol<?> protocol() { return protocol; }

    public int delta() { return delta; }

    public long seed() { return seed; }

    public int rounds() { return rounds; }

    public SchedulerPolicy policy() { return policy; }

    public ChannelDiscipline channels() { return channels; }

    public List<String> nodes() { return nodes; }

    public double x(int u) { return x[u]; }

    public double y(int u) { return y[u]; }

    /** Initial edges as a flat array [u0, v0, u1, v1, ...]; empty with a unit-disk radius. */
    public int[] edges() { return edges.clone(); }

    public double unitDisk() { return unitDisk; }

    public CheckSettings checks() { return checks; }

    /** The workload, or null for none. */
    public Workload workload() { return workload; }

    /** The link-change process, or null for none. */
    public LinkChanges linkChanges() { return linkChanges; }

    /** The application on top of the protocol (Sec. 6), or null for none. */
    public Application application() { return application; }

    /**
     * Whether the application's particles make the nodes and edges (amoebots): then the file
     * names no nodes or edges, and a saved copy must not add them.
     */
    public boolean particlesMakeTheGraph() { return AmoebotReader.in(json); }

    /** The random walk of the nodes, or null for none. */
    public RandomWalk mobility() { return mobility; }

    /** The moves between areas, or null for none. */
    public AreaMoves areaMoves() { return areaMoves; }

    public SimulationConfig config(long seedToUse) {
        return new SimulationConfig(protocol, nodes, x, y, regions, delta, channels, ports, checks, seedToUse, areas, application);
    }

    public ScenarioAdversary adversary() {
        return new ScenarioAdversary(edges, unitDisk, dynamics, churn, linkChanges, areaMoves, mobility, workload, policy);
    }

    /** A new simulation at round 0 with its adversary, using {@code seedToUse}. */
    public Engine engine(long seedToUse) {
        return new Engine(new Simulation(config(seedToUse)), adversary());
    }

    public Engine engine() {
        return engine(seed);
    }
}
