package dev.lockstep.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** KRL scenarios on random connected graphs with the time-unit generators, for the generators' tests. */
public final class TimeUnitTexts {
    private TimeUnitTexts() {}

    /**
     * n nodes (2..64): a random spanning tree (node i joins a random earlier node) plus every other
     * pair with probability {@code density}, all drawn from {@code graphSeed}; Δ = n − 1 so that
     * every pair can be linked. {@code extra} are more top-level members, e.g. {@code "workload": {...}}.
     */
    public static String krl(int n, long graphSeed, double density, long seed, int rounds, String... extra) {
        Random r = new Random(graphSeed);
        boolean[][] adjacent = new boolean[n][n];
        for (int v = 1; v < n; v++) {
            int u = r.nextInt(v);
            adjacent[u][v] = true;
        }
        for (int u = 0; u < n; u++) {
            for (int v = u + 1; v < n; v++) if (r.nextDouble() < density) adjacent[u][v] = true;
        }
        List<String> edges = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            for (int v = u + 1; v < n; v++) if (adjacent[u][v]) edges.add("[\"n" + u + "\", \"n" + v + "\"]");
        }
        StringBuilder nodes = new StringBuilder();
        for (int u = 0; u < n; u++) nodes.append(u == 0 ? "" : ", ").append("{\"id\": \"n").append(u).append("\"}");
        StringBuilder sb = new StringBuilder("{\n  \"format\": \"lockstep-scenario/1\",\n  \"protocol\": \"krl\",\n")
                .append("  \"params\": {\"k\": 2},\n  \"delta\": ").append(Math.max(1, n - 1)).append(",\n")
                .append("  \"seed\": ").append(seed).append(",\n  \"rounds\": ").append(rounds).append(",\n")
                .append("  \"channels\": \"fifo\",\n  \"nodes\": [").append(nodes).append("],\n")
                .append("  \"edges\": [").append(String.join(", ", edges)).append("]");
        for (String e : extra) sb.append(",\n  ").append(e);
        return sb.append("\n}\n").toString();
    }
}
