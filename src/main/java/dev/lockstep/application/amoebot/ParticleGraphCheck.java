package dev.lockstep.application.amoebot;

import dev.lockstep.core.Check;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * "particle-graph": the graph LME runs on follows the particles — after every round node u's
 * neighbours are exactly the particles within {@link Reach} of its cells. The moves keep it so
 * ({@code MoveWorkload} links and cuts after each write); the isolation argument rests on it.
 * Cheap: at most {@link Reach#MAX_DEGREE} cell lookups per particle.
 */
public final class ParticleGraphCheck implements Check {
    public static final String NAME = "particle-graph";

    @Override
    public String name() {
        return NAME;
    }

    /** The particles u should be adjacent to, in increasing order. */
    public static int[] expected(Particles p, int u) {
        IntStream.Builder b = IntStream.builder();
        for (Cell c : Reach.cellsWithin(p.tail(u), p.head(u))) for (int v : p.occupants(c)) if (v != u) b.add(v);
        return b.build().sorted().distinct().toArray();
    }

    /** u's neighbours in the graph, in increasing order. */
    public static int[] actual(SystemView view, int u) {
        IntStream.Builder b = IntStream.builder();
        for (long s = view.ports(u) & ~1L; s != 0; s &= s - 1) b.add(view.peer(u, Long.numberOfTrailingZeros(s)));
        return b.build().sorted().toArray();
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        if (!(view.application() instanceof Particles p)) return;
        for (int u = 0; u < p.particles(); u++) {
            int[] want = expected(p, u);
            int[] have = actual(view, u);
            if (Arrays.equals(want, have)) continue;
            out.add(new Violation(NAME, view.round(), List.of(u), view.nodeName(u) + "'s neighbours are " + names(view, have)
                    + ", but the particles within lattice distance " + Reach.DISTANCE + " of its cells are " + names(view, want)));
        }
    }

    private static String names(SystemView view, int[] nodes) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < nodes.length; i++) sb.append(i == 0 ? "" : ", ").append(view.nodeName(nodes[i]));
        return sb.append('}').toString();
    }
}
