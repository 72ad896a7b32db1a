package dev.lockstep.core;

/**
 * One port set per node, in four bytes a node while every port is below 32 (Δ ≤ 31) and eight
 * otherwise; the sets read and write as the {@code long}s of {@link PortSet} either way. Each node's
 * set is its own array element, so nodes' sets may change from different threads.
 */
final class PortSets {
    private final int[] narrow;
    private final long[] wide;

    PortSets(int n, int delta) {
        narrow = delta < Integer.SIZE ? new int[n] : null;
        wide = narrow == null ? new long[n] : null;
    }

    private PortSets(PortSets o) {
        narrow = o.narrow == null ? null : o.narrow.clone();
        wide = o.wide == null ? null : o.wide.clone();
    }

    PortSets copy() {
        return new PortSets(this);
    }

    long get(int u) {
        return narrow != null ? narrow[u] & 0xFFFF_FFFFL : wide[u];
    }

    void set(int u, long ports) {
        if (narrow != null) narrow[u] = (int) ports;
        else wide[u] = ports;
    }

    void add(int u, int port) {
        if (narrow != null) narrow[u] |= 1 << port;
        else wide[u] |= 1L << port;
    }

    void remove(int u, int port) {
        if (narrow != null) narrow[u] &= ~(1 << port);
        else wide[u] &= ~(1L << port);
    }

    /** The node's set, emptied. */
    long take(int u) {
        long s = get(u);
        if (narrow != null) narrow[u] = 0;
        else wide[u] = 0;
        return s;
    }
}
