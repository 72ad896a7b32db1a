package dev.lockstep.core.adversary;

import dev.lockstep.core.Simulation;

/**
 * Seeded random-walk mobility on a unit disk: each round from 1 until {@code until}, every node
 * that has not crashed moves, with probability {@code move}, by a uniform distance up to
 * {@code step} in a uniform direction, clamped to the box around the nodes' initial positions
 * (so the swarm neither drifts apart nor out of the picture). Moves go through the adversary's
 * unit-disk move, so edges follow: who is in range of whom is what decides who can meet whom
 * (population protocols' passive mobility, Sec. 6). Draws, in node order: the chance, then the
 * direction and distance of each move.
 */
public record RandomWalk(double move, double step, int until) {
    public RandomWalk {
        if (!(move >= 0 && move <= 1)) throw new IllegalArgumentException("move is a probability: " + move);
        if (!(step > 0 && Double.isFinite(step))) throw new IllegalArgumentException("step must be above 0: " + step);
    }

    public boolean activeIn(int round) {
        return move > 0 && round >= 1 && round < until;
    }

    /** This round's moves. */
    public void apply(Simulation sim, AreaMoves.Mover mover) {
        double[] x0 = sim.config().x();
        double[] y0 = sim.config().y();
        double minX = Double.POSITIVE_INFINITY, maxX = Double.NEGATIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY, maxY = Double.NEGATIVE_INFINITY;
        for (int u = 0; u < x0.length; u++) {
            minX = Math.min(minX, x0[u]);
            maxX = Math.max(maxX, x0[u]);
            minY = Math.min(minY, y0[u]);
            maxY = Math.max(maxY, y0[u]);
        }
        for (int u = 0, n = sim.nodeCount(); u < n; u++) {
            if (sim.crashed(u) || !sim.random().chance(move)) continue;
            double angle = sim.random().nextDouble() * 2 * Math.PI;
            double d = sim.random().nextDouble() * step;
            double x = clamp(sim.graph().x(u) + d * Math.cos(angle), minX, maxX);
            double y = clamp(sim.graph().y(u) + d * Math.sin(angle), minY, maxY);
            // two decimals, like the positions people write: traces stay short and exact
            mover.move(sim, u, Math.round(x * 100) / 100.0, Math.round(y * 100) / 100.0);
        }
    }

    private static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(hi, v));
    }
}
