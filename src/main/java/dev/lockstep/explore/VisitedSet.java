package dev.lockstep.explore;

import dev.lockstep.core.Configuration;
import java.util.HashSet;
import java.util.Set;

/**
 * The states an exploration has seen, by key: the full keys ({@link FullKeys}) or their
 * fingerprints ({@code FingerprintSet}). A key is made from a configuration and its move
 * counters, or under symmetry from a state's canonical form ({@link Symmetry.CanonicalKey}); the
 * same key object also names the state in the sleep sets' table of the next level. Only the
 * search's merging thread makes keys and adds them, in discovery order.
 */
interface VisitedSet {
    /**
     * Work {@link #key(Configuration, byte[], long)} would do that an expanding thread can do
     * instead, while nothing is being added: a fingerprint, or 0 when there is none to prepare.
     */
    default long prepare(Configuration config, byte[] counters) {
        return 0;
    }

    /** The key of a state. {@code prepared}: {@link #prepare}'s answer for it, or 0. */
    Object key(Configuration config, byte[] counters, long prepared);

    /** The key of a state's canonical form under symmetry. */
    Object key(Symmetry.CanonicalKey canonical);

    /** Adds a key made by this set; true when it was not there yet. */
    boolean add(Object key);

    /** Adds the state; true when it was not there yet. */
    default boolean add(Configuration config, byte[] counters, long prepared) {
        return add(key(config, counters, prepared));
    }

    /** What the result reports about the set's storage. */
    ExplorationResult.Storage storage(int states);

    /** Full keys in a hash set: exact, and as large as the configurations themselves. */
    final class FullKeys implements VisitedSet {
        private final Set<Object> keys = new HashSet<>();

        @Override
        public Object key(Configuration config, byte[] counters, long prepared) {
            return new StateKey(config, counters);
        }

        @Override
        public Object key(Symmetry.CanonicalKey canonical) {
            return canonical;
        }

        @Override
        public boolean add(Object key) {
            return keys.add(key);
        }

        @Override
        public ExplorationResult.Storage storage(int states) {
            return ExplorationResult.Storage.FULL_KEYS;
        }
    }
}
