package dev.lockstep.explore;

/**
 * The 64-bit hash of the explorer's fingerprints: XXH64's 8-byte round and final avalanche
 * applied word by word (not bit-compatible with XXH64 itself), over exact encodings of states:
 * a configuration's words and its move counters, or a canonical form's ints under symmetry.
 */
final class Fingerprints {
    private static final long P1 = 0x9E3779B185EBCA87L;
    private static final long P2 = 0xC2B2AE3D27D4EB4FL;
    private static final long P3 = 0x165667B19E3779F9L;
    private static final long P4 = 0x85EBCA77C2B2AE63L;
    private static final long P5 = 0x27D4EB2F165667C5L;

    private Fingerprints() {}

    /** The fingerprint of an encoded key and its counters. */
    static long of(long[] words, byte[] counters) {
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
        return avalanche(h);
    }

    /** The fingerprint of an int encoding (a canonical form under symmetry). */
    static long of(int[] encoding) {
        long h = P5 + 4L * encoding.length;
        for (int i = 0; i < encoding.length; i += 2) {
            long w = encoding[i] & 0xFFFFFFFFL;
            if (i + 1 < encoding.length) w |= (long) encoding[i + 1] << 32;
            h = step(h, w);
        }
        return avalanche(h);
    }

    /** XXH64's final mix, so that every input bit reaches every output bit. */
    private static long avalanche(long h) {
        h ^= h >>> 33;
        h *= P2;
        h ^= h >>> 29;
        h *= P3;
        return h ^ h >>> 32;
    }

    private static long step(long h, long w) {
        long k = Long.rotateLeft(w * P2, 31) * P1;
        return Long.rotateLeft(h ^ k, 27) * P1 + P4;
    }
}
