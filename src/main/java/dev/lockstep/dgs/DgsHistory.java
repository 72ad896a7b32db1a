package dev.lockstep.dgs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.graphstream.stream.SinkAdapter;

/**
 * A dynamic graph as GraphStream's DGS reader delivers it, in scenario terms: the nodes (in the
 * order they first appear, with a position if the file gives one), the edges present when step
 * 0 ends (the initial graph), and every later change as a topology event of the round its step
 * names. The graph is undirected and simple: a second edge between the same two nodes, or the
 * edge's direction, changes nothing.
 */
final class DgsHistory extends SinkAdapter {
    /** A change after step 0: a link or cut of {@code u}–{@code v}, or a move of {@code u} to (x, y). */
    record Change(int round, Kind kind, String u, String v, double x, double y) {}

    enum Kind { LINK, CUT, MOVE }

    /** Node id to where it starts (null until the file gives a position), in order of appearance. */
    private final Map<String, double[]> nodes = new LinkedHashMap<>();
    /** Where each node is now. */
    private final Map<String, double[]> current = new HashMap<>();
    /** Edge id to its two ends, for the edges present now, in the order they were added. */
    private final Map<String, String[]> edges = new LinkedHashMap<>();
    /** The pairs present now (key of the unordered pair) to the number of edges joining them. */
    private final Map<String, Integer> pairs = new HashMap<>();
    private final Map<String, Integer> degree = new HashMap<>();
    private final Map<String, String[]> initialEdges = new LinkedHashMap<>();
    private final List<Change> changes = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private int round;
    private int maxDegree;

    Map<String, double[]> nodes() { return nodes; }

    /** The edges present at the end of step 0, in the order they were added. */
    List<String[]> initialEdges() { return List.copyOf(initialEdges.values()); }

    List<Change> changes() { return changes; }

    /** Steps that are not rounds (negative, fractional): the file cannot be a scenario's dynamics. */
    List<String> problems() { return problems; }

    int maxDegree() { return maxDegree; }

    int lastRound() { return round; }

    @Override
    public void stepBegins(String sourceId, long timeId, double step) {
        if (step < 0 || step != Math.rint(step) || step >= Integer.MAX_VALUE) {
            problems.add("step " + step + " is not a round number (0, 1, 2, ...)");
            return;
        }
        round = (int) step;
    }

    @Override
    public void nodeAdded(String sourceId, long timeId, String nodeId) {
        nodes.putIfAbsent(nodeId, null);
    }

    @Override
    public void nodeRemoved(String sourceId, long timeId, String nodeId) {
        List<String> incident = new ArrayList<>();
        for (var e : edges.entrySet()) {
            if (e.getValue()[0].equals(nodeId) || e.getValue()[1].equals(nodeId)) incident.add(e.getKey());
        }
        for (String id : incident) edgeRemoved(sourceId, timeId, id);
        // a scenario's nodes are there from the start: only a node gone before the run begins is dropped
        if (round == 0) nodes.remove(nodeId);
    }

    @Override
    public void edgeAdded(String sourceId, long timeId, String edgeId, String from, String to, boolean directed) {
        nodeAdded(sourceId, timeId, from);
        nodeAdded(sourceId, timeId, to);
        if (edges.containsKey(edgeId) || from.equals(to)) return;
        edges.put(edgeId, new String[] {from, to});
        String pair = pair(from, to);
        if (pairs.merge(pair, 1, Integer::sum) > 1) return;
        maxDegree = Math.max(maxDegree, Math.max(degree.merge(from, 1, Integer::sum), degree.merge(to, 1, Integer::sum)));
        if (round == 0) initialEdges.put(pair, new String[] {from, to});
        else changes.add(new Change(round, Kind.LINK, from, to, 0, 0));
    }

    @Override
    public void edgeRemoved(String sourceId, long timeId, String edgeId) {
        String[] ends = edges.remove(edgeId);
        if (ends == null) return;
        String pair = pair(ends[0], ends[1]);
        if (pairs.merge(pair, -1, Integer::sum) > 0) return;
        pairs.remove(pair);
        degree.merge(ends[0], -1, Integer::sum);
        degree.merge(ends[1], -1, Integer::sum);
        if (round == 0) initialEdges.remove(pair);
        else changes.add(new Change(round, Kind.CUT, ends[0], ends[1], 0, 0));
    }

    @Override
    public void nodeAttributeAdded(String sourceId, long timeId, String nodeId, String attribute, Object value) {
        position(nodeId, attribute, value);
    }

    @Override
    public void nodeAttributeChanged(String sourceId, long timeId, String nodeId, String attribute, Object oldValue, Object newValue) {
        position(nodeId, attribute, newValue);
    }

    /** x and y, or xy / xyz: the node's first position is where it starts; a later one after step 0 is a move. */
    private void position(String nodeId, String attribute, Object value) {
        double[] at = current.get(nodeId);
        double[] next = at == null ? new double[] {Double.NaN, Double.NaN} : at.clone();
        switch (attribute) {
            case "x" -> next[0] = number(value, 0);
            case "y" -> next[1] = number(value, 0);
            case "xy", "xyz" -> {
                next[0] = number(value, 0);
                next[1] = number(value, 1);
            }
            default -> {
                return;
            }
        }
        current.put(nodeId, next);
        boolean placed = at != null && !Double.isNaN(at[0]) && !Double.isNaN(at[1]);
        if (round == 0 || !placed) {
            nodes.put(nodeId, next);
            return;
        }
        if (Double.isNaN(next[0]) || Double.isNaN(next[1])) return;
        Change last = changes.isEmpty() ? null : changes.get(changes.size() - 1);
        if (last != null && last.kind() == Kind.MOVE && last.round() == round && last.u().equals(nodeId)) {
            changes.remove(changes.size() - 1); // x then y of one move: one event
        }
        changes.add(new Change(round, Kind.MOVE, nodeId, null, next[0], next[1]));
    }

    /** The {@code index}-th number of an attribute value (a number, or an array of numbers), NaN if none. */
    private static double number(Object value, int index) {
        Object v = value;
        if (value instanceof Object[] a) v = index < a.length ? a[index] : null;
        else if (value instanceof double[] a) return index < a.length ? a[index] : Double.NaN;
        else if (value instanceof float[] a) return index < a.length ? a[index] : Double.NaN;
        else if (index > 0) return Double.NaN;
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    private static String pair(String u, String v) {
        return u.compareTo(v) <= 0 ? u + '\u0000' + v : v + '\u0000' + u;
    }
}
