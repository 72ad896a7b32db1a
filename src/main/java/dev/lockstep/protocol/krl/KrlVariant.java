package dev.lockstep.protocol.krl;

/**
 * Which KRL runs: with or without the forwarding of idle tokens (Sec. 4.4), and the appendix as
 * printed ({@code paper}) or with its corrections (the default; README "Interpretation choices").
 */
public enum KrlVariant {
    KRL(false, false),
    KRL_PAPER(false, true),
    KRLF(true, false),
    KRLF_PAPER(true, true);

    private final boolean forwarding;
    private final boolean paper;

    KrlVariant(boolean forwarding, boolean paper) {
        this.forwarding = forwarding;
        this.paper = paper;
    }

    /** KRLF: idle tokens are forwarded to the lowest unvisited neighbour. */
    public boolean forwarding() {
        return forwarding;
    }

    /** The appendix exactly as printed. */
    public boolean paper() {
        return paper;
    }

    /** The scenario's {@code variant} value. */
    public String json() {
        return paper ? "paper" : "corrected";
    }

    public static KrlVariant of(boolean forwarding, String json) {
        boolean paper = "paper".equals(json);
        if (forwarding) return paper ? KRLF_PAPER : KRLF;
        return paper ? KRL_PAPER : KRL;
    }
}
