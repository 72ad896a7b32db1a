package dev.lockstep.explore;

import dev.lockstep.core.Configuration;
import java.util.HashSet;
import java.util.Set;

/**
 * The states an exploration has seen, by key (configuration and move counters): the full keys
 * ({@link FullKeys}) or their fingerprints ({@code FingerprintSet}). Only the search's merging
 * thread adds to it, in discovery order.
 */
interface VisitedSet {
    /**
     * Work {@link #add} would do that an expanding thread can do instead, while nothing is being
     * added: a fingerprint, or 0 when there is none to prepare.
     */
    default long prepare(Configuration config, byte[] counters) {
        return 0;
    }

    /** Adds the state; true when it was not there yet. {@code prepared}: {@link #prepare}'s answer for it, or 0. */
    boolean add(Configuration config, byte[] counters, long prepared);

    /** What the result reports about the set's storage. */
    ExplorationResult.Storage storage(int states);

    /** Full keys in a hash set: exact, and as large as the configurations themselves. */
    final class FullKeys implements VisitedSet {
        private final Set<StateKey> keys = new HashSet<>();

        @Override
        public boolean add(Configuration config, byte[] counters, long prepared) {
            return keys.add(new StateKey(config, counters));
        }

        @Override
        public ExplorationResult.Storage storage(int states) {
            return ExplorationResult.Storage.FULL_KEYS;
        }
    }
}
