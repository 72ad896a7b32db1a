package dev.lockstep.application;

/**
 * How an application isolates its interactions (LME paper, Sec. 6, first paragraph).
 * {@link #NEIGHBOURHOOD}: u calls Lock, and once it holds its lock set it interacts with one of
 * the locked neighbours. {@link #NONE}: the baseline without locks, where a node interacts
 * whenever it likes. {@link #PAIR}: u chooses its partner v first and calls a Lock scoped to u
 * and v ({@code Protocol.lockScopes()}: LME), which avoids a competition with the whole
 * neighbourhood; scenario files refuse it for protocols without scoped Locks.
 */
public enum LockMode {
    NEIGHBOURHOOD("neighbourhood"),
    PAIR("pair"),
    NONE("none");

    private final String json;

    LockMode(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }

    /** The mode a scenario names, or null. */
    public static LockMode parse(String s) {
        for (LockMode m : values()) if (m.json.equals(s)) return m;
        return null;
    }
}
