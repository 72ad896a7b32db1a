package dev.lockstep.core;

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
}
