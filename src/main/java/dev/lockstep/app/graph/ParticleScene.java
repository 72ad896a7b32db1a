package dev.lockstep.app.graph;

import dev.lockstep.application.amoebot.Cell;
import dev.lockstep.application.amoebot.ParticleSystem;
import dev.lockstep.figure.LatticePatch;
import java.util.List;

/**
 * What the view shows of a particle system (amoebots, LME paper Sec. 6), in model units: each
 * particle's tail and head points as shown and the ends of the running animation (a capsule
 * stretches and shrinks as its node glides), the lattice patch under them, which grows as they
 * move, and the cells two particles occupy. {@link SceneReader} fills it, {@link LatticePainter}
 * draws it.
 */
final class ParticleScene {
    final int n;
    final double[] fromTail;
    final double[] fromHead;
    final double[] toTail;
    final double[] toHead;
    final Cell[] tail;
    final Cell[] head;
    private final LatticePatch patch = new LatticePatch();
    /** The patch's points and edges (model units), as {@link LatticePatch} lists them. */
    double[] points = new double[0];
    double[] edges = new double[0];
    List<Cell> shared = List.of();
    private boolean read;

    ParticleScene(int n) {
        this.n = n;
        fromTail = new double[2 * n];
        fromHead = new double[2 * n];
        toTail = new double[2 * n];
        toHead = new double[2 * n];
        tail = new Cell[n];
        head = new Cell[n];
    }

    /** Reads the particles; what is shown at eased progress {@code progress} becomes the animation's start. */
    void read(ParticleSystem ps, double progress) {
        for (int i = 0; i < 2 * n; i++) {
            fromTail[i] = read ? at(fromTail, toTail, i, progress) : 0;
            fromHead[i] = read ? at(fromHead, toHead, i, progress) : 0;
        }
        for (int u = 0; u < n && u < ps.particles(); u++) {
            tail[u] = ps.tail(u);
            head[u] = ps.head(u);
            toTail[2 * u] = tail[u].x();
            toTail[2 * u + 1] = tail[u].y();
            toHead[2 * u] = head[u].x();
            toHead[2 * u + 1] = head[u].y();
        }
        if (!read) {
            System.arraycopy(toTail, 0, fromTail, 0, 2 * n);
            System.arraycopy(toHead, 0, fromHead, 0, 2 * n);
        }
        read = true;
        if (patch.include(ps) || points.length == 0) {
            points = patch.points();
            edges = patch.edges();
        }
        shared = LatticePatch.sharedCells(ps);
    }

    /** Coordinate i (x at 2u, y at 2u + 1) of an end at eased progress e. */
    static double at(double[] from, double[] to, int i, double e) {
        return from[i] + (to[i] - from[i]) * e;
    }

    /** The given points (the first n) and the patch's corners, to frame the view on. */
    double[][] framing(double[] xs, double[] ys, int n) {
        return patch.framing(xs, ys, n);
    }

    /** The patch's rectangle in model units ({minX, minY, maxX, maxY}). */
    double[] bounds() {
        return patch.bounds();
    }
}
