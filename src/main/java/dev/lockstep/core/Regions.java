package dev.lockstep.core;

import java.util.List;

/** Which region a node is in: the first area containing its position, else the scenario's region. */
final class Regions {
    private Regions() {}

    static String of(SimulationConfig config, int u, double x, double y) {
        if (!config.areas().isEmpty()) {
            for (NeighbourhoodArea a : config.areas()) if (a.contains(x, y)) return a.name();
            return "";
        }
        return config.regions() == null ? "" : config.regions().get(u);
    }

    /** The areas' names, else the distinct regions of the node sets, in scenario order. */
    static List<String> names(SimulationConfig config) {
        if (!config.areas().isEmpty()) return config.areas().stream().map(NeighbourhoodArea::name).toList();
        return config.regions() == null ? List.of() : config.regions().stream().distinct().toList();
    }
}
