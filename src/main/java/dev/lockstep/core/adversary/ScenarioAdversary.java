package dev.lockstep.core.adversary;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.TimeVaryingGraph;
import java.util.ArrayList;
import java.util.List;

/**
 * The adversary a scenario file describes: initial edges (explicit, or every pair within a
 * unit-disk radius), scripted topology events, random churn, a workload and a scheduler policy.
 * Everything random is drawn from the simulation's one stream, in a fixed order each round:
 * scripted events, churn cuts, churn links, link changes, area moves, the random walk, workload,
 * scheduling.
 */
public final class ScenarioAdversary implements Adversary {
    private final int[] initialEdges;
    private final double unitDisk;
    private final List<TopologyEvent> dynamics;
    private final Churn churn;
    private final LinkChanges linkChanges;
    private final AreaMoves areaMoves;
    /** Null for none. */
    private final RandomWalk mobility;
    private final Workload workload;
    private final SchedulerPolicy policy;

    /**
     * @param initialEdges flat [u0, v0, u1, v1, ...] (ignored when {@code unitDisk} > 0)
     * @param unitDisk     radius, or 0 for explicit edges
     * @param churn        null for none
     * @param workload     null for none
     */
    public ScenarioAdversary(int[] initialEdges, double unitDisk, List<TopologyEvent> dynamics, Churn churn,
                             Workload workload, SchedulerPolicy policy) {
        this(initialEdges, unitDisk, dynamics, churn, null, workload, policy);
    }

    /**
     * With link changes (null for none), which keep the edge count near the initial edges' count
     * and so need explicit initial edges.
     */
    public ScenarioAdversary(int[] initialEdges, double unitDisk, List<TopologyEvent> dynamics, Churn churn,
                             LinkChanges linkChanges, Workload workload, SchedulerPolicy policy) {
        this(initialEdges, unitDisk, dynamics, churn, linkChanges, null, workload, policy);
    }

    /** With moves of nodes between the simulation's areas (null for none). */
    public ScenarioAdversary(int[] initialEdges, double unitDisk, List<TopologyEvent> dynamics, Churn churn,
                             LinkChanges linkChanges, AreaMoves areaMoves, Workload workload, SchedulerPolicy policy) {
        this(initialEdges, unitDisk, dynamics, churn, linkChanges, areaMoves, null, workload, policy);
    }

    /** With a random walk of the nodes on the unit disk (null for none). */
    public ScenarioAdversary(int[] initialEdges, double unitDisk, List<TopologyEvent> dynamics, Churn churn,
                             LinkChanges linkChanges, AreaMoves areaMoves, RandomWalk mobility, Workload workload,
                             SchedulerPolicy policy) {
        if (mobility != null && unitDisk <= 0) throw new IllegalArgumentException("a random walk needs a unit-disk radius");
        if (linkChanges != null && unitDisk > 0) {
            throw new IllegalArgumentException("link changes need explicit edges, not a unit-disk radius");
        }
        this.initialEdges = initialEdges.clone();
        this.unitDisk = unitDisk;
        this.dynamics = List.copyOf(dynamics);
        this.churn = churn;
        this.linkChanges = linkChanges;
        this.areaMoves = areaMoves;
        this.mobility = mobility;
        this.workload = workload;
        this.policy = policy;
    }

    public SchedulerPolicy policy() {
        return policy;
    }

    public Workload workload() {
        return workload;
    }

    @Override
    public void beginRound(Simulation sim) {
        beginTopology(sim);
        beginCalls(sim);
    }

    /** The round's topology changes: initial edges (round 0), scripted events, churn, link changes, area moves, the random walk. */
    public void beginTopology(Simulation sim) {
        int round = sim.round();
        if (round == 0) linkBaseEdges(sim);
        for (TopologyEvent e : dynamics) {
            if (e.round() != round) continue;
            if (e instanceof TopologyEvent.Link l) sim.link(l.u(), l.v());
            else if (e instanceof TopologyEvent.Cut c) sim.cut(c.u(), c.v());
            else if (e instanceof TopologyEvent.Move m) move(sim, m.node(), m.x(), m.y());
            else if (e instanceof TopologyEvent.Crash c) sim.crash(c.node());
            else if (e instanceof TopologyEvent.Lose l) lose(sim, l);
        }
        if (churn != null && churn.activeIn(round)) churn(sim);
        if (linkChanges != null && linkChanges.activeIn(round)) linkChanges.apply(sim, initialEdges.length / 2);
        if (areaMoves != null && areaMoves.activeIn(round)) areaMoves.apply(sim, this::move);
        if (mobility != null && mobility.activeIn(round)) mobility.apply(sim, this::move);
    }

    /** The round's application calls (the workload). */
    public void beginCalls(Simulation sim) {
        if (workload != null) workload.calls(sim);
    }

    /** The unit-disk radius, or 0 for explicit edges. */
    public double unitDisk() {
        return unitDisk;
    }

