package dev.lockstep.core.adversary;

import dev.lockstep.core.NeighbourhoodArea;
import dev.lockstep.core.Simulation;
import java.util.ArrayList;
import java.util.List;

/**
 * The KLME experiments' churn: nodes moving from one neighbourhood (scenario area) to another as a
 * Poisson process of {@code rate} moves per time unit (one round), in rounds 1 ≤ r < {@code until}.
 *
 * <p>As in {@link LinkChanges}, the number of moves in a round is Poisson({@code rate}) (Knuth's
 * draw), which is exactly how a Poisson process falls into unit intervals. Each move takes a live
 * node chosen uniformly, then an area chosen uniformly among the areas other than the one the node
 * is in (a node outside every area may go to any), then a point of that area chosen uniformly on
 * a grid of {@link #GRID} from the area's top-left corner (right and bottom edges excluded, as
 * {@link NeighbourhoodArea#contains} has them). The grid keeps positions short and exact in traces;
 * with areas a few units wide it is fine enough to look uniform. When areas overlap, a point also
 * inside an earlier area belongs to that one; such a point is redrawn, up to {@link #TRIES} times,
 * and the move is skipped if none of them belongs to the chosen area, so every move that happens
 * lands in another neighbourhood. The move goes through the adversary (a unit-disk radius re-links
 * the node), and the simulation raises KLME's Call.MOVE at the node. Every draw comes from the
 * simulation's one stream; with rate 0 nothing is drawn, so the run is the run without moves.
 *
 * @param rate  mean moves per round, 0 ≤ rate ≤ {@link LinkChanges#MAX_RATE}
 * @param until moves only in rounds below this one
 */
public record AreaMoves(double rate, int until) {
    /** The spacing of the points a node may move to, from each area's top-left corner. */
    public static final double GRID = 0.1;
    /** Draws of a point before a move into an area overlapped by earlier ones is given up. */
    public static final int TRIES = 16;

    public AreaMoves {
        if (!(rate >= 0 && rate <= LinkChanges.MAX_RATE)) {
            throw new IllegalArgumentException("rate must be in [0, " + LinkChanges.MAX_RATE + "]: " + rate);
        }
    }

    /** Where the adversary puts a node (with its unit-disk re-linking). */
    @FunctionalInterface
    public interface Mover {
        void move(Simulation sim, int u, double x, double y);
    }

    public boolean activeIn(int round) {
        return rate > 0 && round >= 1 && round < until;
    }

    /** This round's moves among the simulation's areas. */
    public void apply(Simulation sim, Mover mover) {
        int moves = poisson(sim);
        if (moves == 0) return;
        List<NeighbourhoodArea> areas = sim.config().areas();
        // Listed once a round, not once a move: moves neither crash nor revive nodes.
        int[] live = new int[sim.nodeCount()];
        int count = 0;
        for (int u = 0; u < sim.nodeCount(); u++) if (!sim.crashed(u)) live[count++] = u;
        for (int i = 0; i < moves; i++) moveOne(sim, areas, live, count, mover);
    }

    /** Knuth's method, as {@link LinkChanges}: uniform draws whose product stays above e^(−rate), minus one. */
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

    private void moveOne(Simulation sim, List<NeighbourhoodArea> areas, int[] live, int count, Mover mover) {
        if (count == 0) return;
        int u = live[pick(sim, count)];
        int from = owner(areas, sim.graph().x(u), sim.graph().y(u));
        List<Integer> others = new ArrayList<>();
        for (int a = 0; a < areas.size(); a++) if (a != from) others.add(a);
        if (others.isEmpty()) return;
        int to = others.get(pick(sim, others.size()));
        NeighbourhoodArea area = areas.get(to);
        for (int t = 0; t < TRIES; t++) {
            double x = onGrid(area.x(), pick(sim, steps(area.width())));
            double y = onGrid(area.y(), pick(sim, steps(area.height())));
            if (owner(areas, x, y) == to) {
                mover.move(sim, u, x, y);
                return;
            }
        }
    }

    /** The index of the area a point belongs to (the first containing it), or −1. */
    public static int owner(List<NeighbourhoodArea> areas, double x, double y) {
        for (int a = 0; a < areas.size(); a++) if (areas.get(a).contains(x, y)) return a;
        return -1;
    }

    /** Grid points across a side: 0, GRID, 2·GRID, ... strictly below the side's length. */
    static int steps(double side) {
        return Math.max(1, (int) Math.ceil(side / GRID - 1e-9));
    }

    /** The i-th grid point from {@code origin}, rounded to 9 decimals so that traces print it short. */
    static double onGrid(double origin, int i) {
        return Math.round((origin + i * GRID) * 1e9) / 1e9;
    }

    private static int pick(Simulation sim, int size) {
        return size == 1 ? 0 : sim.random().nextInt(size);
    }
}
