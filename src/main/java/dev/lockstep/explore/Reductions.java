package dev.lockstep.explore;

/**
 * Which reductions an exploration uses. None of them may change its verdict: the checks that
 * fire, the length of each check's shortest finding, and whether the space was exhausted.
 *
 * @param fingerprints  keep a 64-bit fingerprint of each state instead of its full key (a collision
 *                      could merge two different states; the result reports the probability)
 * @param symmetry      merge states equal up to an automorphism of the port-labelled graph (only
 *                      for anonymous protocols, whose nodes cannot tell each other apart)
 * @param partialOrder  do not re-explore orders of independent moves (executions and calls at
 *                      non-adjacent nodes) that lead to the same states
 * @param threads       threads expanding a level (the result does not depend on it)
 */
public record Reductions(boolean fingerprints, boolean symmetry, boolean partialOrder, int threads) {
    /** The plain search on one thread: what the explorer's own tests count by hand. */
    public static final Reductions NONE = new Reductions(false, false, false, 1);

    public Reductions {
        if (threads < 1) throw new IllegalArgumentException("threads ≥ 1");
    }

    /** Every reduction, on {@code threads} threads: what {@code check} uses unless told otherwise. */
    public static Reductions all(int threads) {
        return new Reductions(true, true, true, threads);
    }

    public Reductions withFingerprints(boolean on) {
        return new Reductions(on, symmetry, partialOrder, threads);
    }

    public Reductions withSymmetry(boolean on) {
        return new Reductions(fingerprints, on, partialOrder, threads);
    }

    public Reductions withPartialOrder(boolean on) {
        return new Reductions(fingerprints, symmetry, on, threads);
    }

    public Reductions withThreads(int n) {
        return new Reductions(fingerprints, symmetry, partialOrder, n);
    }
}
