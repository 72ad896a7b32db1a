package dev.lockstep.core.adversary;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.TimeVaryingGraph;
import java.util.ArrayList;
import java.util.List;

/**
 * The KRL/KRLF experiments' mobility: link changes that form a Poisson process of {@code rate}
 * changes per time unit (one round), keep the graph connected and keep its edge count within
 * ±{@code tolerance} of the initial one (the paper's connectivity, edges over possible edges,
 * within ±10 %), in rounds 1 ≤ r < {@code until}.
 *
 * <p>The number of changes in a round is Poisson({@code rate}): that is exactly how a Poisson
 * process with exponential gaps of mean 1/{@code rate} falls into unit intervals, so nothing about
 * the gaps is approximated and no state is kept between rounds. Each change is either the removal
 * of a present edge that is not a bridge (so the graph stays connected; a graph that starts
 * disconnected never gets more components) or the addition of an absent edge between two live
 * nodes with an open port; among the kinds the edge-count band allows, one is chosen with even
 * odds, then the edge uniformly in (u, v) order. When neither is possible the change is skipped.
 * Every draw comes from the simulation's one stream; with no change due nothing extra is drawn.
 *
 * <p>A removed link loses the messages in transit on it, as every cut does; for KRL and KRLF that
 * can be a Token, lost for good, and a run that loses all k stalls. With {@code onlyIdleLinks}
 * a removal picks only among links with no message in transit either way, so no message is lost
 * with a link change (the papers' experiments do not mention lost tokens; a reproduction of their
 * figures wants this).
 *
 * @param rate      mean changes per round, 0 ≤ rate ≤ {@link #MAX_RATE}; 0 is none (a sweep's "no mobility"),
 *                  drawing nothing, so the run is the run without link changes
 * @param tolerance the edge count stays within initial × (1 ± tolerance), 0 ≤ tolerance ≤ 1
 * @param until     changes only in rounds below this one
 * @param onlyIdleLinks remove only links with no message in transit
 */
public record LinkChanges(double rate, double tolerance, int until, boolean onlyIdleLinks) {
    /** Far beyond the papers' 1/50; Knuth's Poisson draw needs e^(−rate) > 0 in a double. */
    public static final double MAX_RATE = 100;
    public static final double DEFAULT_TOLERANCE = 0.1;

    public LinkChanges {
        if (!(rate >= 0 && rate <= MAX_RATE)) throw new IllegalArgumentException("rate must be in [0, " + MAX_RATE + "]: " + rate);
        if (!(tolerance >= 0 && tolerance <= 1)) throw new IllegalArgumentException("tolerance must be in [0, 1]: " + tolerance);
    }

    /** Removals may take links with messages in transit (which are lost). */
    public LinkChanges(double rate, double tolerance, int until) {
        this(rate, tolerance, until, false);
    }

    public boolean activeIn(int round) {
        return rate > 0 && round >= 1 && round < until;
    }

    /** The fewest edges allowed, for an initial count of {@code initialEdges}. */
    public int minEdges(int initialEdges) {
        return (int) Math.ceil(initialEdges * (1 - tolerance) - 1e-9);
    }

    /** The most edges allowed. */
    public int maxEdges(int initialEdges) {
        return (int) Math.floor(initialEdges * (1 + tolerance) + 1e-9);
    }

    /** This round's changes. */
    public void apply(Simulation sim, int initialEdges) {
        int changes = poisson(sim);
        for (int i = 0; i < changes; i++) change(sim, initialEdges);
    }

    /** Knuth's method: the number of uniform draws whose product stays above e^(−rate), minus one. */
    private int poisson(Simulation sim) {
        double limit = Math.exp(-rate);
        int k = 0;
        double p = sim.random().nextDouble();
        while (p > limit) {
            k++;
            p *= sim.random().nextDouble();
        }
        return k;
    }

    private void change(Simulation sim, int initialEdges) {
        TimeVaryingGraph g = sim.graph();
        int n = sim.nodeCount();
        int edges = 0;
        for (int u = 0; u < n; u++) edges += Long.bitCount(g.ports(u) & ~1L);
        edges /= 2;
        List<int[]> removable = edges - 1 >= minEdges(initialEdges) ? Bridges.nonBridges(g, n) : List.of();
        if (onlyIdleLinks) removable = removable.stream().filter(e -> idle(sim, g, e[0], e[1])).toList();
        List<int[]> addable = edges + 1 <= maxEdges(initialEdges) ? absent(sim, g, n) : List.of();
        boolean remove;
        if (removable.isEmpty() && addable.isEmpty()) return;
        else if (removable.isEmpty()) remove = false;
        else if (addable.isEmpty()) remove = true;
        else remove = sim.random().chance(0.5);
        List<int[]> from = remove ? removable : addable;
        int[] e = from.get(from.size() == 1 ? 0 : sim.random().nextInt(from.size()));
        if (remove) sim.cut(e[0], e[1]);
        else sim.link(e[0], e[1]);
    }

    private static boolean idle(Simulation sim, TimeVaryingGraph g, int u, int v) {
        return sim.inTransit(u, g.portTo(u, v)) == 0 && sim.inTransit(v, g.portTo(v, u)) == 0;
    }

    private static List<int[]> absent(Simulation sim, TimeVaryingGraph g, int n) {
        List<int[]> out = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            if (sim.crashed(u) || !g.hasOpenPort(u)) continue;
            for (int v = u + 1; v < n; v++) {
                if (!sim.crashed(v) && g.hasOpenPort(v) && !g.adjacent(u, v)) out.add(new int[] {u, v});
            }
        }
        return out;
    }
}
