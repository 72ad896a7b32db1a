package dev.lockstep.core;

import java.util.Arrays;

/**
 * The port table's rows, each as long as its node's degree: a node of degree 6 holds 6 slots
 * whatever Δ is, in the order of its occupied ports (the slot of port p is p's rank among the
 * node's occupied ports 1..Δ). All rows share one pool of parallel arrays; a row that outgrows its
 * room moves to the pool's end, and the pool is compacted (rows in node order, each its degree and
 * {@link #SLACK} more) once the rooms left behind outweigh a sixteenth of the slots in use. The layout never
 * shows: {@link TimeVaryingGraph} answers the same for any history of links and cuts.
 */
final class PortSlots {
    /**
     * Rooms grow by this many slots: one, so a graph that stops changing holds no spare slot in its
     * rows (moving a row costs at most Δ slots copied, and the pool's compaction is amortised).
     */
    private static final int STEP = 1;
    /**
     * Spare slots a compaction leaves each row (up to Δ): a node moving on a unit disk gains a
     * link with each node it comes near, which took a row move each when rows were compacted to
     * their degree, and with 10 % of the nodes moving each round the pool was compacted into fresh
     * arrays every round (nearly half of what a mobile run allocated; PERFORMANCE.md "Moving nodes"). A graph
     * linked once (round 0's {@link #reserve}) is never compacted, and copies are compacted tight.
     */
    static final int SLACK = 2;

    /** Each node's row: its first slot in the pool. */
    private final int[] start;
    /** Each node's room in the pool, in slots (≥ its degree; Δ ≤ 63 fits a byte). */
    private final byte[] room;
    private final int delta;
    private int[] peer;
    /** The round each connection formed: two bytes a slot for a run's first 65,534 rounds. */
    private RoundArray since;
    private byte[] peerPort;
    /** The first pool slot no row uses. */
    private int end;
    /** Slots in use: the sum of the degrees. */
    private int live;
    /** Pool slots below {@link #end} that no row holds any more (rooms left by moved rows). */
    private int abandoned;

    PortSlots(int n, int delta) {
        this.delta = delta;
        start = new int[n];
        room = new byte[n];
        allocate(Math.max(16, n));
    }

    /** A copy with every row compacted, without slack (the same contents; {@code degree} gives each row's length). */
    PortSlots(PortSlots o, PortSets occupied) {
        delta = o.delta;
        start = new int[o.start.length];
        room = new byte[o.room.length];
        allocate(Math.max(16, o.live + o.live / 16));
        live = o.live;
        compactFrom(o, occupied, 0);
    }

    private void allocate(int length) {
        peer = new int[length];
        since = new RoundArray(length, 0);
        peerPort = new byte[length];
    }

    int peer(int slot) { return peer[slot]; }

    int peerPort(int slot) { return peerPort[slot]; }

    int since(int slot) { return since.get(slot); }

    /** The slot of the port of rank {@code rank} among u's occupied ports. */
    int slot(int u, int rank) { return start[u] + rank; }

    /** u's room in the pool, in slots (for tests of the layout). */
    int room(int u) { return room[u] & 0xFF; }

    /**
     * Inserts a slot at {@code rank} into u's row of {@code degree} slots (the row grows by one).
     * In a parallel batch of moves ({@code share} not null) a row that outgrows its room moves into
     * the thread's own free slots, and the count of slots in use goes to the share.
     */
    void insert(PortSets occupied, int u, int degree, int rank, int v, int q, int round, MoveShare share) {
        if (degree == (room[u] & 0xFF)) {
            int size = Math.min(delta, degree + STEP);
            if (share == null) {
                move(occupied, u, degree, size);
            } else {
                if (share.arenaEnd - share.arenaNext < size) share.refill.refill(share, size);
                share.slotsAbandoned += relocate(u, degree, size, share.arenaNext);
                share.arenaNext += size;
            }
        }
        int s = start[u];
        int at = s + rank;
        System.arraycopy(peer, at, peer, at + 1, degree - rank);
        since.copy(since, at, at + 1, degree - rank);
        System.arraycopy(peerPort, at, peerPort, at + 1, degree - rank);
        peer[at] = v;
        since.set(at, round);
        peerPort[at] = (byte) q;
        if (share == null) live++;
        else share.slotsLive++;
    }

    /** Removes the slot at {@code rank} from u's row of {@code degree} slots. */
    void remove(int u, int degree, int rank, MoveShare share) {
        int at = start[u] + rank;
        int after = degree - rank - 1;
        System.arraycopy(peer, at + 1, peer, at, after);
        since.copy(since, at + 1, at, after);
        System.arraycopy(peerPort, at + 1, peerPort, at, after);
        if (share == null) live--;
        else share.slotsLive--;
    }

