package dev.lockstep.core;

/**
 * Sets of port labels as 64-bit registers: port ℓ is in the set iff bit ℓ is 1 (paper, proof of
 * Lemma 4.18: "linear registers of length Δ"). Port 0 is the node itself, so Δ ≤ 63.
 */
public final class PortSet {
    public static final long EMPTY = 0L;
    public static final int MAX_DELTA = 63;

    private PortSet() {}

    /**
     * Null if {@code port} is a port label of a node with {@code delta} ports (0..Δ, 0 being the
     * node itself), else what is wrong. A label outside would alias in a 64-bit set ({@code 1L << 66}
     * is {@code 1L << 2}), so every port read from a file is checked with this where it enters.
     */
    public static String outOfRange(long port, int delta) {
        return port >= 0 && port <= delta ? null : "port " + port + " is outside 0.." + delta + " (Δ = " + delta + ")";
    }

    /** The same for a port an edge takes: 1..Δ (port 0 is the node itself). */
    public static String outOfLinkRange(long port, int delta) {
        return port >= 1 && port <= delta ? null
                : "port " + port + " is outside 1.." + delta + " (Δ = " + delta + "; port 0 is the node itself)";
    }

    public static long of(int... ports) {
        long s = 0;
        for (int p : ports) s |= bit(p);
        return s;
    }

    public static long bit(int port) {
        return 1L << port;
    }

    public static boolean contains(long set, int port) {
        return (set & (1L << port)) != 0;
    }

    public static long add(long set, int port) {
        return set | (1L << port);
    }

    public static long remove(long set, int port) {
        return set & ~(1L << port);
    }

    public static int size(long set) {
        return Long.bitCount(set);
    }

    public static boolean isEmpty(long set) {
        return set == 0;
    }

    /** Lowest port in the set, or -1. Iterate with {@code for (long s = set; s != 0; s &= s - 1)}. */
    public static int first(long set) {
        return set == 0 ? -1 : Long.numberOfTrailingZeros(set);
    }

    /** "{0,2,3}", or "∅" for the empty set — the paper's notation. */
    public static String format(long set) {
        if (set == 0) return "∅";
        StringBuilder sb = new StringBuilder("{");
        for (long s = set; s != 0; s &= s - 1) {
            if (sb.length() > 1) sb.append(',');
            sb.append(Long.numberOfTrailingZeros(s));
        }
        return sb.append('}').toString();
    }
}
