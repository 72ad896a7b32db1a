package dev.lockstep.core;

import java.util.Arrays;

/**
 * The communication graph G = (V, E, T, ρ) of the paper's Sec. 2.1, as the nodes experience it:
 * each node has Δ ports (port 0 is the node itself); a new edge occupies an open port on each end
 * and keeps those labels until it is cut; every cut puts the severed port into the node's
 * disconnection detector D.
 *
 * <p>Besides the current snapshot G_t the graph keeps the connections cut since a horizon, so
 * whether an edge persisted over [i, j] can be asked for any i from the horizon on. The simulation
 * moves the horizon up to its oldest pending request, and past max(65,536, 2n) connections kept the
 * horizon rises too: a long run keeps bounded history even while a request stays pending. A cut
 * followed by a link of the same pair at the same instant counts as a break: it is a new connection
 * (new port labels are possible and D reports the cut), even though a presence function sampled at
 * integer times would not see it.
 */
public final class TimeVaryingGraph {
    private final int n;
    private final int delta;
    /**
     * Peer, peer's port and link round of each occupied port 1..Δ, in rows as long as the degree
     * (a node of degree 6 holds 6 slots, not Δ): the slot of port p is p's rank in {@link #occupied}.
     */
    private final PortSlots slots;
    /**
     * How often each port was linked, modulo 255 and never 0: with the round the connection formed
     * ({@link #since}) it names the connection ({@link #connectionId}) in one byte a port instead
     * of a long. Two connections of a port share both only if the port was re-linked a multiple
     * of 255 times within the round the first one formed. Kept for open ports too: ports 1..Δ, Δ a
     * node, four bits each until one is linked a 15th time.
     */
    private final LinkCounts links;
    /** N[u] as ports (4 bytes a node while Δ ≤ 31). */
    private final PortSets occupied;
    /** The disconnection and connection detectors' pending ports (4 bytes a node each while Δ ≤ 31). */
    private final PortSets pendingD;
    private final PortSets pendingU;
    /** The positions: the configuration's own arrays (see {@link #startAt}) until a first {@link #place}. */
    private double[] x;
    private double[] y;
    private boolean sharedPositions;
    private int edgeCount;
    /** The round of the latest link, so that {@link #linkedSince} a later round costs nothing. */
    private int lastLink;
    /** Ended connections; null once history is disabled. */
    private PresenceLog log;
    /** The positions by cell, for {@link #inRange}; null until a first question needs it. */
    private CellGrid grid;
    /**
     * At least the squared length of every edge (dx² + dy², as the unit disk measures it): raised
     * by every link and unit-disk move, made infinite by a plain move of a linked node (and measured
     * again by the next batch), NaN once a linked position is. A batch of moves may run in parallel
     * only while every edge is known to be short.
     */
    private double longest2;
    /** The round {@link #longest2} was last measured in, or -1. */
    private int measuredIn = -1;

    public TimeVaryingGraph(int n, int delta) { this(n, delta, PresenceLog.limitFor(n)); }

    /** A graph whose presence history keeps at most {@code historyLimit} ended connections (tests of the bound). */
    TimeVaryingGraph(int n, int delta, int historyLimit) {
        if (delta < 1 || delta > PortSet.MAX_DELTA) {
            throw new IllegalArgumentException("delta must be in 1.." + PortSet.MAX_DELTA + ": " + delta);
        }
        this.n = n;
        this.delta = delta;
        slots = new PortSlots(n, delta);
        links = new LinkCounts(n, delta);
        occupied = new PortSets(n, delta);
        pendingD = new PortSets(n, delta);
        pendingU = new PortSets(n, delta);
        x = new double[n];
        y = new double[n];
        for (int u = 0; u < n; u++) occupied.add(u, 0); // port 0: the node itself
        log = new PresenceLog(historyLimit);
    }

