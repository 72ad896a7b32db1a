package dev.lockstep.protocol.lme;

import dev.lockstep.core.SystemView;
import java.util.Arrays;

/**
 * A certificate that the dependency graph of Lemma 4.6 has no cycle, kept from round to round: a
 * height per vertex (2u initiator u, 2u+1 participant u) with h[x] &gt; h[y] for every edge x → y.
 * A graph has such heights exactly when it has no cycle. Removing an edge never breaks them, so
 * after a round only the edges new since the last check (from the vertices that gained one) can:
 * for each of those that does not lead down, its target is lowered below its source, and then the
 * targets of the target below it, and so on forwards. Heights only fall. The work is in the edges
 * that break the last known order, not in the graph.
 *
 * <p>A repair that comes back to the vertex it started from has found a cycle (or, while some
 * masks are still last round's, perhaps not); one that lowers more vertices than its budget, or a
 * height near −{@link #limit}, gives up. Either way the
 * certificate is dropped and the caller decides by a search of the whole graph, so the verdict is
 * exact whatever the repair does: when every repair ends, every edge leads down, which no cycle
 * allows.
 */
final class DependencyHeights {
    /** The graph the heights are kept for: a vertex's out-edges as the ports of its node they leave through. */
    interface Edges {
        long edges(int vertex);
    }

    /** Heights stay above −LIMIT; a repair reaching it gives up, and the rebuild starts again from 0 up. */
    static final int LIMIT = 1 << 30;
    private final int limit;
    /** Lowerings a repair may make: this many per root (a vertex with a new edge that does not lead down). */
    private final int perRoot;
    private int[] h = new int[0];
    private boolean valid;
    /** Vertices lowered whose out-edges are still to look at (repair), or the search path (build). */
    private int[] stack = new int[16];
    /** Per depth of the build's search: the out-edges not followed yet, and the height so far. */
    private long[] remaining = new long[16];
    private int[] best = new int[16];
    /** The lowerings this round's repair made, and those its roots so far allow. */
    private long lowerings;
    private long allowed;
    /** What {@link #startRepair} read, kept so that its reads are not left out. */
    private int touched;
    /** Repairs that ended with every edge leading down, and those that gave up (tests' statistics). */
    int repaired;
    int gaveUp;

    DependencyHeights(int perRoot, int limit) {
        this.perRoot = perRoot;
        this.limit = limit;
    }

    /** Whether the heights hold for the graph as last built or repaired. */
    boolean valid() {
        return valid;
    }

    void invalidate() {
        valid = false;
    }

    /** A vertex's height (tests: check the certificate edge by edge). */
    int height(int vertex) {
        return h[vertex];
    }

    /** The vertex an edge leads to: a participant's edges lead to initiators, an initiator's to participants; -1 when the port is open. */
    static int target(SystemView view, int vertex, int port) {
        int v = view.peer(vertex >> 1, port);
        if (v < 0) return -1;
        return 2 * v + ((vertex & 1) == 1 ? 0 : 1); // participant → initiator, initiator → participant
    }

    /**
     * Heights from scratch, each vertex's the length of the longest path from it: a depth-first
     * search from every vertex in order, on one thread, so the heights do not depend on timing.
     * Returns false, the certificate dropped, when the graph has a cycle.
     */
    boolean build(SystemView view, Edges g, int vertices) {
        valid = false;
        if (h.length != vertices) h = new int[vertices];
        Arrays.fill(h, -1); // -1 unvisited, -2 on the path, else done
        for (int start = 0; start < vertices; start++) {
            if (h[start] >= 0) continue;
            long first = g.edges(start);
            if (first == 0) h[start] = 0;
            else if (!search(view, g, start, first)) return false;
        }
        valid = true;
        return true;
    }