    @Override
    public List<Planned> plan(Simulation sim) {
        return policy.plan(sim);
    }

    @Override
    public boolean plan(Simulation sim, ListedPlan out) {
        return policy.plan(sim, out);
    }

    /** The explicit initial edges, in file order. */
    private void forEachInitialEdge(UnitDisk.PairVisitor visitor) {
        for (int i = 0; i < initialEdges.length; i += 2) visitor.pair(initialEdges[i], initialEdges[i + 1]);
    }

    private UnitDisk grid(Simulation sim) {
        TimeVaryingGraph g = sim.graph();
        int n = sim.nodeCount();
        double[] x = new double[n];
        double[] y = new double[n];
        for (int u = 0; u < n; u++) {
            x[u] = g.x(u);
            y[u] = g.y(u);
        }
        return UnitDisk.of(x, y, unitDisk);
    }

    /**
     * Round 0's links, one {@link Simulation#link} each: the initial edges in file order, or the
     * unit-disk pairs at the current positions in (u, v) order, as {@link UnitDisk#forEachPair}
     * visits them (so the same ports, refusals, draws and records). The pairs are found first, on
     * the workers, and each node's row in the port table is laid out for its degree before the
     * links, so no row moves while they are made.
     */
    private void linkBaseEdges(Simulation sim) {
        if (unitDisk <= 0) {
            forEachInitialEdge(sim::link);
            return;
        }
        UnitDisk.Pairs pairs = grid(sim).pairs(sim.workers());
        int[] offsets = pairs.offsets();
        int[] partners = pairs.partners();
        int n = sim.nodeCount();
        int[] degrees = new int[n];
        for (int u = 0; u < n; u++) {
            degrees[u] += offsets[u + 1] - offsets[u];
            for (int i = offsets[u]; i < offsets[u + 1]; i++) degrees[partners[i]]++;
        }
        sim.graph().reserve(degrees);
        for (int u = 0; u < n; u++) {
            for (int i = offsets[u]; i < offsets[u + 1]; i++) sim.link(u, partners[i]);
        }
    }

    /**
     * The unit-disk pairs at the current positions in (u, v) order, as {@link UnitDisk#forEachPair}
     * visits them, from the graph's cell grid (kept up to date by moves) instead of a grid built
     * anew every round. Round 0 keeps {@link UnitDisk}, which lives only while it links, so that a
     * run without moves or churn never holds a grid.
     */
    private void forEachPairInRange(Simulation sim, UnitDisk.PairVisitor visitor) {
        TimeVaryingGraph g = sim.graph();
        for (int u = 0, n = sim.nodeCount(); u < n; u++) {
            for (int v : g.inRange(u, unitDisk)) if (v > u) visitor.pair(u, v);
        }
    }

    /**
     * A move; with a unit-disk radius, edges now too long are cut (ascending) and new pairs in
     * range linked (ascending), inside the core ({@link Simulation#move(int, double, double, double)}),
     * where the nodes in range come from the graph's cell grid.
     */
    public void move(Simulation sim, int u, double x, double y) {
        if (unitDisk > 0) sim.move(u, x, y, unitDisk);
        else sim.move(u, x, y);
    }

    /** Moves 0..count−1, node {@code us[i]} to ({@code xs[i]}, {@code ys[i]}), as {@link #move} on each in turn (on a unit disk, as one batch: {@link Simulation#moveAll}). */
    public void moveAll(Simulation sim, int[] us, double[] xs, double[] ys, int count) {
        if (unitDisk > 0) sim.moveAll(us, xs, ys, count, unitDisk);
        else for (int i = 0; i < count; i++) sim.move(us[i], xs[i], ys[i]);
    }

    /** The oldest matching message is lost; with none in transit, the simulation reports a refusal. */
    private static void lose(Simulation sim, TopologyEvent.Lose l) {
        sim.loseOldest(l.from(), l.to(), l.label());
    }

    private void churn(Simulation sim) {
        TimeVaryingGraph g = sim.graph();
        int n = sim.nodeCount();
        if (churn.cut() > 0) {
            List<int[]> cuts = new ArrayList<>();
            for (int u = 0; u < n; u++) {
                for (long s = g.ports(u) & ~1L; s != 0; s &= s - 1) {
                    int v = g.peer(u, Long.numberOfTrailingZeros(s));
                    if (u < v && sim.random().chance(churn.cut())) cuts.add(new int[] {u, v});
                }
            }
            for (int[] c : cuts) sim.cut(c[0], c[1]);
        }
        if (churn.link() > 0) {
            UnitDisk.PairVisitor maybeLink = (u, v) -> {
                if (g.adjacent(u, v) || !g.hasOpenPort(u) || !g.hasOpenPort(v) || sim.crashed(u) || sim.crashed(v)) return;
                if (sim.random().chance(churn.link())) sim.link(u, v);
            };
            if (unitDisk > 0) forEachPairInRange(sim, maybeLink);
            else forEachInitialEdge(maybeLink);
        }
    }
}
