package dev.lockstep.core.adversary;

import dev.lockstep.core.TimeVaryingGraph;
import java.util.ArrayList;
import java.util.List;

/** The edges whose removal leaves the graph's components as they are (Tarjan's low-link, iterative). */
final class Bridges {
    private Bridges() {}

    /** Every present edge {u, v} (u < v, in (u, v) order) that lies on a cycle. */
    static List<int[]> nonBridges(TimeVaryingGraph g, int n) {
        int[] order = new int[n];
        int[] low = new int[n];
        int[] parent = new int[n];
        long[] rest = new long[n]; // ports not yet explored, per node on the DFS stack
        int[] stack = new int[n];
        int time = 0;
        boolean[] bridgeLow = new boolean[n]; // bridgeLow[v]: the edge parent[v]–v is a bridge
        for (int root = 0; root < n; root++) {
            if (order[root] != 0) continue;
            int top = 0;
            stack[top++] = root;
            order[root] = low[root] = ++time;
            parent[root] = -1;
            rest[root] = g.ports(root) & ~1L;
            while (top > 0) {
                int u = stack[top - 1];
                if (rest[u] != 0) {
                    int p = Long.numberOfTrailingZeros(rest[u]);
                    rest[u] &= rest[u] - 1;
                    int v = g.peer(u, p);
                    if (v == parent[u]) continue; // a simple graph: the one edge back to the parent
                    if (order[v] == 0) {
                        order[v] = low[v] = ++time;
                        parent[v] = u;
                        rest[v] = g.ports(v) & ~1L;
                        stack[top++] = v;
                    } else {
                        low[u] = Math.min(low[u], order[v]);
                    }
                } else {
                    top--;
                    int w = parent[u];
                    if (w >= 0) {
                        low[w] = Math.min(low[w], low[u]);
                        bridgeLow[u] = low[u] > order[w];
                    }
                }
            }
        }
        List<int[]> out = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            for (long s = g.ports(u) & ~1L; s != 0; s &= s - 1) {
                int v = g.peer(u, Long.numberOfTrailingZeros(s));
                if (u > v) continue;
                boolean bridge = (parent[v] == u && bridgeLow[v]) || (parent[u] == v && bridgeLow[u]);
                if (!bridge) out.add(new int[] {u, v});
            }
        }
        return out;
    }
}
