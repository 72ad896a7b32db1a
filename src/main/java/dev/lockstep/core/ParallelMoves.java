package dev.lockstep.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A batch of unit-disk moves made by several threads, with the result of making them one by one
 * in the batch's order: the same ports, detectors, messages lost, grid, presence log, statistics
 * and nodes touched, for any thread count and any timing.
 *
 * <p>Why that holds. Before the batch every edge is known to be at most the radius long
 * ({@link TimeVaryingGraph#readyForParallelMoves}), and a unit-disk move keeps it so. A move then
 * touches only nodes whose cells lie within one cell of its node's old or new cell: the node,
 * its neighbours (within the radius of the old position), the nodes in range of the new one (the
 * grid's 3 × 3 cells), and the two cells whose lists it changes. That rectangle of cells is the
 * move's <em>box</em>. Moves whose boxes do not overlap touch disjoint nodes and cells, so they
 * commute; overlapping ones keep the batch's order: a move starts once, for every cell of its
 * box, the latest earlier move whose box holds that cell is done (that one waited for the
 * earlier ones of the cell in turn). Port choices are lowest-first (a random choice would draw
 * from the simulation's stream in the batch's order), nobody listens (events come in move order),
 * and what moves add to shared state goes through each thread's {@link MoveShare}.
 *
 * <p>Threads take moves in blocks of {@link #BLOCK}, in index order, and make each block's in
 * order; a move waits only for lower indices, so the lowest move not done always proceeds. The
 * moves a move waits for were mostly made long before (a random move's cells were last visited
 * hundreds of moves earlier), so a thread rarely reads what another has just written: an
 * earlier version, which checked every move in flight, spent a third of its time on such reads.
 * A row of the port table that outgrows its room moves into its thread's run of free slots at the
 * pool's end; a thread that needs another run takes it while no other thread is inside a move,
 * since growing the pool replaces its arrays.
 */
final class ParallelMoves {
    /** A batch with fewer moves a thread than this runs one by one: waking the pool would cost more than it saves. */
    static final int MIN_MOVES_PER_THREAD = 128;
    /** Moves a thread takes at a time: one shared counter update each, and its done marks on a line of their own. */
    static final int BLOCK = 16;
    private static final VarHandle DONE = MethodHandles.arrayElementVarHandle(int[].class);

    /** One unit-disk move with a thread's share: {@code TopologyChanges}' own. */
    interface Mover {
        void move(int u, double x, double y, double radius, MoveShare share);
    }

    private final Mover mover;
    private final SimulationState world;
    /** Free slots a thread takes at a time (small in tests, to make the pool grow mid-batch). */
    int slotsPerTake = 4096;
    private MoveShare[] shares = new MoveShare[0];
    /** Per node, its latest move in the batch being laid out, or -1. */
    private int[] latest;
    /** Per grid cell, the latest move so far whose box holds it, or -1. */
    private int[] lastInCell = new int[0];
    /** Move i waits for moves waitFor[waitStart[i]..waitStart[i + 1]), valid once {@link #laidOut} > i. */
    private int[] waitStart = new int[1];
    private volatile int[] waitFor = new int[0];
    /** Moves below this are laid out: their waits are written. */
    private volatile int laidOut;
    /** Whether a thread has taken this batch's layout. */
    private final AtomicBoolean layoutClaimed = new AtomicBoolean();
    /** Per move, {@link #epoch} once done (never cleared: a new batch has a new epoch). */
    private int[] done = new int[0];
    private int epoch;
    private final AtomicInteger next = new AtomicInteger();
    private volatile boolean growing;
    private volatile boolean failed;
    private Throwable failure;
    private int failedAt;
    private int[] us;
    private double[] xs;
    private double[] ys;
    private int count;
    private double radius;
    /** Batches made in parallel so far (for tests). */
    long batches;

    /** Told by the thread laying a batch out each time it publishes how far it got (tests slow it down). */
    interface LayoutPause {
        void published(ParallelMoves batch, int laidOut);
    }

    /** For tests; null otherwise. */
    LayoutPause layoutPause;

    ParallelMoves(Mover mover, SimulationState world) {
        this.mover = mover;
        this.world = world;
    }

    /** Makes moves 0..count−1 (node us[i] to (xs[i], ys[i])) on the workers; the caller checked that this batch may run in parallel. */
    void run(int[] us, double[] xs, double[] ys, int count, double radius, Workers workers) {
        this.us = us;
        this.xs = xs;
        this.ys = ys;
        this.count = count;
        this.radius = radius;
        batches++;
        prepare();
        int threads = workers.threads();
        if (shares.length != threads) {
            shares = new MoveShare[threads];
            for (int t = 0; t < threads; t++) shares[t] = new MoveShare(this::refill);
        }
        for (MoveShare s : shares) s.reset();
        next.set(0);
        failed = false;
        failure = null;
        failedAt = Integer.MAX_VALUE;
        workers.forRange(threads, 1, (from, to) -> {
            for (int t = from; t < to; t++) work(shares[t]);
        });
        merge();
        if (failure instanceof RuntimeException r) throw r;
        if (failure instanceof Error e) throw e;
        if (failure != null) throw new IllegalStateException(failure);
    }

    /** The batch's arrays sized and its layout not yet claimed, before the threads start. */
    private void prepare() {
        TimeVaryingGraph g = world.graph;
        int n = g.nodeCount();
        if (latest == null || latest.length != n) {
            latest = new int[n];
            java.util.Arrays.fill(latest, -1);
        }
        CellGrid grid = g.grid();
        if (lastInCell.length != grid.columns() * grid.rows()) {
            lastInCell = new int[grid.columns() * grid.rows()];
            java.util.Arrays.fill(lastInCell, -1);
        }
        if (waitStart.length < count + 1) waitStart = new int[count + 1];
        if (done.length < count) {
            done = new int[count];
            epoch = 0;
        }
        if (++epoch == 0) { // wrapped: a stale entry could equal the new epoch
            java.util.Arrays.fill(done, 0);
            epoch = 1;
        }
        laidOut = 0;
        layoutClaimed.set(false);
    }

    /**
     * Each move's box, from its node's position before it (its latest target earlier in the
     * batch, if any) and its target, and the moves it waits for: per cell of the box, the latest
     * earlier move whose box holds the cell (boxes are clamped to the grid, whose border cells
     * hold every position beyond it). The first thread to start lays the batch out while the
     * others make the moves already laid out ({@link #laidOut}, published every {@link #BLOCK}
     * moves), then joins them: the layout reads only the batch, the grid's shape and the cells of
     * nodes whose first move in the batch has not started yet, which no move changes.
     */
    private void layOut(MoveShare share) {
        CellGrid grid = world.graph.grid();
        int columns = grid.columns();
        int rows = grid.rows();
        int[] wait = waitFor;
        int w = 0;
        waitStart[0] = 0;
        for (int i = 0; i < count; i++) {
            int u = us[i];
            int before = latest[u];
            int from = before < 0 ? grid.cellOf(u) : grid.cellAt(xs[before], ys[before]);
            int to = grid.cellAt(xs[i], ys[i]);
            int c0 = Math.max(0, Math.min(from % columns, to % columns) - 1);
            int c1 = Math.min(columns - 1, Math.max(from % columns, to % columns) + 1);
            int r0 = Math.max(0, Math.min(from / columns, to / columns) - 1);
            int r1 = Math.min(rows - 1, Math.max(from / columns, to / columns) + 1);
            if (wait.length < w + (c1 - c0 + 1) * (r1 - r0 + 1)) {
                // a new array, published before any move it holds: a move's reader sees its waits in either
                wait = java.util.Arrays.copyOf(wait, 2 * wait.length + 64 + (c1 - c0 + 1) * (r1 - r0 + 1));
                waitFor = wait;
            }
            int first = w;
            for (int r = r0; r <= r1; r++) {
                for (int c = r * columns + c0, e = r * columns + c1; c <= e; c++) {
                    int j = lastInCell[c];
                    if (j >= 0 && (w == first || wait[w - 1] != j)) wait[w++] = j;
                    lastInCell[c] = i;
                }
            }
            latest[u] = i;
            waitStart[i + 1] = w;
            if ((i + 1) % BLOCK == 0) {
                laidOut = i + 1;
                // no move this thread takes after the layout is below the next block to take
                share.at = next.get();
                if (layoutPause != null) layoutPause.published(this, i + 1);
            }
        }
        laidOut = count;
        // undo the marks, for the next batch
        for (int i = 0; i < count; i++) latest[us[i]] = -1;
        java.util.Arrays.fill(lastInCell, -1); // at most 4n + 64 cells: about as cheap as undoing each box
    }

    /** Whether move i of the batch being made is done (tests read it too). */
    boolean isDone(int i) {
        return (int) DONE.getAcquire(done, i) == epoch;
    }

    private void work(MoveShare share) {
        share.lowestOpen = 0;
        if (layoutClaimed.compareAndSet(false, true)) {
            try {
                layOut(share);
            } catch (Throwable t) {
                fail(-1, t); // the others stop waiting for moves it would have laid out
                laidOut = count;
                return;
            }
        }
        int laid = 0;
        for (int first; !failed && (first = next.getAndAdd(BLOCK)) < count; ) {
            share.at = first; // no lower than before: blocks are taken in increasing order
            for (int i = first, last = Math.min(count, first + BLOCK); i < last && !failed; i++) {
                for (int spins = 0; laid <= i; spins++) {
                    laid = laidOut;
                    if (failed) return; // read after laidOut: a layout that failed set it after failing
                    if (laid <= i) pause(spins);
                }
                if (!waitForEarlier(i, share)) return;
                enter(share);
                share.move = i;
                try {
                    mover.move(us[i], xs[i], ys[i], radius, share);
                } catch (Throwable t) {
                    fail(i, t);
                } finally {
                    share.executing = false;
                    DONE.setRelease(done, i, epoch);
                    share.at = i + 1;
                }
            }
        }
        share.at = Integer.MAX_VALUE;
    }

    private synchronized void fail(int i, Throwable t) {
        if (i < failedAt) {
            failedAt = i;
            failure = t;
        }
        failed = true;
    }

    /**
     * Waits until the moves move i waits for are done; false if a move failed meanwhile (the
     * batch stops). Most were made long before: below the lowest move any other thread may still
     * make ({@link MoveShare#at}, read again only when a wait is not below the last reading) they
     * are done without a look at their marks, which another core may have just written.
     */
    private boolean waitForEarlier(int i, MoveShare share) {
        int[] wait = waitFor;
        for (int k = waitStart[i], e = waitStart[i + 1]; k < e; k++) {
            int j = wait[k];
            if (j < share.lowestOpen) continue;
            share.lowestOpen = lowestOpen(share);
            if (j < share.lowestOpen) continue;
            for (int spins = 0; !isDone(j); spins++) {
                if (failed) return false;
                pause(spins);
            }
        }
        return true;
    }

    /** The lowest move the other threads may still make (this one's own earlier moves are done). */
    private int lowestOpen(MoveShare share) {
        int low = Integer.MAX_VALUE;
        for (MoveShare o : shares) if (o != share) low = Math.min(low, o.at);
        return low;
    }

    private static void pause(int spins) {
        if (spins < 50) Thread.onSpinWait();
        else Thread.yield(); // more threads than cores: let the one we wait for run
    }

    private void enter(MoveShare share) {
        for (;;) {
            share.executing = true;
            if (!growing) return;
            share.executing = false;
            for (int spins = 0; growing; spins++) pause(spins);
        }
    }

    /**
     * A run of at least {@code size} free slots at the port table's end for this thread, taken
     * while no other thread is inside a move (the table may grow, which replaces its arrays).
     * The caller is inside a move and holds no array of the table across this call.
     */
    void refill(MoveShare share, int size) {
        share.executing = false;
        synchronized (this) {
            growing = true;
            try {
                for (MoveShare o : shares) {
                    for (int spins = 0; o != share && o.executing; spins++) pause(spins);
                }
                TimeVaryingGraph g = world.graph;
                int take = Math.max(slotsPerTake, size);
                if (g.slots().free() < take) {
                    // the table compacts (moving every row and the free slots away) or grows: every
                    // thread's counts and free slots go back into it first
                    for (MoveShare o : shares) {
                        g.slots().merge(o.slotsLive, o.slotsAbandoned + o.arenaEnd - o.arenaNext);
                        o.slotsLive = 0;
                        o.slotsAbandoned = 0;
                        o.arenaNext = 0;
                        o.arenaEnd = 0;
                    }
                } else {
                    share.slotsAbandoned += share.arenaEnd - share.arenaNext;
                }
                share.arenaNext = g.claimSlots(take);
                share.arenaEnd = share.arenaNext + take;
            } finally {
                growing = false;
            }
        }
        enter(share);
    }

    /** What the threads kept apart, put together: counts summed, the presence log in move order, the touched nodes told. */
    private void merge() {
        TimeVaryingGraph g = world.graph;
        Stats stats = world.stats;
        int[] read = new int[shares.length];
        // the free slots left at the table's end go back to it, the later run first (the earlier may then end there too)
        MoveShare[] byEnd = shares.clone();
        java.util.Arrays.sort(byEnd, (a, b) -> Integer.compare(b.arenaEnd, a.arenaEnd));
        for (MoveShare s : byEnd) {
            if (g.slots().giveBack(s.arenaNext, s.arenaEnd)) s.arenaEnd = s.arenaNext;
        }
        for (MoveShare s : shares) {
            g.merge(s.edges, s.lastLink, s.slotsLive, s.slotsAbandoned + s.arenaEnd - s.arenaNext, s.gridMoved);
            world.channels.countRemoved(s.dropped);
            stats.messagesLost += s.dropped;
            stats.tokensLost += s.tokensLost;
            for (int k = 0; k < s.touchedCount; k++) world.touch(s.touched[k]);
        }
        // each thread made its moves in increasing order, so a merge by move index gives the serial order
        for (;;) {
            int best = -1;
            for (int t = 0; t < shares.length; t++) {
                if (read[t] < shares[t].closedCount && (best < 0 || shares[t].closed[read[t]] < shares[best].closed[read[best]])) best = t;
            }
            if (best < 0) break;
            int[] c = shares[best].closed;
            int k = read[best];
            g.logClosed(c[k + 1], c[k + 2], c[k + 3], c[k + 4]);
            read[best] = k + 5;
        }
    }
}
