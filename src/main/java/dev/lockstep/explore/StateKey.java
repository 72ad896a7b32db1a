package dev.lockstep.explore;

import dev.lockstep.core.Configuration;
import java.util.Arrays;

/**
 * The fingerprint under which states are merged: the configuration (which ignores time, message
 * ids and the random stream) plus the move counters that bound what may still happen.
 */
final class StateKey {
    private final Configuration config;
    private final byte[] counters;
    private final int hash;

    StateKey(Configuration config, byte[] counters) {
        this.config = config;
        this.counters = counters;
        this.hash = config.hashCode() * 31 + Arrays.hashCode(counters);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StateKey k && k.hash == hash && Arrays.equals(k.counters, counters) && k.config.equals(config);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
