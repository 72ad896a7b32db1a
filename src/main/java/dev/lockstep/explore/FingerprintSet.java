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
 * <p>The hash is XXH64's 8-byte round and final avalanche applied word by word (not bit-compatible
 * with XXH64 itself). Two different states share a fingerprint with probability about 2^-64, so
 * among n states some pair does with probability at most n²/2^65: then the later one is taken for
 * the earlier and not explored. The result reports that bound.
 */
final class FingerprintSet implements VisitedSet, Configuration.Codes {
    private static final long P1 = 0x9E3779B185EBCA87L;
    private static final long P2 = 0xC2B2AE3D27D4EB4FL;
    private static final long P3 = 0x165667B19E3779F9L;
    private static final long P4 = 0x85EBCA77C2B2AE63L;
    private static final long P5 = 0x27D4EB2F165667C5L;
    /** Marks an empty slot; a fingerprint equal to it is stored as {@link #ZERO_STANDS_IN}. */
    private static final long EMPTY = 0;
    private static final long ZERO_STANDS_IN = P5;

    private final Map<NodeState, Integer> stateCodes = new HashMap<>();
    private final Map<Message, Integer> messageCodes = new HashMap<>();
    private long[] table = new long[1 << 12];
    private int size;

    @Override
    public boolean add(Configuration config, byte[] counters, long prepared) {
        return addFingerprint(prepared != EMPTY ? prepared : fingerprint(config.encode(this), counters));
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
        long fp = fingerprint(words, counters);
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

    /** The fingerprint of an encoded key and its counters. */
    static long fingerprint(long[] words, byte[] counters) {
        long h = P5 + 8L * (words.length + counters.length);
        for (long w : words) h = step(h, w);
        long packed = counters.length;
        for (int i = 0; i < counters.length; i++) {
            if (i % 7 == 0) {
                h = step(h, packed);
                packed = 0;
            }
            packed = packed << 8 | (counters[i] & 0xFF);
        }
        h = step(h, packed);
        h ^= h >>> 33;
        h *= P2;
        h ^= h >>> 29;
        h *= P3;
        h ^= h >>> 32;
        return h;
    }

    private static long step(long h, long w) {
        long k = Long.rotateLeft(w * P2, 31) * P1;
        return Long.rotateLeft(h ^ k, 27) * P1 + P4;
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
