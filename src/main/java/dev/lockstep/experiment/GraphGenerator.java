package dev.lockstep.experiment;

import dev.lockstep.core.adversary.UnitDisk;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Graphs made for a sweep instead of the base scenario's: the spec's {@code "graph"} object, whose
 * fields can be axes too ({@code "graph.nodes": [10, 20, 30]}). The graph is written into each
 * point's scenario (its nodes with positions, and {@code unitDisk} or {@code edges}), so the
 * point stays an ordinary scenario file and its runs do not depend on the generator's code.
 * <ul>
 * <li>{@code unit-disk}: {@code nodes} placed uniformly at random in a square whose side makes the
 *     expected degree {@code meanDegree} away from the border, (n − 1)·πr²/side² = d, with the
 *     links of every pair within {@code radius} (default 1); with {@code connected} (default true)
 *     layouts are drawn until one is connected.</li>
 * <li>{@code random-connected}: a uniformly random labelled tree (each node in a random order
 *     linked to a random earlier one), then distinct random pairs until the edge count is
 *     {@code connectivity} · n(n − 1)/2 (at least the tree's n − 1), the nodes on a circle.</li>
 * </ul>
 * Δ becomes the largest degree (or the base's Δ, if larger). The generator's random stream is
 * {@link SplittableRandom} seeded with {@code seed} (default 1): the same graph on every JVM.
 */
final class GraphGenerator {
    static final List<String> KINDS = List.of("unit-disk", "random-connected");
    /** Each field, with the generators that use it. */
    static final Map<String, String> FIELDS = Map.of("generator", "both", "nodes", "both", "seed", "both",
            "meanDegree", "unit-disk", "radius", "unit-disk", "connected", "unit-disk", "connectivity", "random-connected");
    static final List<String> FIELD_ORDER = List.of("generator", "nodes", "meanDegree", "radius", "connected", "connectivity", "seed");
    static final int MAX_NODES = 10_000;
    private static final int TRIES = 1000;
    static final String RUN = "run";

    private GraphGenerator() {}

    /** A generated graph: node positions and either a unit-disk radius or an edge list. */
    record Graph(double[] x, double[] y, double radius, List<int[]> edges, int maxDegree) {}

    /** What is wrong with one field's value, or null: the spec reader's check of the graph object and of graph axes. */
    static String problem(String field, JsonValue v) {
        switch (field) {
            case "generator":
                return v instanceof JsonValue.Str s && KINDS.contains(s.value()) ? null : "expected a generator: " + String.join(", ", KINDS);
            case "nodes":
                return v instanceof JsonValue.Num n && n.isIntegral() && n.text().length() < 7 && Integer.parseInt(n.text()) >= 2
                        && Integer.parseInt(n.text()) <= MAX_NODES ? null : "expected the node count, an integer between 2 and " + MAX_NODES;
            case "seed":
                return v instanceof JsonValue.Num n && n.isIntegral() && fitsLong(n.text()) || v instanceof JsonValue.Str s && s.value().equals(RUN)
                        ? null : "expected the graph's seed (an integer) or \"" + RUN + "\" (a graph per run, drawn with the run's seed)";
            case "meanDegree", "radius":
                return v instanceof JsonValue.Num n && n.doubleValue() > 0 && n.doubleValue() < 1e6 ? null : "expected a positive number";
            case "connectivity":
                return v instanceof JsonValue.Num n && n.doubleValue() > 0 && n.doubleValue() <= 1 ? null
                        : "expected the fraction of all node pairs that are linked, a number in (0, 1]";
            case "connected":
                return v instanceof JsonValue.Bool ? null : "expected true or false";
            default:
                return "unknown graph field \"" + field + "\"; expected one of: " + String.join(", ", FIELD_ORDER);
        }
    }

    /** {@code "seed": "run"}: each run draws its own graph with its own seed. */
    static boolean perRun(Map<String, JsonValue> f) {
        return f.get("seed") instanceof JsonValue.Str s && s.value().equals(RUN);
    }

    private static boolean fitsLong(String text) {
        try {
            Long.parseLong(text);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Generates the graph the fields describe; an IllegalArgumentException says what is missing or impossible. */
    static Graph generate(Map<String, JsonValue> f) {
        String kind = f.get("generator") instanceof JsonValue.Str s ? s.value() : null;
        if (kind == null) throw new IllegalArgumentException("the graph needs \"generator\": " + String.join(" or ", KINDS));
        for (String field : f.keySet()) {
            String uses = FIELDS.get(field);
            if (!uses.equals("both") && !uses.equals(kind)) throw new IllegalArgumentException("\"" + field + "\" is not a field of the " + kind + " generator");
        }
        int n = (int) number(f, "nodes", null);
        long seed = f.containsKey("seed") ? Long.parseLong(((JsonValue.Num) f.get("seed")).text()) : 1L;
        SplittableRandom rng = new SplittableRandom(seed);
        if (kind.equals("unit-disk")) {
            double d = number(f, "meanDegree", null);
            double r = number(f, "radius", 1.0);
            boolean connected = !(f.get("connected") instanceof JsonValue.Bool b) || b.value();
            double side = Math.sqrt((n - 1) * Math.PI * r * r / d);
            for (int t = 0; t < TRIES; t++) {
                double[] x = new double[n];
                double[] y = new double[n];
                for (int u = 0; u < n; u++) {
                    x[u] = round(rng.nextDouble() * side);
                    y[u] = round(rng.nextDouble() * side);
                }
                List<int[]> links = new ArrayList<>();
                for (int u = 0; u < n; u++) {
                    for (int v = u + 1; v < n; v++) if (UnitDisk.within(x[u], y[u], x[v], y[v], r)) links.add(new int[] {u, v});
                }
                if (!connected || isConnected(n, links)) return new Graph(x, y, r, null, maxDegree(n, links));
            }
            throw new IllegalArgumentException("no connected unit-disk graph of " + n + " nodes with mean degree " + JsonWriter.number(d)
                    + " in " + TRIES + " draws; raise meanDegree or give \"connected\": false");
        }
        double c = number(f, "connectivity", null);
        long pairs = (long) n * (n - 1) / 2;
        long m = Math.max(n - 1, Math.min(pairs, Math.round(c * pairs)));
        int[] order = new int[n];
        for (int i = 0; i < n; i++) order[i] = i;
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        java.util.Set<Long> present = new java.util.LinkedHashSet<>();
        for (int i = 1; i < n; i++) present.add(pair(order[i], order[rng.nextInt(i)]));
        while (present.size() < m) {
            int u = rng.nextInt(n);
            int v = rng.nextInt(n);
            if (u != v) present.add(pair(u, v));
        }
        List<int[]> edges = new ArrayList<>();
        for (long p : present) edges.add(new int[] {(int) (p >>> 32), (int) p});
        double ring = Math.max(3, 0.5 * n);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int u = 0; u < n; u++) {
            x[u] = round(ring * Math.sin(2 * Math.PI * u / n));
            y[u] = round(ring * Math.cos(2 * Math.PI * u / n));
        }
        return new Graph(x, y, 0, edges, maxDegree(n, edges));
    }

    private static double number(Map<String, JsonValue> f, String field, Double fallback) {
        JsonValue v = f.get(field);
        if (v == null && fallback == null) throw new IllegalArgumentException("the graph needs \"" + field + "\"");
        return v == null ? fallback : ((JsonValue.Num) v).doubleValue();
    }

    private static long pair(int u, int v) {
        return (long) Math.min(u, v) << 32 | Math.max(u, v);
    }

    /** Three decimals, as a person would write them; the links are computed on these very values. */
    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    private static boolean isConnected(int n, List<int[]> links) {
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) parent[i] = i;
        int components = n;
        for (int[] e : links) {
            int a = find(parent, e[0]);
            int b = find(parent, e[1]);
            if (a != b) {
                parent[a] = b;
                components--;
            }
        }
        return components == 1;
    }

    private static int find(int[] parent, int u) {
        while (parent[u] != u) u = parent[u] = parent[parent[u]];
        return u;
    }

    private static int maxDegree(int n, List<int[]> links) {
        int[] degree = new int[n];
        int max = 1;
        for (int[] e : links) max = Math.max(max, Math.max(++degree[e[0]], ++degree[e[1]]));
        return max;
    }

    /** The scenario members that carry the graph, as JSON texts ({@code null}: remove the member). */
    static Map<String, String> members(Graph g, int baseDelta) {
        int n = g.x().length;
        StringBuilder nodes = new StringBuilder("[");
        for (int u = 0; u < n; u++) {
            if (u > 0) nodes.append(',');
            nodes.append(String.format(Locale.ROOT, "{\"id\":\"n%d\",\"x\":%s,\"y\":%s}", u + 1, JsonWriter.number(g.x()[u]), JsonWriter.number(g.y()[u])));
        }
        Map<String, String> m = new java.util.LinkedHashMap<>();
        m.put("delta", String.valueOf(Math.max(baseDelta, g.maxDegree())));
        m.put("nodes", nodes.append(']').toString());
        if (g.edges() == null) {
            m.put("unitDisk", JsonWriter.number(g.radius()));
            m.put("edges", null);
        } else {
            StringBuilder edges = new StringBuilder("[");
            for (int[] e : g.edges()) edges.append(edges.length() > 1 ? "," : "").append("[\"n").append(e[0] + 1).append("\",\"n").append(e[1] + 1).append("\"]");
            m.put("edges", edges.append(']').toString());
            m.put("unitDisk", null);
        }
        m.put("areas", null); // drawn around the base's nodes, which are gone
        return m;
    }
}
