package dev.lockstep.core;

/** Whether a plan names each node at most once: one bit per node, kept between calls and cleared after each. */
final class DistinctNodes {
    private long[] seen;

    /** Whether {@code nodes[0..k)} are distinct ids of nodes 0..n-1. */
    boolean of(int[] nodes, int k, int n) {
        if (seen == null || seen.length != (n + 63) >>> 6) seen = new long[(n + 63) >>> 6];
        boolean distinct = true;
        int i = 0;
        for (; i < k && distinct; i++) {
            int u = nodes[i];
            if (u < 0 || u >= n || (seen[u >>> 6] & 1L << u) != 0) distinct = false;
            else seen[u >>> 6] |= 1L << u;
        }
        for (int j = 0; j < i; j++) {
            int u = nodes[j];
            if (u >= 0 && u < n) seen[u >>> 6] = 0;
        }
        return distinct;
    }
}
