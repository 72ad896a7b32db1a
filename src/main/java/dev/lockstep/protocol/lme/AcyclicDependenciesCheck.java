package dev.lockstep.protocol.lme;

import dev.lockstep.core.SystemView;
import dev.lockstep.core.check.Check;
import dev.lockstep.core.check.Violation;
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
        byte[] color = null; // 0 = unvisited, 1 = on the DFS stack, 2 = done
        int[] parent = null;
        for (int start = 0; start < 2 * n; start++) {
            if (!hasEdges(view, start)) continue;
            if (color == null) {
                color = new byte[2 * n];
                parent = new int[2 * n];
            }
            if (color[start] != 0) continue;
            int[] cycle = dfs(view, start, color, parent);
            if (cycle != null) {
                report(view, cycle, out);
                return; // one cycle per round is enough to stop and look
            }
        }
    }

    private static boolean hasEdges(SystemView view, int vertex) {
        LmeState s = (LmeState) view.state(vertex >> 1);
        return (vertex & 1) == 1 ? s.P != 0 : s.state == LmeState.State.COMPETE && s.W != 0;
    }

    /** Out-edges of a vertex: 2u = initiator u, 2u+1 = participant u. */
    private static int[] successors(SystemView view, int vertex) {
        int u = vertex >> 1;
        LmeState s = (LmeState) view.state(u);
        long ports;
        int targetRole;
        if ((vertex & 1) == 1) {
            ports = s.P;                // participant → initiators whose priority it holds
            targetRole = 0;
        } else {
            ports = s.state == LmeState.State.COMPETE ? s.W : 0; // initiator → participants whose win it holds
            targetRole = 1;
        }
        ports &= ~view.unprocessedDisconnections(u);
        int[] out = new int[Long.bitCount(ports)];
        int k = 0;
        for (long q = ports; q != 0; q &= q - 1) {
            int v = view.peer(u, Long.numberOfTrailingZeros(q));
            if (v >= 0) out[k++] = 2 * v + targetRole;
        }
        return k == out.length ? out : java.util.Arrays.copyOf(out, k);
    }

    /** Iterative DFS; returns the vertices of a cycle in order, or null. */
    private static int[] dfs(SystemView view, int start, byte[] color, int[] parent) {
        List<int[]> stack = new ArrayList<>();
        List<Integer> index = new ArrayList<>();
        stack.add(successors(view, start));
        index.add(0);
        color[start] = 1;
        parent[start] = -1;
        List<Integer> path = new ArrayList<>();
        path.add(start);
        while (!stack.isEmpty()) {
            int top = stack.size() - 1;
            int[] succ = stack.get(top);
            int i = index.get(top);
            if (i == succ.length) {
                color[path.get(top)] = 2;
                stack.remove(top);
                index.remove(top);
                path.remove(top);
                continue;
            }
            index.set(top, i + 1);
            int w = succ[i];
            if (color[w] == 1) {
                int from = path.indexOf(w);
                int[] cycle = new int[path.size() - from];
                for (int k = from; k < path.size(); k++) cycle[k - from] = path.get(k);
                return cycle;
            }
            if (color[w] == 0) {
                color[w] = 1;
                stack.add(successors(view, w));
                index.add(0);
                path.add(w);
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
