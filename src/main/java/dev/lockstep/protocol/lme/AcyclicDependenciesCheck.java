package dev.lockstep.protocol.lme;

import dev.lockstep.core.Check;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * {@code acyclic-dependencies}: the dependency graph D_i of Lemma 4.6 (Lemma 4 in the SAND
 * version) has no cycle. Vertices are initiators and participants (a node can be both). Edges,
 * counting <em>received</em> requests only:
 * <ul>
 *   <li>participant v → initiator u while v holds u's priority in P unanswered;</li>
 *   <li>initiator u → participant v while u (competing) holds v's latest win() in W and has not
 *       yet sent its next request-lock.</li>
 * </ul>
 * Counting in-transit requests too, as the lemma's text does, yields short-lived cycles even when
 * nothing is wrong; with received ones only, a cycle is a real deadlock (flaw 1 in README).
 */
public final class AcyclicDependenciesCheck implements Check {
    public static final String NAME = "acyclic-dependencies";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        int n = view.nodeCount();
        byte[] color = null; // 0 = unvisited, 1 = on the DFS path, 2 = done
        for (int u = 0; u < n; u++) {
            // both of u's vertices from one read of its state: most have no out-edge at all
            LmeState s = (LmeState) view.state(u);
            long initiator = s.state() == LmeState.State.COMPETE ? s.W() : 0;
            if ((initiator | s.P()) == 0) continue;
            long live = ~view.unprocessedDisconnections(u);
            for (int start = 2 * u; start <= 2 * u + 1; start++) {
                if ((((start & 1) == 1 ? s.P() : initiator) & live) == 0) continue; // as successors(view, start)
                if (color == null) color = new byte[2 * n];
                if (color[start] != 0) continue;
                int[] cycle = dfs(view, start, color);
                if (cycle != null) {
                    report(view, cycle, out);
                    return; // one cycle per round is enough to stop and look
                }
            }
        }
    }

    /**
     * Incremental: a vertex's out-edges depend only on its node's state, unprocessed disconnections
     * and ports, so when last round's graph had no cycle, a cycle now runs through a vertex of a
     * node touched since. A search from those vertices alone proves there is none; if it finds
     * one, the full pass runs, so the cycle reported is the same one the full pass reports.
     */
    @Override
    public void endOfRound(SystemView view, int[] changed, List<Violation> out) {
        if (changed == null) {
            endOfRound(view, out);
            return;
        }
        byte[] color = null;
        for (int u : changed) {
            for (int start = 2 * u; start <= 2 * u + 1; start++) {
                if (successors(view, start) == 0) continue;
                if (color == null) color = new byte[2 * view.nodeCount()];
                if (color[start] != 0) continue;
                if (dfs(view, start, color) != null) {
                    endOfRound(view, out);
                    return;
                }
            }
        }
    }

    /**
     * Out-edges of a vertex (2u = initiator u, 2u+1 = participant u) as the ports of u they leave
     * through: a participant's P, a competing initiator's W, minus ports whose cut u has not
     * processed yet (their entries are stale).
     */
    private static long successors(SystemView view, int vertex) {
        int u = vertex >> 1;
        LmeState s = (LmeState) view.state(u);
        long ports = (vertex & 1) == 1 ? s.P() : s.state() == LmeState.State.COMPETE ? s.W() : 0;
        return ports == 0 ? 0 : ports & ~view.unprocessedDisconnections(u);
    }

    private static int target(SystemView view, int vertex, int port) {
        int v = view.peer(vertex >> 1, port);
        if (v < 0) return -1;
        return 2 * v + ((vertex & 1) == 1 ? 0 : 1); // participant → initiator, initiator → participant
    }

    /** Iterative DFS with explicit stacks (no allocation per vertex); returns a cycle's vertices or null. */
    private static int[] dfs(SystemView view, int start, byte[] color) {
        int[] path = new int[16];
        long[] remaining = new long[16];
        int depth = 0;
        path[0] = start;
        remaining[0] = successors(view, start);
        color[start] = 1;
        while (depth >= 0) {
            long rest = remaining[depth];
            if (rest == 0) {
                color[path[depth]] = 2;
                depth--;
                continue;
            }
            int port = Long.numberOfTrailingZeros(rest);
            remaining[depth] = rest & (rest - 1);
            int w = target(view, path[depth], port);
            if (w < 0) continue;
            if (color[w] == 1) {
                int from = depth;
                while (path[from] != w) from--;
                return java.util.Arrays.copyOfRange(path, from, depth + 1);
            }
            if (color[w] == 0) {
                color[w] = 1;
                depth++;
                if (depth == path.length) {
                    path = java.util.Arrays.copyOf(path, depth * 2);
                    remaining = java.util.Arrays.copyOf(remaining, depth * 2);
                }
                path[depth] = w;
                remaining[depth] = successors(view, w);
            }
        }
        return null;
    }

    private static void report(SystemView view, int[] cycle, List<Violation> out) {
        StringBuilder sb = new StringBuilder("waits-for cycle: ");
        TreeSet<Integer> nodes = new TreeSet<>();
        for (int v : cycle) {
            sb.append(role(view, v)).append(" → ");
            nodes.add(v >> 1);
        }
        sb.append(role(view, cycle[0]));
        out.add(new Violation(NAME, view.round(), new ArrayList<>(nodes), sb.toString()));
    }

    private static String role(SystemView view, int vertex) {
        return view.nodeName(vertex >> 1) + ((vertex & 1) == 1 ? "'s participant" : "'s initiator");
    }
}