    private TimeVaryingGraph(TimeVaryingGraph o) {
        n = o.n;
        delta = o.delta;
        links = o.links.copy();
        occupied = o.occupied.copy();
        slots = new PortSlots(o.slots, occupied);
        pendingD = o.pendingD.copy();
        pendingU = o.pendingU.copy();
        x = o.x.clone();
        y = o.y.clone();
        edgeCount = o.edgeCount;
        lastLink = o.lastLink;
        log = o.log == null ? null : o.log.copy();
        longest2 = o.longest2;
        // Copied rather than dropped, so that a restored snapshot's first move costs no rebuild.
        grid = o.grid == null ? null : o.grid.copy(x, y);
    }

    public TimeVaryingGraph copy() { return new TimeVaryingGraph(this); }

    public int nodeCount() { return n; }

    public int delta() { return delta; }

    public int edgeCount() { return edgeCount; }

    /** Node on u's port p, or -1 if the port is open. Port 0 is u itself. */
    public int peer(int u, int p) {
        if (p == 0) return u;
        int slot = slot(u, p);
        return slot < 0 ? -1 : slots.peer(slot);
    }

    /** The port on the peer's side of the edge on u's port p: 0 for port 0, -1 if p is open. */
    public int peerPort(int u, int p) {
        if (p == 0) return 0;
        int slot = slot(u, p);
        return slot < 0 ? -1 : slots.peerPort(slot);
    }

    /**
     * u's neighbours in the order of their ports into {@code out} (at least {@link #degree} long),
     * read straight from u's row of the port table; returns how many.
     */
    public int neighbours(int u, int[] out) {
        int d = degree(u);
        int first = slots.slot(u, 0);
        for (int i = 0; i < d; i++) out[i] = slots.peer(first + i);
        return d;
    }

    /** The pool slot of u's occupied port p (1..63), or -1 if p is open. */
    private int slot(int u, int p) {
        long o = occupied.get(u);
        if ((o >>> p & 1L) == 0) return -1;
        return slots.slot(u, Long.bitCount(o & ((1L << p) - 2)));
    }

    /**
     * The connection on u's port p (0 when the port is open, and for port 0): another value once
     * the port is cut and linked again, so an execution can tell that the edge it sent on is gone.
     */
    public long connectionId(int u, int p) {
        if (p == 0) return 0;
        int slot = slot(u, p);
        if (slot < 0) return 0;
        return (long) slots.since(slot) << 8 | links.get(u, p);
    }

    /** Round in which the connection on u's occupied port p was formed (0 for port 0 and open ports). */
    public int since(int u, int p) {
        if (p == 0) return 0;
        int slot = slot(u, p);
        return slot < 0 ? 0 : slots.since(slot);
    }

    /** u's occupied ports (0 excluded) whose connection was formed in {@code round} or later. */
    public long linkedSince(int u, int round) {
        if (lastLink < round) return 0;
        long o = occupied.get(u) & ~1L;
        long out = 0;
        int rank = 0;
        for (long rest = o; rest != 0; rest &= rest - 1, rank++) {
            if (slots.since(slots.slot(u, rank)) >= round) out |= rest & -rest;
        }
        return out;
    }

    /** N[u] as ports: every occupied port, including 0. */
    public long ports(int u) {
        return occupied.get(u);
    }

    /** u's row in the port table's pool: its first slot, and its room in slots (for tests of the layout). */
    int portRowStart(int u) { return slots.slot(u, 0); }
    int portRoom(int u) { return slots.room(u); }

    public int degree(int u) {
        return Long.bitCount(occupied.get(u)) - 1;
    }

    /** Ports 1..Δ not in use. */
    public long openPorts(int u) {
        long all = (delta == 63 ? -1L : (1L << (delta + 1)) - 1) & ~1L;
        return all & ~occupied.get(u);
    }

    public boolean hasOpenPort(int u) {
        return openPorts(u) != 0;
    }

    /** u's port to v, or -1 if not adjacent (u == v gives 0). */
    public int portTo(int u, int v) {
        if (u == v) return 0;
        int slot = slots.slot(u, 0);
        for (long s = occupied.get(u) & ~1L; s != 0; s &= s - 1, slot++) {
            if (slots.peer(slot) == v) return Long.numberOfTrailingZeros(s);
        }
        return -1;
    }