    /** The build's search from an unvisited vertex with out-edges; false when it closes a cycle. */
    private boolean search(SystemView view, Edges g, int start, long first) {
        int depth = 0;
        stack[0] = start;
        remaining[0] = first;
        best[0] = 0;
        h[start] = -2;
        while (depth >= 0) {
            long rest = remaining[depth];
            if (rest == 0) {
                int done = best[depth];
                h[stack[depth]] = done;
                if (--depth >= 0) best[depth] = Math.max(best[depth], done + 1);
                continue;
            }
            remaining[depth] = rest & (rest - 1);
            int w = target(view, stack[depth], Long.numberOfTrailingZeros(rest));
            if (w < 0) continue;
            int hw = h[w];
            if (hw == -2) return false;
            if (hw >= 0) {
                best[depth] = Math.max(best[depth], hw + 1);
                continue;
            }
            long next = g.edges(w);
            if (next == 0) {
                h[w] = 0;
                best[depth] = Math.max(best[depth], 1);
                continue;
            }
            if (++depth == stack.length) grow();
            stack[depth] = w;
            remaining[depth] = next;
            best[depth] = 0;
            h[w] = -2;
        }
        return true;
    }

    private void grow() {
        stack = Arrays.copyOf(stack, stack.length * 2);
        remaining = Arrays.copyOf(remaining, stack.length);
        best = Arrays.copyOf(best, stack.length);
    }

    /** Whether one of the edges leaving a vertex through {@code ports} does not lead down. */
    boolean breaks(SystemView view, int vertex, long ports) {
        int hv = h[vertex];
        for (long rest = ports; rest != 0; rest &= rest - 1) {
            int w = target(view, vertex, Long.numberOfTrailingZeros(rest));
            if (w >= 0 && h[w] >= hv) return true;
        }
        return false;
    }

    /**
     * After a round whose new edges leave the roots (the vertices of {@code changed} whose bit, two
     * a node as in {@code gained}, is set): {@link #lower}s from each root's out-edges. Returns
     * whether every edge leads down again; false, the certificate dropped, when a repair gave up.
     */
    boolean repair(SystemView view, Edges g, int[] changed, long[] gained) {
        for (int word = 0, words = (changed.length + 31) >>> 5; word < words; word++) {
            for (long bits = gained[word]; bits != 0; bits &= bits - 1) {
                int b = Long.numberOfTrailingZeros(bits);
                int root = 2 * changed[(word << 5) + (b >>> 1)] + (b & 1);
                if (!lower(view, g, root, g.edges(root))) return false;
            }
        }
        repaired++;
        return true;
    }

    /**
     * Starts a round's repair: its budget grows by {@code perRoot} lowerings with each root
     * {@link #lower} is given. Reads the heights first, a cache line after another: the repair
     * then looks them up at random, and finds them in the cache instead of waiting on memory
     * for each (at 100,000 nodes the whole table takes a sixtieth of what the lookups cost).
     */
    void startRepair() {
        allowed = 0;
        lowerings = 0;
        int sum = 0;
        for (int i = 0; i < h.length; i += 16) sum += h[i];
        touched = sum;
    }

    /** Ends a round's repair that every {@link #lower} of it passed. */
    void repaired() {
        repaired++;
    }

    /**
     * For each of the root's out-edges through {@code ports} that does not lead down, lowers its
     * target below the root, then the targets of every vertex lowered that no longer lie below
     * it, and so on forwards (the lowered vertices' out-edges as {@code g} has them now). The
     * root's edges through other ports must lead down already. Lowering reads a vertex's own
     * out-edges; raising the root instead would read every neighbour's, to find its predecessors.
     * Returns false, the certificate dropped, when the lowering reached the root itself (a path
     * from it back to it: a cycle, when every mask is the round's), or went over the budget
     * ({@code perRoot} lowerings per root of this repair so far) or near the limit: no verdict.
     */
    boolean lower(SystemView view, Edges g, int root, long ports) {
        allowed += perRoot;
        int top = 0;
        for (int v = root; ; ) {
            int below = h[v] - 1;
            for (long rest = ports; rest != 0; rest &= rest - 1) {
                int w = target(view, v, Long.numberOfTrailingZeros(rest));
                if (w < 0 || h[w] <= below) continue;
                if (w == root || below <= -limit || ++lowerings > allowed) return giveUp();
                h[w] = below;
                if (top == stack.length) grow();
                stack[top++] = w;
            }
            if (top == 0) return true;
            v = stack[--top];
            ports = g.edges(v);
        }
    }

    private boolean giveUp() {
        valid = false;
        gaveUp++;
        return false;
    }
}
