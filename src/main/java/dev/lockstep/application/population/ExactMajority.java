package dev.lockstep.application.population;

import java.util.List;

/**
 * The 4-state exact-majority protocol: strong A and B, weak a and b. A+B → a+b (two strong
 * opinions cancel), A+b → A+a and B+a → B+b (a strong agent converts a weak one), the same with
 * the roles swapped; every other pair is unchanged. Each isolated interaction keeps #A − #B, so
 * the strong agents of the initial majority survive and convert everyone (when #A ≠ #B).
 */
public final class ExactMajority implements Transitions {
    static final int A = 0, B = 1, WEAK_A = 2, WEAK_B = 3;

    @Override public String name() { return "exact-majority"; }

    @Override public List<String> states() { return List.of("A", "B", "a", "b"); }

    @Override
    public int initiatorAfter(int i, int r) {
        return after(i, r);
    }

    @Override
    public int responderAfter(int i, int r) {
        return after(r, i);
    }

    /** What an agent in state {@code me} becomes after meeting one in state {@code other} (symmetric). */
    private static int after(int me, int other) {
        if (me == A && other == B) return WEAK_A;
        if (me == B && other == A) return WEAK_B;
        if (me == WEAK_B && other == A) return WEAK_A;
        if (me == WEAK_A && other == B) return WEAK_B;
        return me;
    }

    @Override public List<String> opinions() { return List.of("A", "B"); }

    @Override public int opinion(int s) { return s == A || s == WEAK_A ? 0 : 1; }

    @Override public int[] conservedWeights() { return new int[] {1, -1, 0, 0}; }

    @Override public String conservedName() { return "#A − #B"; }
}
