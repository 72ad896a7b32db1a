package dev.lockstep.protocol.lme;

/** Which LME to run: Algorithms 1-3 exactly as printed, or with the two liveness flaws fixed. */
public enum LmeVariant {
    /** Exactly as printed; deadlocks in the two schedules described in README ("Two flaws"). */
    PAPER("paper"),
    /**
     * The default. (1) CheckPriorities remembers the current applicants as late; a late
     * applicant's request-lock is answered at once with win(false) instead of entering P.
     * (2) The CleanUp action is enabled whenever phase ≠ ⊥ or state ∉ {⊥, locked}.
     */
    CORRECTED("corrected");

    private final String json;

    LmeVariant(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }

    public static LmeVariant parse(String s) {
        for (LmeVariant v : values()) if (v.json.equals(s)) return v;
        return null;
    }
}
