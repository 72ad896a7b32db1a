package dev.lockstep.protocol;

import dev.lockstep.core.Protocol;
import java.util.List;

/** Creates a protocol from scenario parameters. */
public interface ProtocolFactory {
    /** Scenario name, e.g. {@code lme}. */
    String name();

    /** The parameter names this protocol accepts (others are rejected as typos). */
    List<String> parameters();

    Protocol<?> create(ProtocolParams params);

    /**
     * The one whole-number parameter the window's settings bar offers (LME's K, KLME's K, KRL's
     * k), or null when the protocol has none.
     */
    default Tunable tunable() {
        return null;
    }

    /**
     * A whole-number parameter: its name in {@code params}, default, bounds and what it means
     * (for the tooltip, e.g. "priorities 0..K-1").
     */
    record Tunable(String name, int defaultValue, int min, int max, String meaning) {}
}
