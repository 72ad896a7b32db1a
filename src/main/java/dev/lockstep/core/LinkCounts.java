package dev.lockstep.core;

/**
 * How often each port 1..Δ of each node was linked, modulo 255 and never 0 once linked (the
 * graph's {@code connectionId} pairs it with the round the connection formed). Four bits a port
 * while every count is below 15, which a graph that does not churn never leaves (8 bytes a node
 * at Δ = 16, not 16); the first port linked a 15th time turns the table into a byte a port.
 */
final class LinkCounts {
    private final int delta;
    /** Two ports a byte, the lower one in the low bits; null once {@link #wide}. */
    private byte[] narrow;
    private byte[] wide;

    LinkCounts(int n, int delta) {
        this.delta = delta;
        narrow = new byte[(int) (((long) n * delta + 1) / 2)];
    }

    private LinkCounts(LinkCounts o) {
        delta = o.delta;
        narrow = o.narrow == null ? null : o.narrow.clone();
        wide = o.wide == null ? null : o.wide.clone();
    }

    LinkCounts copy() {
        return new LinkCounts(this);
    }

    /** Port p's count (0: never linked). */
    int get(int u, int p) {
        int i = u * delta + p - 1;
        if (wide != null) return wide[i] & 0xFF;
        return narrow[i >>> 1] >>> ((i & 1) << 2) & 0xF;
    }

    /** Port p was linked once more. */
    void count(int u, int p) {
        int i = u * delta + p - 1;
        int c = get(u, p) + 1;
        if (wide == null && c < 15) {
            int shift = (i & 1) << 2;
            narrow[i >>> 1] = (byte) (narrow[i >>> 1] & ~(0xF << shift) | c << shift);
            return;
        }
        if (wide == null) widen();
        wide[i] = (byte) (c > 255 ? 1 : c);
    }

    /** A byte a port from now on (before a parallel batch of moves: no two nodes share a byte, and no move replaces the table). */
    void widen() {
        if (wide != null) return;
        byte[] w = new byte[narrow.length * 2];
        for (int i = 0; i < w.length; i++) w[i] = (byte) (narrow[i >>> 1] >>> ((i & 1) << 2) & 0xF);
        wide = w;
        narrow = null;
    }
}
