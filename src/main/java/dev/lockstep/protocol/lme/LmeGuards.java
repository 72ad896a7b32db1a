package dev.lockstep.protocol.lme;

import dev.lockstep.core.StateGuards;
import dev.lockstep.protocol.lme.LmeState.Phase;
import dev.lockstep.protocol.lme.LmeState.State;
import java.util.List;
import java.util.function.Predicate;

/**
 * The guards of LME's state actions (Algorithms 1-3), each as printed, and all six evaluated in
 * one pass for listing enabled choices: the state and the phase are read once, and the four
 * guards on {@code state} exclude one another, so at most one of them is evaluated further.
 * {@code LmeStateGuardsProperties} checks the pass against the six guards on random states.
 */
final class LmeGuards implements StateGuards<LmeState> {
    /** Bits of {@link #enabled}, in the order of the state actions in {@link Lme#actions()}. */
    static final long CHECK_START = 1, CLEAN_UP = 1 << 1, CHECK_PRIORITIES = 1 << 2, CHECK_WIN = 1 << 3,
            CHECK_DONE = 1 << 4, CHECK_UNLOCKED = 1 << 5;

    private final boolean lateApplicants;

    // Alg. 1, l. 15: (state = prepare) ∧ (R = L)
    final Predicate<LmeState> checkStart = s -> s.state() == State.PREPARE && s.R() == s.L();
    // Alg. 1, l. 20 (the corrected variants widen it: see cleanUpEnabled)
    final Predicate<LmeState> cleanUp = this::cleanUpEnabled;
    // Alg. 2, l. 5: (phase = compete) ∧ (|C| = |P|)
    final Predicate<LmeState> checkPriorities = s -> s.phase() == Phase.COMPETE && Long.bitCount(s.C()) == Long.bitCount(s.P());
    // Alg. 2, l. 14: (state = compete) ∧ (|W| = |L|)
    final Predicate<LmeState> checkWin = s -> s.state() == State.COMPETE && Long.bitCount(s.W()) == Long.bitCount(s.L());
    // Alg. 2, l. 30: (state = win) ∧ (R = L)
    final Predicate<LmeState> checkDone = s -> s.state() == State.WIN && s.R() == s.L();
    // Alg. 3, l. 12: (state = unlock) ∧ (R = L)
    final Predicate<LmeState> checkUnlocked = s -> s.state() == State.UNLOCK && s.R() == s.L();

    private final List<Predicate<LmeState>> guards =
            List.of(checkStart, cleanUp, checkPriorities, checkWin, checkDone, checkUnlocked);

    LmeGuards(LmeVariant variant) {
        this.lateApplicants = variant.lateApplicants();
    }

    /**
     * Alg. 1, l. 20: (phase ≠ ⊥) ∨ (state = unlock). The corrected variant widens it to
     * (phase ≠ ⊥) ∨ (state ∉ {⊥, locked}), so an initiator waiting in win (or prepare, compete)
     * whose only partner was cut still processes D.
     */
    private boolean cleanUpEnabled(LmeState s) {
        if (s.phase() != Phase.BOTTOM) return true;
        if (!lateApplicants) return s.state() == State.UNLOCK;
        return s.state() != State.BOTTOM && s.state() != State.LOCKED;
    }

    @Override
    public List<Predicate<LmeState>> guards() {
        return guards;
    }

    /** The six guards above, term by term, with each shared term read once. */
    @Override
    public long enabled(LmeState s) {
        State state = s.state();
        Phase phase = s.phase();
        long on = 0;
        if (state == State.COMPETE) {
            if (Long.bitCount(s.W()) == Long.bitCount(s.L())) on = CHECK_WIN;                         // Alg. 2, l. 14
        } else if (state == State.PREPARE || state == State.WIN || state == State.UNLOCK) {
            if (s.R() == s.L()) {
                on = state == State.PREPARE ? CHECK_START                                               // Alg. 1, l. 15
                        : state == State.WIN ? CHECK_DONE                                               // Alg. 2, l. 30
                        : CHECK_UNLOCKED;                                                               // Alg. 3, l. 12
            }
        }
        if (phase == Phase.COMPETE && Long.bitCount(s.C()) == Long.bitCount(s.P())) on |= CHECK_PRIORITIES; // Alg. 2, l. 5
        boolean cleanUpByState = lateApplicants ? state != State.BOTTOM && state != State.LOCKED : state == State.UNLOCK;
        if (phase != Phase.BOTTOM || cleanUpByState) on |= CLEAN_UP;                                    // Alg. 1, l. 20
        return on;
    }
}
