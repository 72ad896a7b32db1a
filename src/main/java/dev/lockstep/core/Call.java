package dev.lockstep.core;

/**
 * A call from the application layer into the protocol (Lock/Unlock; try/exit for the classics).
 * {@link #MOVE} is not the application's: the core raises it at a node that an adversary move took
 * into another area, for protocols that declare {@link Requirements#regions()} (KLME's events I
 * and K); scenarios cannot script it.
 */
public enum Call {
    LOCK("lock"),
    UNLOCK("unlock"),
    MOVE("move");

    private final String json;

    Call(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }

    public static Call parse(String s) {
        for (Call c : values()) if (c.json.equals(s)) return c;
        return null;
    }
}