    public boolean adjacent(int u, int v) {
        return u != v && portTo(u, v) >= 0;
    }

    /**
     * Connects u and v via the given open ports at the start of {@code round}.
     * The caller has checked that both ports are open and the nodes are not adjacent.
     */
    public void link(int u, int pu, int v, int pv, int round) {
        if (u == v || adjacent(u, v)) throw new IllegalArgumentException("already adjacent: " + u + "-" + v);
        // the open-port test below works on bit sets, where an out-of-range port aliases a real one
        String bad = PortSet.outOfLinkRange(pu, delta);
        if (bad == null) bad = PortSet.outOfLinkRange(pv, delta);
        if (bad != null) throw new IllegalArgumentException("cannot link " + u + "-" + v + ": " + bad);
        if (!PortSet.contains(openPorts(u), pu) || !PortSet.contains(openPorts(v), pv)) {
            throw new IllegalArgumentException("port not open: " + u + ":" + pu + " or " + v + ":" + pv);
        }
        linkOpen(u, pu, v, pv, round);
    }

    /** {@link #link} for a caller that knows u ≠ v, not adjacent, and pu, pv open ports in 1..Δ: nothing asked again. */
    void linkOpen(int u, int pu, int v, int pv, int round) {
        linkOpen(u, pu, v, pv, round, null);
    }

    /** {@link #linkOpen}; in a parallel batch of unit-disk moves (whose links are short) the counts go to the share. */
    void linkOpen(int u, int pu, int v, int pv, int round, MoveShare share) {
        set(u, pu, v, pv, round, share);
        set(v, pv, u, pu, round, share);
        pendingU.add(u, pu);
        pendingU.add(v, pv);
        if (share != null) {
            share.lastLink = Math.max(share.lastLink, round);
            share.edges++;
            return;
        }
        lastLink = Math.max(lastLink, round);
        edgeCount++;
        double dx = x[u] - x[v];
        double dy = y[u] - y[v];
        longest2 = Math.max(longest2, dx * dx + dy * dy); // NaN stays NaN
    }

    private void set(int u, int p, int v, int q, int round, MoveShare share) {
        links.count(u, p);
        long o = occupied.get(u);
        slots.insert(occupied, u, Long.bitCount(o) - 1, Long.bitCount(o & ((1L << p) - 2)), v, q, round, share);
        occupied.add(u, p);
    }

    /** Cuts u–v; both severed ports go to the nodes' disconnection detectors. Returns false if not adjacent. */
    public boolean cut(int u, int v, int round) {
        int pu = portTo(u, v);
        if (u == v || pu < 0) return false;
        cutPorts(u, pu, v, peerPort(u, pu), round, null);
        return true;
    }

    /** {@link #cut} for a caller that looked the edge up: u's port pu holds it, v's port pv its other end. */
    void cutPorts(int u, int pu, int v, int pv, int round, MoveShare share) {
        if (log != null) {
            if (share == null) log.closed(Math.min(u, v), Math.max(u, v), since(u, pu), round);
            else share.closed(Math.min(u, v), Math.max(u, v), since(u, pu), round);
        }
        clear(u, pu, share);
        clear(v, pv, share);
        pendingD.add(u, pu);
        pendingD.add(v, pv);
        // A port connected and cut before the node acted never reaches it as "connected".
        pendingU.remove(u, pu);
        pendingU.remove(v, pv);
        if (share == null) edgeCount--;
        else share.edges--;
    }

    private void clear(int u, int p, MoveShare share) {
        long o = occupied.get(u);
        slots.remove(u, Long.bitCount(o) - 1, Long.bitCount(o & ((1L << p) - 2)), share);
        occupied.remove(u, p);
    }

    /**
     * Before linking many edges into a graph without any (round 0's unit disk): room for
     * {@code degrees[u]} ports in each node's row, so the links move no rows. Changes no answer;
     * does nothing once an edge exists.
     */
    public void reserve(int[] degrees) {
        if (edgeCount == 0) slots.reserve(degrees);
    }

