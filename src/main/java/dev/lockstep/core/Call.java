package dev.lockstep.core;

/** A call from the application layer into the protocol (Lock/Unlock; try/exit for the classics). */
public enum Call {
    LOCK("lock"),
    UNLOCK("unlock");

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
