package dev.lockstep.core;

import static dev.lockstep.core.PoolRows.CLASS_SHIFT;
import static dev.lockstep.core.PoolRows.ROOMS;
import static dev.lockstep.core.PoolRows.SIZE_MASK;
import static dev.lockstep.core.PoolRows.W;
import static dev.lockstep.core.PoolRows.roomClass;
import static dev.lockstep.core.PoolRows.row;
import static dev.lockstep.core.PoolRows.start;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Messages in transit, kept per receiving node in send order. A directed edge's channel is the
 * subsequence with one {@code toPort}; self-messages travel on port 0 like any other.
 *
 * <p>All boxes share one pool of slots in two columns (the fields side by side, the messages:
 * 24 bytes a message, where an {@link Envelope} and its box's slot took 44). A node's box is a
 * row of consecutive slots in send order, in a room of the pool: its i-th message is at
 * {@code first(node) + i}, and reading a box reads a few adjacent words (a million-node run
 * touches a cache line or two a box, not one a message). A send to a full room moves the row to
 * a larger room at the pool's end; at a round's end, once the rooms left behind pile up, the
 * rows are laid out again in node order, in place when the pool holds them, each in the smallest
 * room holding it and one message more ({@link PoolRows#classes}), so a pass over the nodes reads the pool
 * in order. Everything runs on one thread in the run's order, so the layout is a function of the
 * run alone; and it never shows: {@link #get} builds the same envelope, and every answer
 * is the one a list of envelopes per node gave. The hot paths walk a box through {@link #first}
 * and {@link #next} (or index it with {@link #slot}) and read the fields, building no envelope.
 * A message the protocol's {@link MessageCodec} codes is kept as its code in the slot's ports
 * word; only the others take the message column, made when the first of them is sent.
 */
public final class Channels {
    private static final int NIL = -1;
    /** Ports fit a byte and a {@code long}'s bits (Δ ≤ 63), which the FIFO test relies on. */
    private static final int PORTS = 64;

    private final ChannelDiscipline discipline;
    /**
     * Each node's row in one word, so that finding a box costs one read: its first slot in the
     * pool (meaningless while its room is 0) in the low 32 bits, its length (the node's messages
     * in transit) in the next {@link PoolRows#SIZE_BITS}, its room's class (an index into
     * {@link PoolRows#ROOMS}) in the top 6.
     */
    private final long[] row;
    /**
     * Per slot, five ints side by side, so that reading a short box touches a cache line or two:
     * the round of the send, the sender, the two ports (receiver's in the low byte, sender's in the
     * next) with {@link #LAST} on a row's last slot, and the message id's two halves.
     */
    private int[] cell;
    private static final int ROUND = 0;
    private static final int FROM = 1;
    private static final int PORTS_AT = 2;
    private static final int ID_LOW = 3;
    private static final int ID_HIGH = 4;
    /** Marks a row's last slot, so that {@link #next} needs no node. */
    private static final int LAST = 1 << 16;
    /** Where a ports word keeps its message's code + 1 ({@link MessageCodec}); 0: the message is in the column. */
    private static final int CODE_SHIFT = 17;
    /** The protocol's codec, or null: every message is then in the column. */
    private final MessageCodec codec;
    /** The codec's canonical messages by code (empty without a codec). */
    private final Message[] canonical;
    /** The messages without a code, by slot; null while a codec coded every message sent. */
    private Message[] message;
    /** The first pool slot below which every slot is in a room, held by a row or free. */
    private int end;
    /**
     * Per room class, the first of the rooms that rows left behind, {@link #NIL} if none: the next
     * row moving into that class takes it (last in, first out), so the pool serves a round's moves
     * from the rooms its earlier moves gave up. A free room's first slot holds the next one's start.
     */
    private final int[] free = new int[ROOMS.length];
    /** Slots in the nodes' rooms: the sum of their {@link PoolRows#ROOMS}. */
    private int roomy;
    /**
     * A bit per node whose row moved since the pool was last laid out: the others still lie where
     * the layout put them, in node order, which lets the next layout slide them in place.
     */
    private long[] strayed;
    /** {@link #end} when the pool was last laid out: how far the rows' moves pushed it since tells the spare a round needs. */
    private int laidOut;
    private long total;

    public Channels(int n, ChannelDiscipline discipline) { this(n, discipline, null); }

    /** Channels that keep the messages {@code codec} codes as their codes (null: none). */
    public Channels(int n, ChannelDiscipline discipline, MessageCodec codec) {
        this.discipline = discipline;
        this.codec = codec;
        canonical = codec == null ? new Message[0] : MessageCodec.table(codec);
        row = new long[n];
        strayed = new long[(n + 63) >>> 6];
        cell = new int[W * 16];
        message = codec == null ? new Message[16] : null;
        Arrays.fill(free, NIL);
    }

    private Channels(Channels o) {
        discipline = o.discipline;
        codec = o.codec;
        canonical = o.canonical;
        row = o.row.clone();
        strayed = o.strayed.clone();
        cell = o.cell.clone();
        message = o.message == null ? null : o.message.clone();
        end = o.end;
        System.arraycopy(o.free, 0, free, 0, free.length);
        roomy = o.roomy;
        laidOut = o.laidOut;
        total = o.total;
    }

    /** The column, made on the first message without a code (or now: {@link #put}s from threads may then run at once). */
    Message[] column() {
        if (message == null) message = new Message[capacity()];
        return message;
    }

    /** A row word's length (beside {@link #size(int)}, which hides the imported one). */
    private static int size(long r) { return PoolRows.size(r); }

    public Channels copy() { return new Channels(this); }
    public ChannelDiscipline discipline() { return discipline; }
    /** The codec whose codes the slots keep, or null. */
    MessageCodec codec() { return codec; }
    public long total() { return total; }

    /** Number of messages in transit to {@code node}. */
    public int size(int node) { return size(row[node]); }

    /** The i-th message in transit to {@code node}, in send order (built on demand: a view of its slot). */
    public Envelope get(int node, int i) { return envelope(node, slot(node, i)); }

    // ------------------------------------------------------------------ slots (the hot paths' view)

    /** The slot of node's oldest message, or -1 if none is in transit to it. */
    int first(int node) { return size(row[node]) == 0 ? NIL : start(row[node]); }

    /** The slot of node's newest message, or -1. */
    int last(int node) { return size(row[node]) == 0 ? NIL : start(row[node]) + size(row[node]) - 1; }

    /** The slot of the next message (in send order) to the same node, or -1. */
    int next(int slot) { return (cell[W * slot + PORTS_AT] & LAST) != 0 ? NIL : slot + 1; }

    /** The slot of node's i-th message (0 ≤ i < size). */
    int slot(int node, int i) {
        long r = row[node];
        if (i < 0 || i >= size(r)) throw new IndexOutOfBoundsException("message " + i + " of " + size(r));
        return start(r) + i;
    }

    long id(int slot) {
        int c = W * slot;
        return (long) cell[c + ID_HIGH] << 32 | (cell[c + ID_LOW] & 0xFFFFFFFFL);
    }

    int sentRound(int slot) { return cell[W * slot + ROUND]; }
    int from(int slot) { return cell[W * slot + FROM]; }
    int fromPort(int slot) { return (cell[W * slot + PORTS_AT] >>> 8) & 0xFF; }
    int toPort(int slot) { return cell[W * slot + PORTS_AT] & 0xFF; }

    /** The message in a slot: its code's canonical instance, or the column's message if it has no code. */
    Message message(int slot) {
        int c = cell[W * slot + PORTS_AT] >>> CODE_SHIFT;
        return c != 0 ? canonical[c - 1] : message[slot];
    }

    /** The code of the message in a slot, or -1 if it has none (it is in the column). */
    int code(int slot) { return (cell[W * slot + PORTS_AT] >>> CODE_SHIFT) - 1; }

    /** The envelope of a slot of {@code node}'s box. */
    Envelope envelope(int node, int slot) {
        return new Envelope(id(slot), from(slot), fromPort(slot), node, toPort(slot), sentRound(slot), message(slot));
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
    int capacity() { return cell.length / W; }
    /** Slots in rooms no row holds, below the pool's end (for tests of the layout). */
    int abandoned() { return end - roomy; }

    /** The free rooms, each as its first slot and its length (for tests of the layout). */
    List<int[]> freeRooms() {
        List<int[]> rooms = new ArrayList<>();
        for (int c = 0; c < free.length; c++) {
            for (int k = free[c]; k != NIL; k = cell[W * k + ROUND]) rooms.add(new int[] {k, ROOMS[c]});
        }
        return rooms;
    }

    /** The room of node's row, in slots (for tests of the layout). */
    int room(int node) { return ROOMS[roomClass(row[node])]; }
    /** Where node's room starts in the pool, empty or not (for tests of the layout). */
    int roomStart(int node) { return start(row[node]); }
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
        append(id, from, fromPort, to, toPort, sentRound, message);
    }

    /** {@link #add} of a send the caller knows has ports in range (the commit's: Δ ≤ 63 and the graph's own ports). */
    void append(long id, int from, int fromPort, int to, int toPort, int sentRound, Message message) {
        long r = row[to];
        if (size(r) == ROOMS[roomClass(r)]) move(to, roomClass(r) + 1);
        else if (size(r) == SIZE_MASK) throw new IllegalStateException(SIZE_MASK + " messages in transit to node " + to + " already");
        put(id, from, fromPort, to, toPort, sentRound, message);
        total++;
    }

    /** {@link #append} into a room that {@link #holds} it, uncounted: threads may put to distinct rows at once ({@link DeferredSends}). */
    void put(long id, int from, int fromPort, int to, int toPort, int sentRound, Message message) {
        int code = codec == null ? -1 : codec.code(message);
        if (code < -1 || code >= canonical.length) throw new IllegalStateException("code " + code + " of " + message);
        long r = row[to];
        int s = size(r);
        int k = start(r) + s;
        int c = W * k;
        if (s > 0) cell[c - W + PORTS_AT] &= ~LAST;
        cell[c + ROUND] = sentRound;
        cell[c + FROM] = from;
        cell[c + PORTS_AT] = toPort | fromPort << 8 | LAST | (code + 1) << CODE_SHIFT;
        cell[c + ID_LOW] = (int) id;
        cell[c + ID_HIGH] = (int) (id >>> 32);
        if (code < 0) column()[k] = message;
        else if (this.message != null) this.message[k] = null; // what a row left there may be garbage
        row[to] = r + (1L << 32);
    }

    /** Whether node's room holds {@code more} messages beyond its row. */
    boolean holds(int node, int more) { return size(row[node]) + more <= ROOMS[roomClass(row[node])]; }

    /** Moves node's row to the smallest larger room holding {@code more} messages beyond it, as that many appends would. */
    void reserve(int node, int more) { move(node, roomFor(node, more)); }
    /** The room class {@link #reserve} moves node's row into. */
    int roomFor(int node, int more) {
        int s = size(row[node]);
        if (s + (long) more > SIZE_MASK) throw new IllegalStateException(SIZE_MASK + " messages in transit to node " + node + " already");
        int c = roomClass(row[node]) + 1;
        while (ROOMS[c] < s + more) c++;
        return c;
    }

    /** Claims {@code slots} at the pool's end for rows that threads then move there ({@link #moveTo}), leaving rooms of {@code left} slots; returns the first. */
    int claim(int slots, int left) {
        if (end + slots > capacity()) grow(end + slots);
        int at = end;
        end += slots;
        roomy += slots - left;
        return at;
    }

    /** Reads the rows and box ends of {@code nodes} (-1: none) that appends will write: their misses overlap, where appends wait for each in turn. */
    void warm(int[] nodes, int count) {
        int sum = 0;
        Message[] column = message; // null while every message has its code in its slot
        int slots = capacity();
        for (int i = 0; i < count; i++) {
            int v = nodes[i];
            if (v < 0) continue;
            long r = row[v];
            int k = start(r) + Math.max(size(r) - 1, 0);
            if (k < slots) sum += cell[W * k + PORTS_AT] + (column == null || column[k] == null ? 0 : 1);
        }
        warmth = sum;
    }

    private int warmth; // what warm read last: nobody's business but the compiler's

    /**
     * Moves node's row to a free room of class {@code c}, or a new one at the pool's end; returns its
     * row word. The pool grows by a quarter when full; only a round's end lays it out again.
     */
    private long move(int node, int c) {
        int slots = ROOMS[c];
        int to = free[c];
        if (to != NIL) {
            free[c] = cell[W * to + ROUND];
        } else {
            if (end + slots > capacity()) grow(end + slots);
            to = end;
            end += slots;
        }
        int from = start(row[node]);
        int old = roomClass(row[node]);
        moveTo(node, to, c);
        if (ROOMS[old] > 0) {
            cell[W * from + ROUND] = free[old];
            free[old] = from;
        }
        roomy += slots - ROOMS[old];
        return row[node];
    }

    /** Moves node's row into the room of class c at slot {@code to}; threads may move rows 64-node words apart into {@link #claim}ed rooms at once. */
    void moveTo(int node, int to, int c) {
        long r = row[node];
        int from = start(r);
        int s = size(r);
        System.arraycopy(cell, W * from, cell, W * to, W * s);
        if (message != null) System.arraycopy(message, from, message, to, s);
        strayed[node >>> 6] |= 1L << node;
        row[node] = row(to, s, c);
    }

    private void grow(int needed) {
        int length = Math.max(needed, capacity() + Math.max(16, capacity() >> 2));
        if (length > Integer.MAX_VALUE / W) throw new IllegalStateException("too many messages in transit: " + total);
        cell = Arrays.copyOf(cell, W * length);
        if (message != null) message = Arrays.copyOf(message, length);
    }

    /**
     * At a round's end ({@link TimeVaryingGraph#settle}), lays the rows out again in node order,
     * each in the smallest room holding it and a message more, once the rooms left behind outweigh an
     * eighth of those in use, the rooms hold more than half again the messages and a slot a row (boxes
     * that shrink keep their rooms; a run's first rounds leave rooms sized for their peak), or the pool
     * holds a quarter more than the rooms. The messages, their order and ids stay; a pass or four over the nodes.
     */
    public void settle() { settle(Workers.SINGLE); }

    /** {@link #settle()}, the layout's passes over the nodes shared out to {@code workers}. */
    public void settle(Workers workers) { settle(workers, BLOCK); }

    /** Nodes per block of a layout's passes on the workers. */
    static final int BLOCK = 4096;

    /** {@link #settle(Workers)} in blocks of {@code block} nodes (tests: split small pools). */
    void settle(Workers workers, int block) {
        if (capacity() - end < end - laidOut || end - roomy > (roomy >> 3) + 16 || roomy > PoolRows.roomsAllowed(total, row.length)
                || capacity() > roomy + (roomy >> 2) + (roomy >> 3) + 64) {
            layOut(workers, block);
        }
    }

    /**
     * The layout, with a spare after the rooms for the next round's moves (a sixteenth of the rooms:
     * with a slot of slack a row, few rows move). In the pool's own columns when that
     * fits and the pool is at most a quarter larger than the rooms (fresh columns every round or two,
     * grown again at the next sends, were over half of what a large run's caller allocated); else
     * into fresh columns, each row in the class its row word names (a box of up to three messages in
     * exactly its size and one more). The passes that read every row
     * run on the workers in fixed blocks of nodes (integer sums, disjoint rows and slots: the same
     * layout for any thread count); the in-place slides stay on one thread, whose order keeps them
     * from overwriting a row not yet moved.
     */
    private void layOut(Workers workers, int block) {
        long[] sums = PoolRows.classes(row, strayed, workers, block);
        long tight = 0;
        long rooms = 0;
        long strays = 0;
        for (int b = 0; b < sums.length; b += 3) {
            rooms += sums[b];
            tight += sums[b + 1];
            strays += sums[b + 2];
        }
        boolean headroom = rooms <= PoolRows.roomsAllowed(total, row.length); // else the next round's end would lay them out again
        if (!headroom) {
            rooms = tight;
            PoolRows.tighten(row, workers, block, sums);
        }
        long spare = (rooms >> 4) + 16;
        if (rooms + spare > Integer.MAX_VALUE / W) throw new IllegalStateException("too many messages in transit: " + total);
        int slots = capacity();
        if (rooms + (rooms >> 3) + 16 <= slots && slots <= rooms + (rooms >> 2) + (rooms >> 3) + 64) {
            PoolRows.layOut(row, strayed, cell, message, end, (int) rooms, (int) strays);
        } else {
            int[] oCell = cell;
            Message[] oMessage = message;
            cell = new int[W * (int) (rooms + spare)];
            message = oMessage == null ? null : new Message[(int) (rooms + spare)];
            PoolRows.copyRows(row, oCell, oMessage, cell, message, workers, block, sums);
        }
        end = (int) rooms;
        roomy = end;
        laidOut = end;
        Arrays.fill(free, NIL);
        Arrays.fill(strayed, 0);
    }

    /** Whether node's row moved since the last layout (for tests of the layout, and the layout's own). */
    boolean strayed(int u) { return (strayed[u >>> 6] & 1L << u) != 0; }

    /**
     * Whether the i-th message to {@code node} may be received in {@code round}: it was sent in an
     * earlier round and, with FIFO channels, nothing older is waiting on the same port.
     */
    public boolean receivable(int node, int i, int round) {
        int k = slot(node, i);
        if (sentRound(k) >= round) return false;
        if (discipline == ChannelDiscipline.FIFO) {
            int p = toPort(k);
            for (int j = k - i; j != k; j++) if (toPort(j) == p) return false;
        }
        return true;
    }

    /** Index of message {@code id} in the node's box, or -1. */
    public int indexOf(int node, long id) {
        long r = row[node];
        for (int i = 0, k = start(r), s = size(r); i < s; i++, k++) if (id(k) == id) return i;
        return -1;
    }

    public void removeAt(int node, int i) { removeInRow(node, i); total--; }

    /** {@link #removeAt} without counting it in {@link #total}: it writes node's row only, so threads may remove
     *  from distinct nodes' rows at once, each removal counted later by {@link #countRemoved} on one thread. */
    void removeInRow(int node, int i) {
        int k = slot(node, i);
        long r = row[node];
        int after = size(r) - i - 1;
        if (after > 0) {
            System.arraycopy(cell, W * (k + 1), cell, W * k, W * after);
            if (message != null) System.arraycopy(message, k + 1, message, k, after);
        } else if (i > 0) {
            cell[W * (k - 1) + PORTS_AT] |= LAST;
        }
        if (message != null) message[k + after] = null; // the protocol's message may be garbage now
        row[node] = r - (1L << 32);
    }

    /** A {@link #removeInRow} leaves transit (or an undone one never did: -1). */
    void countRemoved(int messages) { total -= messages; }

    /** Removes and returns every message in transit to {@code node} on {@code port} (the edge was cut). */
    public List<Envelope> drop(int node, int port) {
        List<Envelope> lost = dropUncounted(node, port);
        total -= lost.size();
        return lost;
    }

    /** {@link #drop} without counting in {@link #total}: the caller counts ({@link #countRemoved}); it writes node's row only. */
    List<Envelope> dropUncounted(int node, int port) {
        List<Envelope> lost = null;
        long r = row[node];
        int from = start(r);
        int s = size(r);
        int w = from;
        for (int k = from; k < from + s; k++) {
            if (toPort(k) == port) {
                if (lost == null) lost = new ArrayList<>(2);
                lost.add(envelope(node, k));
            } else {
                if (w != k) {
                    System.arraycopy(cell, W * k, cell, W * w, W);
                    if (message != null) message[w] = message[k];
                }
                w++;
            }
        }
        if (lost == null) return List.of();
        if (message != null) Arrays.fill(message, w, from + s, null);
        if (w > from) cell[W * (w - 1) + PORTS_AT] |= LAST;
        row[node] = row(from, w - from, roomClass(r));
        return lost;
    }

    /** Messages in transit to {@code node} on {@code port}: a scan of the node's row, a cache line or two. */
    public int count(int node, int port) {
        long r = row[node];
        int c = 0;
        for (int k = W * start(r) + PORTS_AT, e = k + W * size(r); k < e; k += W) {
            if ((cell[k] & 0xFF) == port) c++;
        }
        return c;
    }

    /** Adds to {@code counts[p]} {@link #count} of {@code node} on p, for every p ≠ 0 in {@code ports}: one scan of the row for them all. */
    void addCounts(int node, long ports, int[] counts) {
        long r = row[node];
        long others = ports & ~1L;
        for (int k = W * start(r) + PORTS_AT, e = k + W * size(r); k < e; k += W) {
            int p = cell[k] & 0xFF;
            if ((others & 1L << p) != 0) counts[p]++;
        }
    }
}
