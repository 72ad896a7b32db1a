package dev.lockstep.explore;

import dev.lockstep.core.Configuration;
import dev.lockstep.core.Message;
import dev.lockstep.core.NodeState;
import java.util.HashMap;
import java.util.Map;

/**
 * Visited states as 64-bit fingerprints in an open-addressing table of longs (8 bytes a slot, at
 * most three quarters full), instead of full keys.
 *
 * <p>The fingerprint hashes an exact encoding of the key ({@link Configuration#encode}, then the
 * counters). Node states and messages enter it by number: each distinct value (by its
 * {@code equals}) is numbered in the order the search first meets it, as SPIN's collapse
 * compression does. That makes the encoding exact without asking protocols for anything, and the
 * fingerprint the same in every JVM run: no {@code hashCode()} reaches it (hash codes only find
 * values in the numbering tables; enums' and objects' differ between runs). The numbering tables
 * keep one copy of each distinct node state and message, far fewer than the states.
 *
 * <p>The hash is {@link Fingerprints}'. Two different states share a fingerprint with probability about 2^-64, so
 * among n states some pair does with probability at most n²/2^65: then the later one is taken for
 * the earlier and not explored. The result reports that bound.
 */
final class FingerprintSet implements VisitedSet, Configuration.Codes {
    /** Marks an empty slot; a fingerprint equal to it is stored as {@link #ZERO_STANDS_IN}. */
    private static final long EMPTY = 0;
    private static final long ZERO_STANDS_IN = 0x27D4EB2F165667C5L;

    private final Map<NodeState, Integer> stateCodes = new HashMap<>();
    private final Map<Message, Integer> messageCodes = new HashMap<>();
    private long[] table = new long[1 << 12];
    private int size;

    /** The fingerprint, boxed (it also names the state in the sleep sets' table). */
    @Override
    public Object key(Configuration config, byte[] counters, long prepared) {
        if (prepared != EMPTY) return prepared;
        long fp = Fingerprints.of(config.encode(this), counters);
        return fp == EMPTY ? ZERO_STANDS_IN : fp;
    }

    /**
     * The fingerprint of a canonical form: its encoding (which numbers node states and messages
     * itself, and includes the counters) through the same mix as configurations.
     */
    @Override
    public Object key(Symmetry.CanonicalKey canonical) {
        long fp = canonical.fingerprint();
        return fp == EMPTY ? ZERO_STANDS_IN : fp;
    }

    @Override
    public boolean add(Object key) {
        return addFingerprint((Long) key);
    }

    /**
     * The fingerprint when every node state and message of the configuration is numbered
     * already (so nothing is added to the numbering tables, which threads may read at once), else
     * 0. Numbers are soon all known: the distinct node states and messages are few.
     */
    @Override
    public long prepare(Configuration config, byte[] counters) {
        Known known = new Known();
        long[] words = config.encode(known);
        if (known.missing) return EMPTY;
        long fp = Fingerprints.of(words, counters);
        return fp == EMPTY ? ZERO_STANDS_IN : fp;
    }

    /** The numbers given so far, read only; notes whether one was missing. */
    private final class Known implements Configuration.Codes {
        boolean missing;

        @Override
        public long of(NodeState s) {
            Integer code = stateCodes.get(s);
            if (code == null) missing = true;
            return code == null ? 0 : code;
        }

        @Override
        public long of(Message m) {
            Integer code = messageCodes.get(m);
            if (code == null) missing = true;
            return code == null ? 0 : code;
        }
    }

    @Override
    public long of(NodeState s) {
        return stateCodes.computeIfAbsent(s, k -> stateCodes.size());
    }

    @Override
    public long of(Message m) {
        return messageCodes.computeIfAbsent(m, k -> messageCodes.size());
    }

    @Override
    public ExplorationResult.Storage storage(int states) {
        return new ExplorationResult.Storage(64, (long) table.length * Long.BYTES, stateCodes.size(), messageCodes.size());
    }

    /** Adds a fingerprint; true when it was not there yet. */
    boolean addFingerprint(long fp) {
        if (fp == EMPTY) fp = ZERO_STANDS_IN;
        int mask = table.length - 1;
        for (int i = (int) fp & mask; ; i = (i + 1) & mask) {
            if (table[i] == fp) return false;
            if (table[i] == EMPTY) {
                table[i] = fp;
                if (++size > table.length / 4 * 3) grow();
                return true;
            }
        }
    }

    int size() {
        return size;
    }

    private void grow() {
        long[] old = table;
        table = new long[old.length * 2];
        int mask = table.length - 1;
        for (long fp : old) {
            if (fp == EMPTY) continue;
            int i = (int) fp & mask;
            while (table[i] != EMPTY) i = (i + 1) & mask;
            table[i] = fp;
        }
    }
}
