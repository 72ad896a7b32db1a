package dev.lockstep.core;

/**
 * The one random stream of a simulation: xoshiro256** seeded through SplitMix64. Unlike
 * {@link java.util.Random} its state can be copied, so a copied simulation continues with exactly
 * the same draws as the original.
 */
public final class SeededRandom {
    private long s0, s1, s2, s3;

    public SeededRandom(long seed) {
        long z = seed;
        s0 = splitMix(z += 0x9E3779B97F4A7C15L);
        s1 = splitMix(z += 0x9E3779B97F4A7C15L);
        s2 = splitMix(z += 0x9E3779B97F4A7C15L);
        s3 = splitMix(z += 0x9E3779B97F4A7C15L);
    }

    private SeededRandom(SeededRandom o) {
        s0 = o.s0;
        s1 = o.s1;
        s2 = o.s2;
        s3 = o.s3;
    }

    public SeededRandom copy() {
        return new SeededRandom(this);
    }

    /** Takes {@code o}'s position in the stream (a draw taken back, without a new object). */
    void setTo(SeededRandom o) {
        s0 = o.s0;
        s1 = o.s1;
        s2 = o.s2;
        s3 = o.s3;
    }

    private static long splitMix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    public long nextLong() {
        long result = Long.rotateLeft(s1 * 5, 7) * 9;
        long t = s1 << 17;
        s2 ^= s0;
        s3 ^= s1;
        s1 ^= s2;
        s0 ^= s3;
        s2 ^= t;
        s3 = Long.rotateLeft(s3, 45);
        return result;
    }

    /** Uniform in [0, bound), without modulo bias (Lemire's method). */
    public int nextInt(int bound) {
        if (bound <= 0) throw new IllegalArgumentException("bound must be positive: " + bound);
        long m = (nextLong() >>> 32) * bound;
        long low = m & 0xFFFFFFFFL;
        if (low < bound) {
            long threshold = (0x1_0000_0000L - bound) % bound;
            while (low < threshold) {
                m = (nextLong() >>> 32) * bound;
                low = m & 0xFFFFFFFFL;
            }
        }
        return (int) (m >>> 32);
    }

    /** Uniform in [0, 1). */
    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    /** True with probability p (p ≤ 0: never, p ≥ 1: always, and no draw is spent then). */
    public boolean chance(double p) {
        if (p <= 0) return false;
        if (p >= 1) return true;
        return nextDouble() < p;
    }
}
