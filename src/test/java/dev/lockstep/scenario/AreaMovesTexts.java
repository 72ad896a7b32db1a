package dev.lockstep.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** KLME scenarios on a complete graph over areas side by side, for the tests of the moves between areas. */
public final class AreaMovesTexts {
    /** The side of each square area; area i spans x in [5i, 5i + 5), y in [0, 5). */
    public static final double SIDE = 5;

    private AreaMovesTexts() {}

    /**
     * n nodes (2..64) on a complete graph with FIFO channels, {@code areas} (1..26) squares side by
     * side named A, B, ...; node i starts in area i mod {@code areas} (so no area starts empty when
     * n ≥ areas) at a point drawn from {@code layoutSeed}. {@code extra} are more top-level members.
     */
    public static String klme(int n, int k, int areas, long layoutSeed, long seed, int rounds, String... extra) {
        Random r = new Random(layoutSeed);
        StringBuilder nodes = new StringBuilder();
        for (int u = 0; u < n; u++) {
            double x = (u % areas) * SIDE + r.nextInt(50) / 10.0;
            double y = r.nextInt(50) / 10.0;
            nodes.append(u == 0 ? "" : ", ").append("{\"id\": \"n").append(u).append("\", \"x\": ").append(x)
                    .append(", \"y\": ").append(y).append('}');
        }
        List<String> edges = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            for (int v = u + 1; v < n; v++) edges.add("[\"n" + u + "\", \"n" + v + "\"]");
        }
        List<String> rects = new ArrayList<>();
        for (int a = 0; a < areas; a++) {
            rects.add("{\"name\": \"" + (char) ('A' + a) + "\", \"x\": " + a * SIDE + ", \"y\": 0, \"width\": " + SIDE
                    + ", \"height\": " + SIDE + "}");
        }
        StringBuilder sb = new StringBuilder("{\n  \"format\": \"lockstep-scenario/1\",\n  \"protocol\": \"klme\",\n")
                .append("  \"params\": {\"k\": ").append(k).append("},\n  \"delta\": ").append(Math.max(1, n - 1)).append(",\n")
                .append("  \"seed\": ").append(seed).append(",\n  \"rounds\": ").append(rounds).append(",\n")
                .append("  \"channels\": \"fifo\",\n  \"areas\": [").append(String.join(", ", rects)).append("],\n")
                .append("  \"nodes\": [").append(nodes).append("],\n")
                .append("  \"edges\": [").append(String.join(", ", edges)).append("]");
        for (String e : extra) sb.append(",\n  ").append(e);
        return sb.append("\n}\n").toString();
    }
}
