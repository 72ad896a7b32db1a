package dev.lockstep.application.population;

import java.util.List;

/**
 * The 3-state approximate-majority protocol of Angluin, Aspnes and Eisenstat (2008): opinions x
 * and y and the blank. Only the responder changes: x+y → x+blank, y+x → y+blank (the initiator
 * blanks a responder of the other opinion), x+blank → x+x, y+blank → y+y (the initiator recruits
 * a blank responder); every other pair is unchanged. No quantity is conserved: it converges fast,
 * to the initial majority with high probability when the margin is large enough.
 */
public final class ApproximateMajority implements Transitions {
    static final int X = 0, Y = 1, BLANK = 2;

    @Override public String name() { return "approximate-majority"; }

    @Override public List<String> states() { return List.of("x", "y", "blank"); }

    @Override
    public int initiatorAfter(int i, int r) {
        return i;
    }

    @Override
    public int responderAfter(int i, int r) {
        if (i == BLANK) return r;
        if (r == BLANK) return i;
        return i != r ? BLANK : r;
    }

    @Override public List<String> opinions() { return List.of("x", "y"); }

    @Override public int opinion(int s) { return s == BLANK ? -1 : s; }

    @Override public int[] conservedWeights() { return null; }

    @Override public String conservedName() { return null; }
}
