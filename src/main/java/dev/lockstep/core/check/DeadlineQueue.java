package dev.lockstep.core.check;

import java.util.Arrays;

/**
 * Nodes with a deadline, the earliest first and, at equal deadlines, the lowest node first: a
 * binary heap indexed by node, so a node's deadline can be set or removed in O(log size) and the
 * order never depends on the order of the updates.
 */
final class DeadlineQueue {
    private final int[] deadline;
    /** Position of each node in the heap, −1 when it has no deadline. */
    private final int[] position;
    private int[] heap = new int[16];
    private int size;

    DeadlineQueue(int n) {
        deadline = new int[n];
        position = new int[n];
        Arrays.fill(position, -1);
    }

    boolean isEmpty() {
        return size == 0;
    }

    boolean contains(int u) {
        return position[u] >= 0;
    }

    int deadline(int u) {
        return deadline[u];
    }

    /** The node with the earliest deadline (the queue must not be empty). */
    int first() {
        return heap[0];
    }

    /** Gives u the deadline d, whether it had one or not. */
    void set(int u, int d) {
        int i = position[u];
        if (i < 0) {
            if (size == heap.length) heap = Arrays.copyOf(heap, size * 2);
            i = size++;
            heap[i] = u;
            position[u] = i;
            deadline[u] = d;
            up(i);
            return;
        }
        int old = deadline[u];
        deadline[u] = d;
        if (d < old) up(i);
        else if (d > old) down(i);
    }

    void remove(int u) {
        int i = position[u];
        if (i < 0) return;
        position[u] = -1;
        int last = heap[--size];
        if (i == size) return;
        heap[i] = last;
        position[last] = i;
        up(i);
        down(position[last]);
    }

    private boolean before(int a, int b) {
        return deadline[a] < deadline[b] || (deadline[a] == deadline[b] && a < b);
    }

    private void up(int i) {
        int u = heap[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            int p = heap[parent];
            if (!before(u, p)) break;
            heap[i] = p;
            position[p] = i;
            i = parent;
        }
        heap[i] = u;
        position[u] = i;
    }

    private void down(int i) {
        int u = heap[i];
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) break;
            if (child + 1 < size && before(heap[child + 1], heap[child])) child++;
            int c = heap[child];
            if (!before(c, u)) break;
            heap[i] = c;
            position[c] = i;
            i = child;
        }
        heap[i] = u;
        position[u] = i;
    }
}