    /**
     * Tidies the port table's memory between rounds (the simulation calls it at every round's end):
     * rows that moved while links were added go back into node order, and the cell grid is laid out
     * afresh once many nodes left their cells. Changes no answer.
     */
    public void settle() {
        slots.settle(occupied);
        if (grid != null) grid.settle();
    }

    /** The disconnection detector's current content (not yet snapshotted by an execution). */
    public long pendingDisconnections(int u) {
        return pendingD.get(u);
    }

    public long pendingConnections(int u) {
        return pendingU.get(u);
    }

    /** Snapshot-and-reset of D at the start of an action execution (Sec. 2.1). */
    public long takeDisconnections(int u) {
        return pendingD.take(u);
    }

    public long takeConnections(int u) {
        return pendingU.take(u);
    }

    public double x(int u) { return x[u]; }

    public double y(int u) { return y[u]; }

    /**
     * Places every node at once where {@code xs} and {@code ys} say, reading those arrays as they
     * are, not a copy: the configuration keeps the initial positions anyway, and a graph that never
     * moves a node needs no second copy of them (16 bytes a node). The first {@link #place} copies
     * them. The caller must not change the arrays afterwards.
     */
    void startAt(double[] xs, double[] ys) {
        if (xs.length != n || ys.length != n) throw new IllegalArgumentException("one position per node");
        x = xs;
        y = ys;
        sharedPositions = true;
        if (edgeCount > 0) longest2 = Double.POSITIVE_INFINITY;
        if (grid != null) grid = new CellGrid(grid.radius(), x, y);
    }

    public void place(int u, double nx, double ny) {
        if (occupied.get(u) != 1L) longest2 = Double.POSITIVE_INFINITY; // its edges may be any length now
        position(u, nx, ny, null);
    }

    /**
     * {@link #place} for a unit-disk move of this radius, which cuts u's edges longer than it next:
     * the bound on edge lengths becomes at least radius². In a parallel batch ({@code share} not
     * null; the bound was raised to radius² before) the grid's count of moved nodes goes to the share.
     */
    void placeOnDisk(int u, double nx, double ny, double radius, MoveShare share) {
        position(u, nx, ny, share);
        if (share == null && occupied.get(u) != 1L) longest2 = Math.max(longest2, radius * radius);
    }

    private void position(int u, double nx, double ny, MoveShare share) {
        ownPositions();
        x[u] = nx;
        y[u] = ny;
        if (grid != null) grid.moved(u, share);
    }

    /** The first change of a position copies the configuration's arrays (see {@link #startAt}). */
    private void ownPositions() {
        if (!sharedPositions) return;
        x = x.clone();
        y = y.clone();
        sharedPositions = false;
        if (grid != null) grid = grid.copy(x, y);
    }

    /**
     * Before a parallel batch of unit-disk moves of this radius: whether every edge is known to
     * be at most the radius long; if so, whatever a move could replace (the positions' own copy,
     * the grid for this radius, the link counts' narrow table, the round numbers' narrow table) is
     * replaced now, so no move replaces an array another thread reads.
     */
    boolean readyForParallelMoves(double radius, int round) {
        if (!(longest2 <= radius * radius) && round != measuredIn) {
            // a plain move, or a long edge since cut: measured again, at most once a round
            longest2 = measureLongest2();
            measuredIn = round;
        }
        if (!(longest2 <= radius * radius)) return false;
        longest2 = radius * radius; // every edge is short, and every move keeps it so
        ownPositions();
        grid(radius);
        links.widen();
        slots.fit(round);
        return true;
    }

    /** The squared length of the longest edge (NaN if a linked position is NaN): a pass over the port table. */
    private double measureLongest2() {
        double most = 0;
        for (int u = 0; u < n; u++) {
            int first = slots.slot(u, 0);
            for (int i = 0, d = degree(u); i < d; i++) {
                int v = slots.peer(first + i);
                double dx = x[u] - x[v];
                double dy = y[u] - y[v];
                most = Math.max(most, dx * dx + dy * dy);
            }
        }
        return most;
    }

