package dev.lockstep.core;

import java.util.List;

/**
 * The static part of a simulation: protocol, nodes, ports and channel discipline. Everything
 * that changes over time (topology, calls, activations) comes from the adversary.
 *
 * @param names   node names, for people and files (index = node id)
 * @param regions region of each node, or null when the scenario has none
 * @param areas   the regions of the plane the scenario names (KLME's neighbourhoods), in scenario
 *                order; empty when regions are explicit node sets or absent
 * @param application the application layer on top of the protocol (Sec. 6), or null for none
 */
public record SimulationConfig(Protocol<?> protocol, List<String> names, double[] x, double[] y,
                               List<String> regions, int delta, ChannelDiscipline channels,
                               PortAssignment portAssignment, CheckSettings checks, long seed,
                               List<NeighbourhoodArea> areas, Application application) {
    public SimulationConfig {
        names = NodeNames.of(names);
        if (x.length != names.size() || y.length != names.size()) {
            throw new IllegalArgumentException("one position per node");
        }
        x = x.clone();
        y = y.clone();
        areas = areas == null ? List.of() : List.copyOf(areas);
    }

    /** A configuration without an application. */
    public SimulationConfig(Protocol<?> protocol, List<String> names, double[] x, double[] y,
                            List<String> regions, int delta, ChannelDiscipline channels,
                            PortAssignment portAssignment, CheckSettings checks, long seed,
                            List<NeighbourhoodArea> areas) {
        this(protocol, names, x, y, regions, delta, channels, portAssignment, checks, seed, areas, null);
    }

    /** A configuration without areas. */
    public SimulationConfig(Protocol<?> protocol, List<String> names, double[] x, double[] y,
                            List<String> regions, int delta, ChannelDiscipline channels,
                            PortAssignment portAssignment, CheckSettings checks, long seed) {
        this(protocol, names, x, y, regions, delta, channels, portAssignment, checks, seed, List.of());
    }

    public int nodeCount() {
        return names.size();
    }

    /** The live checks of a run: the protocol's, then the application's (fresh instances). */
    public List<Check> liveChecks() {
        List<Check> all = new java.util.ArrayList<>(protocol.checks(checks));
        if (application != null) all.addAll(application.checks());
        return all;
    }
}
