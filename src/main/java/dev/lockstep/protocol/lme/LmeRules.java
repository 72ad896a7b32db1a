package dev.lockstep.protocol.lme;

import dev.lockstep.protocol.lme.LmeState.Phase;

/**
 * The rules of LME that more than the actions need: CleanUp()'s effect on a state and the
 * decision of a trial. {@link Lme} runs them; {@link LmeStep} replays them to tell the narration
 * and the pseudocode highlight which branches an execution took.
 */
final class LmeRules {
    private LmeRules() {}

    /**
     * CleanUp()'s effect on the state (Alg. 1, l. 22-31) for the disconnections {@code d}; returns
     * the ports l. 28 sends ready() to (∅ unless C = ∅).
     */
    static long cleanUp(LmeState s, long d, LmeVariant variant) {
        if (d != 0) removeCut(s, d);                              // l. 23
        if (s.C() != 0) return 0;                                 // l. 27
        // Corrected: the competition is over, so nobody can have missed one of its trials.
        // A Late entry surviving into the next competition answers an ordinary first request
        // with win(false) while others' requests wait in P: the deadlock of flaw 3 (README).
        if (variant == LmeVariant.CORRECTED) s.late(0);
        long ready = s.H();                                       // l. 28: ready() to every port on hold
        s.A(s.A() | s.H());                                       // l. 29: nodes on hold become applicants
        s.H(0);
        s.phase(s.A() != 0 ? Phase.PREPARE : Phase.BOTTOM);       // l. 30-31
        return ready;
    }

    /**
     * Alg. 1, l. 24-26 for the cut ports {@code d} (≠ ∅): rare next to the executions that find
     * none, so out of {@link #cleanUp}'s line.
     */
    private static void removeCut(LmeState s, long d) {
        if (s.lock() > 0 && (d & (1L << s.lock())) != 0) s.lock(LmeState.UNLOCKED); // l. 24
        long keep = ~d;                                           // l. 25-26: remove ℓ from all sets
        s.L(s.L() & keep);
        s.R(s.R() & keep);
        s.W(s.W() & keep);
        s.wTrue(s.wTrue() & keep);
        s.H(s.H() & keep);
        s.A(s.A() & keep);
        s.C(s.C() & keep);
        s.P(s.P() & keep);
        s.late(s.late() & keep);                                  // corrected variants: Late too
    }

    /**
     * Whether {@link #cleanUp} with disconnections {@code d} would change {@code s} or send, term by
     * term: a cut port in a set or under the lock (l. 23-26), or, once C is empty (l. 27), a
     * Late to reset (corrected), ports on hold (l. 28-29) or a phase that l. 30-31 sets otherwise.
     */
    static boolean cleanUpChanges(LmeState s, long d, LmeVariant variant) {
        if (d != 0) {
            int lock = s.lock();
            if (lock > 0 && (d & (1L << lock)) != 0) return true;
            long sets = s.L() | s.R() | s.W() | s.wTrue() | s.H() | s.A() | s.C() | s.P() | s.late();
            if ((sets & d) != 0) return true;
        }
        if (s.C() != 0) return false;
        if (variant == LmeVariant.CORRECTED && s.late() != 0) return true;
        if (s.H() != 0) return true;
        return s.phase() != (s.A() != 0 ? Phase.PREPARE : Phase.BOTTOM);
    }

    /** Alg. 2, l. 7: the port with the unique highest priority in P if lock = ⊥, otherwise -1. */
    static int winner(LmeState s) {
        if (s.lock() != LmeState.UNLOCKED || s.P() == 0) return -1;
        int winner = -1;
        int best = -1;
        int count = 0;
        for (long q = s.P(); q != 0; q &= q - 1) {
            int port = Long.numberOfTrailingZeros(q);
            int pr = s.priority(port);
            if (pr > best) {
                best = pr;
                count = 1;
                winner = port;
            } else if (pr == best) {
                count++;
            }
        }
        return count == 1 ? winner : -1;
    }
}