    /** The cell grid and the port table, for a parallel batch of moves ({@link ParallelMoves}) after {@link #readyForParallelMoves}. */
    CellGrid grid() { return grid; }

    PortSlots slots() { return slots; }

    /** {@code size} free slots for a thread of a parallel batch while the others wait (see {@link PortSlots#claim}); returns the first. */
    int claimSlots(int size) { return slots.claim(occupied, size); }

    /** A parallel batch's counts, summed over its threads. */
    void merge(int edges, int linkedLast, int slotsLive, int slotsAbandoned, int gridMoved) {
        edgeCount += edges;
        lastLink = Math.max(lastLink, linkedLast);
        slots.merge(slotsLive, slotsAbandoned);
        grid.merge(gridMoved);
    }

    /** A parallel batch's ended connection, in move order. */
    void logClosed(int a, int b, int linked, int cut) {
        if (log != null) log.closed(a, b, linked, cut);
    }

    /**
     * The nodes other than u within {@code radius} of it, ascending: v with dx² + dy² ≤ radius²
     * (dx = x(u) − x(v), dy likewise, in doubles: the unit disk's test). Answered from a grid of
     * cells about the radius wide that {@link #place} keeps up to date, so the time is in
     * proportion to the nodes near u; the first question (or one with another radius) builds it in
     * O(n).
     */
    public int[] inRange(int u, double radius) {
        return grid(radius).near(u);
    }

    /** {@link #inRange} into {@link #rangeBuffer()}'s first entries, valid until the next question; returns how many. */
    int inRangeInto(int u, double radius) {
        return grid(radius).nearInto(u, null);
    }

    /** {@link #inRangeInto}; in a parallel batch into the share's buffer. */
    int inRangeInto(int u, double radius, MoveShare share) {
        return grid(radius).nearInto(u, share);
    }

    /** The cell grid for this radius: the one kept, or a new one for a first question or another radius. */
    private CellGrid grid(double radius) {
        if (grid == null || grid.radius() != radius) grid = new CellGrid(radius, x, y);
        return grid;
    }

    int[] rangeBuffer() {
        return grid.nearBuffer();
    }

    /**
     * Whether u–v was present, as one connection, throughout rounds i..j (both inclusive). History
     * before {@link #historyHorizon()} is forgotten: asking about it is an error, never a guess.
     */
    public boolean persisted(int u, int v, int i, int j) {
        if (log == null) throw new IllegalStateException("edge history was disabled for this run");
        if (Math.min(i, j) < log.horizon()) {
            throw new IllegalStateException("edge history before round " + log.horizon() + " was forgotten; asked about rounds "
                    + i + ".." + j);
        }
        if (u == v || u < 0 || v < 0 || u >= n || v >= n) return false;
        int p = portTo(u, v);
        // The current connection has not ended, so it lasts past any j.
        if (p > 0 && since(u, p) <= Math.min(i, j)) return true;
        return log.closedCovers(Math.min(u, v), Math.max(u, v), i, j);
    }

    /** The oldest round {@link #persisted} may be asked about. */
    public int historyHorizon() {
        return log == null ? Integer.MAX_VALUE : log.horizon();
    }

    /** Ended connections still kept for {@link #persisted}. */
    public int historySize() {
        return log == null ? 0 : log.size();
    }

    /** Whether enough ended connections piled up since the last {@link #forgetHistoryBefore} to make it worth one. */
    public boolean historyWorthPruning() {
        return log != null && log.worthPruning();
    }

    /** No one will ask {@link #persisted} about rounds before {@code round} any more. */
    public void forgetHistoryBefore(int round) {
        if (log != null) log.forgetBefore(round);
    }

    /** Drops the presence history (runs that never ask for it, such as the explorer's). */
    public void disableHistory() {
        log = null;
    }
}
