package dev.lockstep.protocol.lme;

import dev.lockstep.core.StateGuards;
import dev.lockstep.protocol.lme.LmeState.Phase;
import dev.lockstep.protocol.lme.LmeState.State;
import java.util.List;
import java.util.function.Predicate;

/**
 * The guards of LME's state actions (Algorithms 1-3), each as printed, and all six evaluated in
 * one pass for listing enabled choices: every term is read once, and the terms on state and
 * phase are looked up in tables (the four guards on {@code state} exclude one another, so one
 * entry per state names the R = L guard's action).
 * {@code ListingTogetherProperties} checks the pass against the six guards on random states, and
 * {@code CodedListingProperties} on every state generated runs reach.
 */
final class LmeGuards implements StateGuards<LmeState> {
    /** Bits of {@link #enabled}, in the order of the state actions in {@link Lme#actions()}. */
    static final long CHECK_START = 1, CLEAN_UP = 1 << 1, CHECK_PRIORITIES = 1 << 2, CHECK_WIN = 1 << 3,
            CHECK_DONE = 1 << 4, CHECK_UNLOCKED = 1 << 5;

    private final boolean lateApplicants;
    private static final State[] STATES = State.values();
    private static final Phase[] PHASES = Phase.values();
    private static final int COMPETING = State.COMPETE.ordinal(), IN_COMPETITION = Phase.COMPETE.ordinal(), PHASE_COUNT = PHASES.length;
    /**
     * By state: the action whose guard is that state and R = L (Alg. 1, l. 15: prepare; Alg. 2,
     * l. 30: win; Alg. 3, l. 12: unlock), 0 for the other states.
     */
    private static final long[] WHEN_R_IS_L = new long[STATES.length];

    static {
        WHEN_R_IS_L[State.PREPARE.ordinal()] = CHECK_START;
        WHEN_R_IS_L[State.WIN.ordinal()] = CHECK_DONE;
        WHEN_R_IS_L[State.UNLOCK.ordinal()] = CHECK_UNLOCKED;
    }

    /**
     * By state and phase ({@code state * 3 + phase}): {@link #CLEAN_UP} where Alg. 1, l. 20's guard
     * holds ({@link #cleanUpEnabled}, which reads nothing else), else 0; made by asking it.
     */
    private final long[] cleanUpBy = new long[STATES.length * PHASES.length];

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
        LmeState probe = new LmeState(1, false);
        for (State state : STATES) {
            for (Phase phase : PHASES) {
                probe.state(state);
                probe.phase(phase);
                if (cleanUpEnabled(probe)) cleanUpBy[state.ordinal() * PHASE_COUNT + phase.ordinal()] = CLEAN_UP;
            }
        }
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

    /**
     * The six guards above, term by term, with each shared term read once and the terms on state
     * and phase looked up in tables instead of branched on (a listing evaluates this for most
     * nodes every round, and the branches on a node's state are hard to predict).
     */
    @Override
    public long enabled(LmeState s) {
        int state = s.stateIndex();
        int phase = s.phaseIndex();
        long l = s.L();
        int winsShort = Long.bitCount(s.W()) - Long.bitCount(l);
        int repliesShort = Long.bitCount(s.C()) - Long.bitCount(s.P());
        return (s.R() == l ? WHEN_R_IS_L[state] : 0)                                                // Alg. 1, l. 15; Alg. 2, l. 30; Alg. 3, l. 12
                | (state == COMPETING & winsShort == 0 ? CHECK_WIN : 0)                                // Alg. 2, l. 14
                | (phase == IN_COMPETITION & repliesShort == 0 ? CHECK_PRIORITIES : 0)                // Alg. 2, l. 5
                | cleanUpBy[state * PHASE_COUNT + phase];                                                // Alg. 1, l. 20
    }
}
