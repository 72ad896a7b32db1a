package dev.lockstep.protocol.klme;

/**
 * The printed pseudocode or the corrected one (README, "Interpretation choices"). The paper
 * variant does what Sec. 3.4 prints where that is executable; each flag is one place where the
 * corrected default departs from it.
 */
public enum KlmeVariant {
    CORRECTED("corrected", false),
    PAPER("paper", true);

    private final String json;
    private final boolean printed;

    KlmeVariant(String json, boolean printed) {
        this.json = json;
        this.printed = printed;
    }

    public String json() {
        return json;
    }

    public static KlmeVariant parse(String s) {
        for (KlmeVariant v : values()) if (v.json.equals(s)) return v;
        throw new IllegalArgumentException("unknown KLME variant " + s);
    }

    /** A, l. 2: M_Th_id = j before the staleness test, so a stale Leader_info still names the leader. */
    boolean staleLeaderInfoNamesLeader() { return printed; }

    /** C, ll. 13–14: Leader_info is broadcast before the Token is sent (Sec. 7 then misreads it as a loss). */
    boolean leaderInfoBeforeToken() { return printed; }

    /** G, l. 6: Per_grant is sent without Kfree − 1 and without an entry in T_alloc_id. */
    boolean grantWithoutAllocation() { return printed; }

    /** I, l. 2: only a leader in CS hands the token over; an idle leader walks away with it. */
    boolean idleLeaderKeepsToken() { return printed; }

    /** B, l. 5 and H, l. 9: the token holder enters CS with Kfree − 1 even when Kfree = 0. */
    boolean entersWithoutFreeResource() { return printed; }
}