    /** Moves u's row (of {@code degree} slots) to a room of {@code size} slots at the pool's end. */
    private void move(PortSets occupied, int u, int degree, int size) {
        abandoned += relocate(u, degree, size, claim(occupied, size));
    }

    /** Copies u's row (of {@code degree} slots) to a room of {@code size} slots at {@code to}; returns the room it left. */
    private int relocate(int u, int degree, int size, int to) {
        int from = start[u];
        System.arraycopy(peer, from, peer, to, degree);
        since.copy(since, from, to, degree);
        System.arraycopy(peerPort, from, peerPort, to, degree);
        int left = room[u] & 0xFF;
        start[u] = to;
        room[u] = (byte) size;
        return left;
    }

    /**
     * {@code size} free slots at the pool's end, compacting first if that is due, else growing if
     * need be; returns the first. For a row's move, and for a thread of a parallel batch of moves
     * while no other thread is inside a move (the batch gave back every thread's free slots first:
     * a compaction moves every row).
     */
    int claim(PortSets occupied, int size) {
        if (end + size > peer.length) {
            if (abandoned > live / 16) compact(occupied);
            if (end + size > peer.length) grow(end + size);
        }
        int at = end;
        end += size;
        return at;
    }

    int free() {
        return peer.length - end;
    }

    /** Free slots [from, to) that a thread of a parallel batch did not use: back to the pool if they end it (true), else left. */
    boolean giveBack(int from, int to) {
        if (to != end || from > to) return false;
        end = from;
        return true;
    }

    /** A parallel batch's slots in use and rooms left, summed over its threads (free slots it did not use count as left). */
    void merge(int liveDelta, int abandonedDelta) {
        live += liveDelta;
        abandoned += abandonedDelta;
    }

    /** Widens the rounds' table now if {@code round} would not fit it (before a parallel batch: widening replaces it). */
    void fit(int round) {
        since.fit(round);
    }

    /**
     * Compacts once the rows that moved since the last compaction hold more than a 32nd of the
     * pool: after a burst of links (a graph built in round 0) the rows lie in node order again,
     * so a pass over the nodes reads the pool in order, and no room is left behind.
     */
    void settle(PortSets occupied) {
        if (abandoned > live / 32 || peer.length - end > live / 8 + 16) compact(occupied);
    }

    private void grow(int needed) {
        int length = Math.max(needed, peer.length + (peer.length >> 3));
        peer = Arrays.copyOf(peer, length);
        since = since.copyOf(length);
        peerPort = Arrays.copyOf(peerPort, length);
    }

    /** Rows in node order, each its degree and {@link #SLACK} more, into fresh arrays with a sixteenth to spare. */
    private void compact(PortSets occupied) {
        PortSlots old = new PortSlots(this);
        allocate((int) Math.min(Integer.MAX_VALUE - 8, Math.max(16, live + (long) SLACK * start.length + live / 16)));
        compactFrom(old, occupied, SLACK);
    }

    /** A shallow view of o's pool, to compact from while this one is rebuilt. */
    private PortSlots(PortSlots o) {
        delta = o.delta;
        start = o.start.clone();
        room = o.room;
        peer = o.peer;
        since = o.since;
        peerPort = o.peerPort;
        live = o.live;
    }

    private void compactFrom(PortSlots o, PortSets occupied, int slack) {
        int w = 0;
        for (int u = 0; u < start.length; u++) {
            int degree = Long.bitCount(occupied.get(u) & ~1L);
            int from = o.start[u];
            System.arraycopy(o.peer, from, peer, w, degree);
            since.copy(o.since, from, w, degree);
            System.arraycopy(o.peerPort, from, peerPort, w, degree);
            int r = Math.min(delta, degree + slack);
            start[u] = w;
            room[u] = (byte) r;
            w += r;
        }
        end = w;
        abandoned = 0;
    }

    /**
     * Before a burst of links into a pool with no slot in use (round 0's): rows in node order
     * with room for {@code rooms[u]} ports each (at most Δ), and the compaction's sixteenth to
     * spare, so the burst moves no row and leaves the layout a compaction would. A row that
     * outgrows its room moves as ever. Does nothing while a slot is in use.
     */
    void reserve(int[] rooms) {
        if (live != 0 || rooms.length != start.length) return;
        long total = 0;
        for (int r : rooms) total += Math.max(0, Math.min(delta, r));
        if (total > Integer.MAX_VALUE / 2) return;
        allocate((int) Math.max(16, total + total / 16));
        int w = 0;
        for (int u = 0; u < start.length; u++) {
            int r = Math.max(0, Math.min(delta, rooms[u]));
            start[u] = w;
            room[u] = (byte) r;
            w += r;
        }
        end = w;
        abandoned = 0;
    }
}
