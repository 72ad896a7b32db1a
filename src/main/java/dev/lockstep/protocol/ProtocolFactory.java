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
}
