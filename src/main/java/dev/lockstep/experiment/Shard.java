package dev.lockstep.experiment;

/**
 * The I-th of N disjoint slices of a sweep's runs ({@code --shard I/N}). Runs are numbered in grid
 * order (point by point, each point's seeds in the spec's order) and dealt out in turn, run r to
 * slice r mod N + 1: every slice gets some of every region of the grid, so slow points are shared.
 */
public record Shard(int index, int count) {
    public static final Shard ALL = new Shard(1, 1);

    public Shard {
        if (count < 1 || index < 1 || index > count) throw new IllegalArgumentException("shard " + index + "/" + count);
    }

    /** Parses {@code I/N}; null if it is not of that form with 1 ≤ I ≤ N. */
    public static Shard parse(String text) {
        String[] parts = text.strip().split("/", -1);
        if (parts.length != 2 || !parts[0].matches("\\d{1,9}") || !parts[1].matches("\\d{1,9}")) return null;
        int i = Integer.parseInt(parts[0]);
        int n = Integer.parseInt(parts[1]);
        return n >= 1 && i >= 1 && i <= n ? new Shard(i, n) : null;
    }

    public boolean contains(long run) {
        return run % count == index - 1;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
