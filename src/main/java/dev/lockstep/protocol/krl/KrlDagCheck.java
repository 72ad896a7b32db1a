package dev.lockstep.protocol.krl;

import dev.lockstep.core.Check;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code token-oriented}: once links are quiet, the height-directed graph is a token-oriented DAG
 * (Sec. 5's proof: "after link changes cease ... the DAG will be token oriented").
 *
 * <p>Quiet means: no message in transit, no execution under way, and every node has processed
 * every link change (its N is its current set of neighbours, and no cut of a link it knows
 * waits in its detector: a link cut and formed again is two changes). Then the graph each node believes
 * in (j lower than i when height[j] &lt; myHeight) must agree with the real heights on every
 * link, must have no cycle, and every node without a token must have a directed path to a token
 * holder in its connected component (components without a token, after a lost token, are
 * exempt). The real heights are totally ordered, so their graph is acyclic by construction; what
 * can break is the nodes' views: a cycle of believed links, or a view that disagrees with the
 * neighbour's real height. KRLF's forwarded tokens keep moving, so KRLF is rarely quiet.
 */
final class KrlDagCheck implements Check {
    static final String NAME = "token-oriented";

    @Override
    public String name() {
        return NAME;
    }

    static boolean quiet(SystemView view) {
        if (view.totalInTransit() != 0 || view.executionsInFlight() != 0) return false;
        for (int u = 0, n = view.nodeCount(); u < n; u++) {
            KrlState s = (KrlState) view.state(u);
            long ports = view.ports(u) & ~1L;
            if (s.linked != ports || s.n != ports || (view.unprocessedDisconnections(u) & s.linked) != 0) return false;
        }
        return true;
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        if (!quiet(view)) return;
        int n = view.nodeCount();
        for (int u = 0; u < n; u++) {
            KrlState s = (KrlState) view.state(u);
            for (long p = s.n; p != 0; p &= p - 1) {
                int port = Long.numberOfTrailingZeros(p);
                int v = view.peer(u, port);
                HeightTriple real = ((KrlState) view.state(v)).myHeight;
                HeightTriple seen = s.height[port];
                if (seen == null || seen.below(s.myHeight) != real.below(s.myHeight)) {
                    out.add(new Violation(NAME, view.round(), List.of(u, v), view.nodeName(u) + " sees "
                            + view.nodeName(v) + " at " + seen + " but it is at " + real + ": the link's direction differs"));
                }
            }
        }
        List<Integer> cycle = believedCycle(view);
        if (!cycle.isEmpty()) {
            List<String> names = new ArrayList<>();
            for (int u : cycle) names.add(view.nodeName(u));
            out.add(new Violation(NAME, view.round(), cycle, "the links as the nodes see them form a cycle: "
                    + String.join(" → ", names) + " → " + names.get(0)));
        }
        if (!out.isEmpty()) return;
        boolean[] reaches = new boolean[n];
        ArrayDeque<Integer> work = new ArrayDeque<>();
        for (int u = 0; u < n; u++) {
            if (((KrlState) view.state(u)).tokenHolder) {
                reaches[u] = true;
                work.add(u);
            }
        }
        while (!work.isEmpty()) {                                 // walk the links backwards, up from holders
            int v = work.poll();
            HeightTriple hv = ((KrlState) view.state(v)).myHeight;
            for (long p = view.ports(v) & ~1L; p != 0; p &= p - 1) {
                int u = view.peer(v, Long.numberOfTrailingZeros(p));
                if (!reaches[u] && ((KrlState) view.state(u)).myHeight.above(hv)) {
                    reaches[u] = true;
                    work.add(u);
                }
            }
        }
        int[] component = components(view);
        boolean[] hasToken = new boolean[n];
        for (int u = 0; u < n; u++) if (((KrlState) view.state(u)).tokenHolder) hasToken[component[u]] = true;
        List<Integer> stranded = new ArrayList<>();
        for (int u = 0; u < n; u++) if (!reaches[u] && hasToken[component[u]]) stranded.add(u);
        for (int u : stranded) {
            out.add(new Violation(NAME, view.round(), List.of(u), view.nodeName(u) + " at "
                    + ((KrlState) view.state(u)).myHeight + " has no directed path to a token holder of its component"));
        }
    }

    /** A cycle of the graph the nodes believe in (u → v when u sees v lower), or an empty list. */
    static List<Integer> believedCycle(SystemView view) {
        int n = view.nodeCount();
        int[] colour = new int[n];                                // 0 new, 1 on the stack, 2 done
        int[] parent = new int[n];
        for (int r = 0; r < n; r++) {
            if (colour[r] != 0) continue;
            ArrayDeque<long[]> stack = new ArrayDeque<>();        // (node, ports left to try)
            colour[r] = 1;
            stack.push(new long[] {r, out(view, r)});
            while (!stack.isEmpty()) {
                long[] top = stack.peek();
                int u = (int) top[0];
                if (top[1] == 0) {
                    colour[u] = 2;
                    stack.pop();
                    continue;
                }
                int port = Long.numberOfTrailingZeros(top[1]);
                top[1] &= top[1] - 1;
                int v = view.peer(u, port);
                if (v < 0) continue;
                if (colour[v] == 1) {
                    List<Integer> cycle = new ArrayList<>();
                    for (int w = u; w != v; w = parent[w]) cycle.add(0, w);
                    cycle.add(0, v);
                    return cycle;
                }
                if (colour[v] == 0) {
                    colour[v] = 1;
                    parent[v] = u;
                    stack.push(new long[] {v, out(view, v)});
                }
            }
        }
        return List.of();
    }

    private static long out(SystemView view, int u) {
        KrlState s = (KrlState) view.state(u);
        long out = 0;
        for (long p = s.n; p != 0; p &= p - 1) {
            int port = Long.numberOfTrailingZeros(p);
            if (s.height[port] != null && s.height[port].below(s.myHeight)) out |= 1L << port;
        }
        return out;
    }

    private static int[] components(SystemView view) {
        int n = view.nodeCount();
        int[] c = new int[n];
        java.util.Arrays.fill(c, -1);
        ArrayDeque<Integer> work = new ArrayDeque<>();
        for (int r = 0; r < n; r++) {
            if (c[r] >= 0) continue;
            c[r] = r;
            work.add(r);
            while (!work.isEmpty()) {
                int v = work.poll();
                for (long p = view.ports(v) & ~1L; p != 0; p &= p - 1) {
                    int u = view.peer(v, Long.numberOfTrailingZeros(p));
                    if (c[u] < 0) {
                        c[u] = r;
                        work.add(u);
                    }
                }
            }
        }
        return c;
    }
}
