package dev.lockstep.core;

import java.util.Arrays;

/**
 * One thread's part of a batch of unit-disk moves made in parallel ({@link ParallelMoves}). What a
 * move would add to state that all nodes share (the counts of edges, slots and messages, the
 * statistics, the presence log, the nodes touched, the port table's free end) goes here instead,
 * and the batch merges it when every move is done: two threads then write the same memory only
 * for moves whose cells overlap, and those never run at the same time.
 */
final class MoveShare {
    /** How a thread that ran out of free port-table slots gets more: {@code ParallelMoves.refill}. */
    interface Refill {
        void refill(MoveShare share, int size);
    }

    final Refill refill;
    /** {@code TopologyChanges}' scratch row and the grid's answer buffer, this thread's own. */
    int[] scratch = new int[64];
    int[] near = new int[16];
    int edges;
    int lastLink;
    int slotsLive;
    int slotsAbandoned;
    /** This thread's free slots at the port table's end: [arenaNext, arenaEnd). */
    int arenaNext;
    int arenaEnd;
    int gridMoved;
    int dropped;
    long tokensLost;
    int[] touched = new int[64];
    int touchedCount;
    /** Ended connections, five ints each: the move's index in the batch, then the presence log's four fields. */
    int[] closed = new int[80];
    int closedCount;
    /** The move being made, for {@link #closed}. */
    int move;
    /**
     * No move this thread has still to make is below this (it only grows: after move i, i + 1;
     * at a new block, the block's first move; when the thread is done, the largest int).
     */
    volatile int at;
    /** The last reading of the other threads' {@link #at}s: every move below it is done. */
    int lowestOpen;
    /** Whether this thread is inside a move: the port table grows only while no other thread is. */
    volatile boolean executing;

    MoveShare(Refill refill) {
        this.refill = refill;
    }

    /** Ready for a new batch; the buffers stay. */
    void reset() {
        edges = 0;
        lastLink = 0;
        slotsLive = 0;
        slotsAbandoned = 0;
        arenaNext = 0;
        arenaEnd = 0;
        gridMoved = 0;
        dropped = 0;
        tokensLost = 0;
        touchedCount = 0;
        closedCount = 0;
        at = 0; // not started: it may yet take any move
    }

    void touch(int u) {
        if (touchedCount == touched.length) touched = Arrays.copyOf(touched, 2 * touchedCount);
        touched[touchedCount++] = u;
    }

    void closed(int a, int b, int linked, int cut) {
        if (closedCount + 5 > closed.length) closed = Arrays.copyOf(closed, 2 * closed.length);
        int[] c = closed;
        int i = closedCount;
        c[i] = move;
        c[i + 1] = a;
        c[i + 2] = b;
        c[i + 3] = linked;
        c[i + 4] = cut;
        closedCount = i + 5;
    }
}
