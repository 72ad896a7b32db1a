package dev.lockstep.core.check;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * Nodes with a deadline, taken out once it falls due: each node's deadline, and per block of 64
 * nodes a lower bound of its deadlines, so a round's end reads the bounds (a word per 64 nodes)
 * and only the blocks holding a due node, or one that left since the bound was taken. Four
 * bytes a node (a heap indexed by node took twelve, and in a long LME run nearly every node
 * waits). What falls due comes out in node order, so nothing depends on the order of updates.
 */
final class DeadlineQueue {
    /** No deadline. */
    private static final int NONE = Integer.MAX_VALUE;

    private final int[] deadline;
    /** Per block of 64 nodes, at most its earliest deadline (NONE: no node of the block has one). */
    private final int[] earliest;
    private int size;

    DeadlineQueue(int n) {
        deadline = new int[n];
        Arrays.fill(deadline, NONE);
        earliest = new int[(n + 63) >>> 6];
        Arrays.fill(earliest, NONE);
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    boolean contains(int u) {
        return deadline[u] != NONE;
    }

    int deadline(int u) {
        return deadline[u];
    }

    /** Gives u the deadline d (below {@link Integer#MAX_VALUE}), whether it had one or not. */
    void set(int u, int d) {
        if (deadline[u] == NONE) size++;
        deadline[u] = d;
        int b = u >>> 6;
        if (d < earliest[b]) earliest[b] = d;
    }

    /** Takes u's deadline away (its block's bound stays: a lower bound still, renewed when read). */
    void remove(int u) {
        if (deadline[u] == NONE) return;
        deadline[u] = NONE;
        size--;
    }

    /** Takes out every node whose deadline is at most {@code round}, handing each to {@code due} in node order. */
    void takeDue(int round, IntConsumer due) {
        if (size == 0) return;
        int n = deadline.length;
        for (int b = 0; b < earliest.length; b++) {
            if (earliest[b] > round) continue;
            int least = NONE;
            for (int u = b << 6, to = Math.min(n, u + 64); u < to; u++) {
                int d = deadline[u];
                if (d <= round) {
                    deadline[u] = NONE;
                    size--;
                    due.accept(u);
                } else if (d < least) {
                    least = d;
                }
            }
            earliest[b] = least;
        }
    }
}
