package dev.lockstep.core;

/** Which open port a new edge takes on each end. */
public enum PortAssignment {
    /** The lowest open port (deterministic, easy to follow in a lecture). */
    LOWEST("lowest"),
    /** A uniformly random open port, drawn from the simulation's stream. */
    RANDOM("random");

    private final String json;

    PortAssignment(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }

    public static PortAssignment parse(String s) {
        for (PortAssignment p : values()) if (p.json.equals(s)) return p;
        return null;
    }
}
