package dev.lockstep.scenario;

import static dev.lockstep.scenario.Problems.orElse;

import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Requirements;
import dev.lockstep.core.adversary.UnitDisk;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a scenario's graph: the nodes (ids, positions, regions), the edges or the unit-disk
 * radius, the port assignment, and whether the graph is one the protocol can run on. It knows the
 * node ids, so the scheduler, dynamics and workload look nodes up here.
 */
final class TopologyReader {
    static final int MAX_NODES = 5_000_000;
    /** A unit-disk node may have up to this many times Δ others in range (see unitDiskDensity). */
    static final int CROWD_FACTOR = 4;

    private final Problems problems;
    private final Map<String, Integer> index = new HashMap<>();
    private final List<String> nodeNames = new ArrayList<>();

    /**
     * The node limit for a scenario at {@code scenarioPath} of a file, for the parser: an oversized
     * file stops at its node array instead of after a full parse.
     */
    static JsonParser.Limit nodeLimit(String scenarioPath) {
        return new JsonParser.Limit(scenarioPath + ".nodes", MAX_NODES, "at most " + MAX_NODES + " nodes are supported");
    }

    TopologyReader(Problems problems) {
        this.problems = problems;
    }

    /** The node ids read so far, in file order ({@code ?i} for the i-th when unreadable). */
    List<String> names() {
        return nodeNames;
    }

    void nodes(JsonValue.Obj root) {
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

    /** Nodes a scenario does not list but makes (amoebots: one per particle), by name. */
    void named(List<String> names) {
        for (String id : names) {
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

    /**
     * Reads x, y (or lays the nodes out on a circle when none has them) and regions; with
     * {@code areas} the regions come from the areas, and a node's own "region" is refused.
     */
    List<String> positions(JsonValue.Obj root, double[] x, double[] y, Protocol<?> protocol, boolean areas) {
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
        if (areas && regions != null) {
            problems.add(root.get("nodes"), "give either \"areas\" or a \"region\" per node, not both");
        }
        if (protocol != null && protocol.requirements().regions() && regions == null && !areas) {
            problems.add(root.get("nodes"), protocol.name() + " needs a \"region\" for every node or \"areas\"");
        }
        return regions;
    }

    Integer node(JsonValue v, String what) {
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

    int[] pair(JsonValue v, String what) {
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

    int[] edges(JsonValue v, int delta) {
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

    /** The unit-disk radius (0 if invalid, already reported); checks that every node has a position and no crowd. */
    double unitDisk(JsonValue.Obj root, double[] x, double[] y, int delta) {
        double unitDisk = 0;
        Double r = problems.number(root.get("unitDisk"), "the unit-disk radius");
        if (r != null && !(r > 0)) problems.add(root.get("unitDisk"), "expected a positive radius, found " + r);
        else if (r != null) unitDisk = r;
        if (root.has("nodes") && !hasPositions(root)) {
            problems.add(root.get("unitDisk"), "a unit-disk graph needs \"x\" and \"y\" for every node");
        } else if (unitDisk > 0 && delta > 0 && !problems.any()) {
            unitDiskDensity(root, x, y, unitDisk, delta);
        }
        return unitDisk;
    }

    PortAssignment ports(JsonValue.Obj root) {
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
        return ports;
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

    void requirements(JsonValue.Obj root, Protocol<?> protocol, int[] edges, double unitDisk,
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
