package dev.lockstep.protocol.lme;

/** Which LME to run: Algorithms 1-3 exactly as printed, or with their liveness flaws fixed. */
public enum LmeVariant {
    /** Exactly as printed; deadlocks in the schedules described in README ("The printed algorithm's flaws"). */
    PAPER("paper"),
    /**
     * The correction as first proposed (issue 2): late applicants and the wider CleanUp guard, but
     * the Late set is never cleared. Still deadlocks when Late outlives its competition (flaw 3 in
     * README); kept so that schedule can be shown. Kept as first proposed in every other respect
     * too, so a Lock or Unlock call that does not apply still drops D (flaw 4).
     */
    CORRECTED_UNSCOPED("corrected-unscoped"),
    /**
     * The default. (1) When CheckPriorities decides a trial, the current applicants are late; a
     * late applicant's request-lock is answered at once with win(false) instead of entering P.
     * (2) Late belongs to one competition: it is cleared when C becomes empty.
     * (3) The CleanUp action is enabled whenever phase ≠ ⊥ or state ∉ {⊥, locked}.
     * (4) InitLock and InitUnlock call CleanUp() before their l. 2 test, so a call that does not
     * apply still processes the D snapshot it consumes (flaw 4).
     */
    CORRECTED("corrected");

    private final String json;

    LmeVariant(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }

    /** Whether the late-applicant rule and the wider CleanUp guard apply. */
    public boolean lateApplicants() {
        return this != PAPER;
    }

    /**
     * Whether InitLock and InitUnlock run CleanUp() before their l. 2 test (Alg. 1 and 3), instead
     * of only when the call applies (l. 3).
     */
    public boolean cleanUpOnEveryCall() {
        return this == CORRECTED;
    }

    public static LmeVariant parse(String s) {
        for (LmeVariant v : values()) if (v.json.equals(s)) return v;
        return null;
    }
}
