package dev.lockstep.application.amoebot;

import dev.lockstep.core.Application;
import dev.lockstep.core.ApplicationState;
import dev.lockstep.core.Check;
import dev.lockstep.core.SeededRandom;
import java.util.List;

/**
 * Amoebot moves on top of Lock and Unlock (LME paper, Sec. 6, second paragraph): particles on
 * the triangular lattice, all contracted at round 0, particle u on {@code cells.get(u)}. The
 * scenario's nodes, positions and edges are made from the same cells ({@link #positions},
 * {@link #edges}), so the graph LME starts on is the particles' {@link Reach} relation.
 */
public record Amoebots(List<Cell> cells) implements Application {
    public Amoebots {
        cells = List.copyOf(cells);
        if (cells.isEmpty()) throw new IllegalArgumentException("no particles");
        if (cells.stream().distinct().count() != cells.size()) throw new IllegalArgumentException("two particles on one cell");
    }

    @Override
    public String name() {
        return "amoebots";
    }

    @Override
    public ApplicationState initialState(int nodeCount, SeededRandom random) {
        if (nodeCount != cells.size()) {
            throw new IllegalArgumentException(cells.size() + " particles for " + nodeCount + " nodes");
        }
        return new Particles(cells);
    }

    @Override
    public List<Check> checks() {
        return List.of(new NoCollisionCheck(), new ParticleGraphCheck());
    }

    /** The initial edges, flat [u0, v0, u1, v1, ...], every neighbouring pair once in (u, v) order. */
    public int[] edges() {
        Particles p = new Particles(cells);
        int n = cells.size();
        int[] out = new int[0];
        int k = 0;
        for (int u = 0; u < n; u++) {
            for (int v : ParticleGraphCheck.expected(p, u)) {
                if (v <= u) continue;
                if (k + 2 > out.length) out = java.util.Arrays.copyOf(out, Math.max(16, out.length * 2));
                out[k++] = u;
                out[k++] = v;
            }
        }
        return java.util.Arrays.copyOf(out, k);
    }

    /** The particles' points: x then y, one entry per particle. */
    public double[][] positions() {
        double[] x = new double[cells.size()];
        double[] y = new double[cells.size()];
        for (int u = 0; u < x.length; u++) {
            x[u] = cells.get(u).x();
            y[u] = cells.get(u).y();
        }
        return new double[][] {x, y};
    }
}
