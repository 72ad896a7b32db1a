package dev.lockstep.core.adversary;

import dev.lockstep.core.Listings;
import dev.lockstep.core.Simulation;

/** How a scheduler picks among a node's enabled choices (always uniformly at random). */
public enum NodeChoice {
    /**
     * The default: among choices that change something. A node whose only enabled actions are
     * no-ops is not activated, which the semi-synchronous adversary may always do.
     */
    EFFECTIVE("effective"),
    /** Among all enabled choices, no-ops included: the literal adversary of Sec. 2.1. */
    ANY("any");

    private final String json;

    NodeChoice(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }

    public static NodeChoice parse(String s) {
        for (NodeChoice c : values()) if (c.json.equals(s)) return c;
        return null;
    }

    /** Lists every node's choices ahead on the simulation's workers: what a policy asking every node does first. */
    Listings listAhead(Simulation sim) {
        return sim.listChoicesAhead(this == EFFECTIVE);
    }

    int enumerate(Simulation sim, int u, int[] buf) {
        return this == EFFECTIVE ? sim.enumerateEffective(u, buf) : sim.enumerate(u, buf);
    }
}
