package dev.lockstep.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Messages in transit, kept per receiving node in send order. A directed edge's channel is the
 * subsequence with one {@code toPort}; self-messages travel on port 0 like any other.
 *
 * <p>All boxes share one pool of slots in three columns (the small fields side by side, the ids,
 * the messages: 24 bytes a message, where an {@link Envelope} and its box's slot took 44). A
 * node's box is a row of consecutive slots in send order, in a room of the pool a little larger
 * than the box: its i-th message is at {@code first(node) + i}, and reading a box reads a few
 * adjacent words (a million-node run touches one cache line a box, not one a message). A send to
 * a full room moves the row to a larger room at the pool's end; a round's end lays the rows out
 * again in node order once the rooms left behind outweigh a quarter of those in use, so a pass
 * over the nodes reads the pool in order. Everything runs on one thread in the run's order, so
 * the layout is a function of the run alone; and it never shows: {@link #get} builds the same
 * envelope, and every answer is the one a list of envelopes per node gave. The hot paths walk a
 * box through {@link #first} and {@link #next} (or index it with {@link #slot}) and read the
 * fields, building no envelope.
 */
public final class Channels {
    private static final int NIL = -1;
    /** Ports fit a byte and a {@code long}'s bits (Δ ≤ 63), which the FIFO test relies on. */
    private static final int PORTS = 64;
    /**
     * Room sizes, in slots, by class: 0, 1, 2, 3, then growing by half and by a third in turn
     * (4, 6, 8, 12, 16, …), so a class fits a byte and a room's spare stays under a third of it.
     */
    private static final int[] ROOMS = rooms();

    private final ChannelDiscipline discipline;
    /** Each node's row: its first slot in the pool (meaningless while its room is 0). */
    private final int[] start;
    /** Each node's messages in transit: its row's length. */
    private final int[] size;
    /** Each node's room in the pool, as an index into {@link #ROOMS}. */
    private final byte[] room;
    /**
     * Per slot, three ints side by side, so that reading what the listing needs touches one
     * cache line for a short box: the round of the send, the sender, and the two ports
     * (receiver's in the low byte, sender's in the next) with {@link #LAST} on a row's last slot.
     */
    private int[] cell;
    private static final int W = 3;
    private static final int ROUND = 0;
    private static final int FROM = 1;
    private static final int PORTS_AT = 2;
    /** Marks a row's last slot, so that {@link #next} needs no node. */
    private static final int LAST = 1 << 16;
    private long[] id;
    private Message[] message;
    /** The first pool slot no room holds. */
    private int end;
    /** Slots in the nodes' rooms: the sum of {@code ROOMS[room[u]]}. */
    private int roomy;
    private long total;

    public Channels(int n, ChannelDiscipline discipline) {
        this.discipline = discipline;
        start = new int[n];
        size = new int[n];
        room = new byte[n];
        allocate(16);
    }

    private Channels(Channels o) {
        discipline = o.discipline;
        start = o.start.clone();
        size = o.size.clone();
        room = o.room.clone();
        cell = o.cell.clone();
        id = o.id.clone();
        message = o.message.clone();
        end = o.end;
        roomy = o.roomy;
        total = o.total;
    }

    private static int[] rooms() {
        int[] r = new int[60];
        for (int c = 0; c < r.length; c++) {
            // 2^k and 3·2^(k-1), interleaved from 2 on; capped where a pool's columns would overflow
            r[c] = c < 2 ? c : (int) Math.min(Integer.MAX_VALUE / W, (c % 2 == 0 ? 2L : 3L) << (c / 2 - 1));
        }
        return r;
    }

    /** The smallest room class holding {@code slots}. */
    private static int classFor(int slots) {
        int c = 0;
        while (ROOMS[c] < slots) c++;
        return c;
    }

    private void allocate(int length) {
        cell = new int[W * length];
        id = new long[length];
        message = new Message[length];
    }

    public Channels copy() {
        return new Channels(this);
    }

    public ChannelDiscipline discipline() {
        return discipline;
    }

    public long total() {
        return total;
    }

    /** Number of messages in transit to {@code node}. */
    public int size(int node) {
        return size[node];
    }

    /** The i-th message in transit to {@code node}, in send order (built on demand: a view of its slot). */
    public Envelope get(int node, int i) {
        return envelope(node, slot(node, i));
    }

    // ------------------------------------------------------------------ slots (the hot paths' view)

    /** The slot of node's oldest message, or -1 if none is in transit to it. */
    int first(int node) { return size[node] == 0 ? NIL : start[node]; }

    /** The slot of node's newest message, or -1. */
    int last(int node) { return size[node] == 0 ? NIL : start[node] + size[node] - 1; }

    /** The slot of the next message (in send order) to the same node, or -1. */
    int next(int slot) { return (cell[W * slot + PORTS_AT] & LAST) != 0 ? NIL : slot + 1; }

    /** The slot of node's i-th message (0 ≤ i < size). */
    int slot(int node, int i) {
        if (i < 0 || i >= size[node]) throw new IndexOutOfBoundsException("message " + i + " of " + size[node]);
        return start[node] + i;
    }

    long id(int slot) { return id[slot]; }

    int sentRound(int slot) { return cell[W * slot + ROUND]; }

    int from(int slot) { return cell[W * slot + FROM]; }

    int fromPort(int slot) { return (cell[W * slot + PORTS_AT] >>> 8) & 0xFF; }

    int toPort(int slot) { return cell[W * slot + PORTS_AT] & 0xFF; }

    Message message(int slot) { return message[slot]; }

    /** The envelope of a slot of {@code node}'s box. */
    Envelope envelope(int node, int slot) {
        return new Envelope(id[slot], from(slot), fromPort(slot), node, toPort(slot), sentRound(slot), message[slot]);
    }

    /**
     * Whether the message in {@code slot} may be received in {@code round}, given the ports of the
     * messages before it in its box ({@code portsBefore}, a bit per port): it was sent in an earlier
     * round and, with FIFO channels, nothing older is waiting on the same port.
     */
    boolean receivable(int slot, int round, long portsBefore) {
        return sentRound(slot) < round
                && (discipline != ChannelDiscipline.FIFO || (portsBefore & (1L << toPort(slot))) == 0);
    }

    /** The pool's slots, in rooms or not (for tests of its room). */
    int capacity() { return id.length; }

    /** Slots in rooms no row holds any more, below the pool's end (for tests of the layout). */
    int abandoned() { return end - roomy; }

    /** The room of node's row, in slots (for tests of the layout). */
    int room(int node) { return ROOMS[room[node]]; }

    /** Where node's room starts in the pool, empty or not (for tests of the layout). */
    int roomStart(int node) { return start[node]; }

    /** The pool's first slot in no room (for tests of the layout). */
    int end() { return end; }

    // ------------------------------------------------------------------ changes

    public void add(Envelope e) {
        add(e.id(), e.from(), e.fromPort(), e.to(), e.toPort(), e.sentRound(), e.message());
    }

    /** Puts a message in transit to {@code to}, after every other one to it. */
    public void add(long id, int from, int fromPort, int to, int toPort, int sentRound, Message message) {
        if (fromPort < 0 || fromPort >= PORTS || toPort < 0 || toPort >= PORTS) {
            throw new IllegalArgumentException("port out of range: " + fromPort + ", " + toPort);
        }
        int s = size[to];
        if (s == ROOMS[room[to]]) move(to, room[to] + 1);
        int k = start[to] + s;
        if (s > 0) cell[W * (k - 1) + PORTS_AT] &= ~LAST;
        this.id[k] = id;
        int c = W * k;
        cell[c + ROUND] = sentRound;
        cell[c + FROM] = from;
        cell[c + PORTS_AT] = toPort | fromPort << 8 | LAST;
        this.message[k] = message;
        size[to] = s + 1;
        total++;
    }

    /** Moves node's row to a room of class {@code c} at the pool's end. */
    private void move(int node, int c) {
        int slots = ROOMS[c];
        if (end + slots > id.length) {
            // lay the rows out again if that gives back a third of the pool, else grow it by half
            if (id.length - roomy >= id.length / 3) {
                compact(slots);
                if (size[node] < ROOMS[room[node]]) return; // the row's new room holds one more
            }
            if (end + slots > id.length) grow(end + slots);
        }
        int from = start[node];
        int s = size[node];
        System.arraycopy(cell, W * from, cell, W * end, W * s);
        System.arraycopy(id, from, id, end, s);
        System.arraycopy(message, from, message, end, s);
        Arrays.fill(message, from, from + s, null); // the abandoned room keeps no message alive
        roomy += slots - ROOMS[room[node]];
        start[node] = end;
        room[node] = (byte) c;
        end += slots;
    }

    private void grow(int needed) {
        int length = Math.max(needed, id.length + Math.max(16, id.length >> 1));
        cell = Arrays.copyOf(cell, W * length);
        id = Arrays.copyOf(id, length);
        message = Arrays.copyOf(message, length);
    }

    /**
     * Gives back the pool's spare once rows have moved (the rooms they left behind hold more than
     * a quarter of the slots in rooms) or a third of it is free (a run's first rounds, when every
     * node announces itself, leave a pool sized for their peak): the rows are laid out again in
     * node order. At a round's end, as {@link TimeVaryingGraph#settle}; the messages, their order
     * and ids stay. It costs a pass over the nodes, which the round's checks make anyway.
     */
    public void settle() {
        int spare = id.length - roomy;
        if (end - roomy > roomy / 4 + 16 || spare > roomy / 2 + 64) compact(0);
    }

    /**
     * Rows in node order into fresh columns, each in the smallest room holding it (a box of up to
     * four messages in exactly its size: most are), with an eighth of the rooms and {@code extra}
     * slots to spare. A box that grows later moves once per room class, a few copied slots.
     */
    private void compact(int extra) {
        int[] oCell = cell;
        long[] oId = id;
        Message[] oMessage = message;
        long rooms = 0;
        for (int u = 0; u < size.length; u++) {
            rooms += ROOMS[classFor(size[u])];
        }
        long length = rooms + (rooms >> 3) + extra + 16;
        if (length > Integer.MAX_VALUE / W) throw new IllegalStateException("too many messages in transit: " + total);
        allocate((int) length);
        int w = 0;
        for (int u = 0; u < size.length; u++) {
            int s = size[u];
            int c = classFor(s);
            int from = start[u];
            System.arraycopy(oCell, W * from, cell, W * w, W * s);
            System.arraycopy(oId, from, id, w, s);
            System.arraycopy(oMessage, from, message, w, s);
            start[u] = w;
            room[u] = (byte) c;
            w += ROOMS[c];
        }
        end = w;
        roomy = w;
    }

    /**
     * Whether the i-th message to {@code node} may be received in {@code round}: it was sent in an
     * earlier round and, with FIFO channels, nothing older is waiting on the same port.
     */
    public boolean receivable(int node, int i, int round) {
        int k = slot(node, i);
        if (sentRound(k) >= round) return false;
        if (discipline == ChannelDiscipline.FIFO) {
            int p = toPort(k);
            for (int j = start[node]; j != k; j++) if (toPort(j) == p) return false;
        }
        return true;
    }

    /** Index of message {@code id} in the node's box, or -1. */
    public int indexOf(int node, long id) {
        for (int i = 0, k = start[node], s = size[node]; i < s; i++, k++) if (this.id[k] == id) return i;
        return -1;
    }

    public void removeAt(int node, int i) {
        int k = slot(node, i);
        int s = size[node];
        int after = s - i - 1;
        System.arraycopy(cell, W * (k + 1), cell, W * k, W * after);
        System.arraycopy(id, k + 1, id, k, after);
        System.arraycopy(message, k + 1, message, k, after);
        int last = start[node] + s - 1;
        message[last] = null; // the protocol's message may be garbage now
        if (after == 0 && i > 0) cell[W * (k - 1) + PORTS_AT] |= LAST;
        size[node] = s - 1;
        total--;
    }

    /** Removes and returns every message in transit to {@code node} on {@code port} (the edge was cut). */
    public List<Envelope> drop(int node, int port) {
        List<Envelope> lost = null;
        int from = start[node];
        int s = size[node];
        int w = from;
        for (int k = from; k < from + s; k++) {
            if (toPort(k) == port) {
                if (lost == null) lost = new ArrayList<>(2);
                lost.add(envelope(node, k));
            } else {
                if (w != k) {
                    System.arraycopy(cell, W * k, cell, W * w, W);
                    id[w] = id[k];
                    message[w] = message[k];
                }
                w++;
            }
        }
        if (lost == null) return List.of();
        Arrays.fill(message, w, from + s, null);
        if (w > from) cell[W * (w - 1) + PORTS_AT] |= LAST;
        size[node] = w - from;
        total -= lost.size();
        return lost;
    }

    /** Messages in transit to {@code node} on {@code port}: a scan of the node's row, which lies in a cache line or two. */
    public int count(int node, int port) {
        int c = 0;
        for (int k = W * start[node] + PORTS_AT, e = k + W * size[node]; k < e; k += W) {
            if ((cell[k] & 0xFF) == port) c++;
        }
        return c;
    }
}
