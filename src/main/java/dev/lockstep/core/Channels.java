package dev.lockstep.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Messages in transit, kept per receiving node in send order. A directed edge's channel is the
 * subsequence with one {@code toPort}; self-messages travel on port 0 like any other.
 *
 * <p>All boxes share one table of slots in three columns (the small fields side by side, the
 * ids, the messages; a million-node run holds millions of
 * messages in transit: 28 bytes a message here, where an {@link Envelope} and its box's slot took
 * 44). A node's box is a list of slots linked in send order; a received slot goes on a free list
 * and the next send takes it back (last in, first out, so the table's layout is a function of the
 * run alone). The layout never shows: {@link #get} builds the same envelope, and every answer is
 * the one a list of envelopes per node gave. The hot paths walk a box through {@link #first} and
 * {@link #next} and read the fields, building no envelope.
 */
public final class Channels {
    private static final int NIL = -1;
    /** Ports fit a byte and a {@code long}'s bits (Δ ≤ 63), which the FIFO test relies on. */
    private static final int PORTS = 64;

    private final ChannelDiscipline discipline;
    /**
     * Each node's first and last slot ({@link #NIL} when empty). A box's size is counted when
     * asked: only the window and the tools ask, and boxes are short.
     */
    private final int[] head;
    private final int[] tail;
    /**
     * Per slot, four ints side by side, so that walking a box and reading what the listing
     * needs touches one cache line a message: the next slot of the same box (or of the free
     * list, {@link #NIL} at the end), the round of the send, the sender, and the two ports
     * (receiver's in the low byte).
     */
    private int[] cell;
    private static final int NEXT = 0;
    private static final int ROUND = 1;
    private static final int FROM = 2;
    private static final int PORTS_AT = 3;
    private long[] id;
    private Message[] message;
    /** The first slot never used; the free list holds the used ones given back below it. */
    private int end;
    private int free = NIL;
    private long total;

    public Channels(int n, ChannelDiscipline discipline) {
        this.discipline = discipline;
        head = new int[n];
        tail = new int[n];
        Arrays.fill(head, NIL);
        Arrays.fill(tail, NIL);
        allocate(16);
    }

    private Channels(Channels o) {
        discipline = o.discipline;
        head = o.head.clone();
        tail = o.tail.clone();
        cell = o.cell.clone();
        id = o.id.clone();
        message = o.message.clone();
        end = o.end;
        free = o.free;
        total = o.total;
    }

    private void allocate(int length) {
        cell = new int[4 * length];
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
        int c = 0;
        for (int k = head[node]; k != NIL; k = next(k)) c++;
        return c;
    }

    /** The i-th message in transit to {@code node}, in send order (built on demand: a view of its slot). */
    public Envelope get(int node, int i) {
        return envelope(node, slot(node, i));
    }

    // ------------------------------------------------------------------ slots (the hot paths' view)

    /** The slot of node's oldest message, or -1 if none is in transit to it. */
    int first(int node) { return head[node]; }

    /** The slot of node's newest message, or -1. */
    int last(int node) { return tail[node]; }

    /** The slot of the next message (in send order) to the same node, or -1. */
    int next(int slot) { return cell[4 * slot + NEXT]; }

    /** The slot of node's i-th message (0 ≤ i < size). */
    int slot(int node, int i) {
        int k = i < 0 ? NIL : head[node];
        for (int j = i; j > 0 && k != NIL; j--) k = next(k);
        if (k == NIL) throw new IndexOutOfBoundsException("message " + i + " of " + size(node));
        return k;
    }

    long id(int slot) { return id[slot]; }

    int sentRound(int slot) { return cell[4 * slot + ROUND]; }

    int from(int slot) { return cell[4 * slot + FROM]; }

    int fromPort(int slot) { return cell[4 * slot + PORTS_AT] >>> 8; }

    int toPort(int slot) { return cell[4 * slot + PORTS_AT] & 0xFF; }

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

    /** The table's slots, in use or not (for tests of its room). */
    int capacity() { return id.length; }

    // ------------------------------------------------------------------ changes

    public void add(Envelope e) {
        add(e.id(), e.from(), e.fromPort(), e.to(), e.toPort(), e.sentRound(), e.message());
    }

    /** Puts a message in transit to {@code to}, after every other one to it. */
    public void add(long id, int from, int fromPort, int to, int toPort, int sentRound, Message message) {
        if (fromPort < 0 || fromPort >= PORTS || toPort < 0 || toPort >= PORTS) {
            throw new IllegalArgumentException("port out of range: " + fromPort + ", " + toPort);
        }
        int k = free;
        if (k != NIL) {
            free = next(k);
        } else {
            if (end == this.id.length) grow();
            k = end++;
        }
        this.id[k] = id;
        int c = 4 * k;
        cell[c + NEXT] = NIL;
        cell[c + ROUND] = sentRound;
        cell[c + FROM] = from;
        cell[c + PORTS_AT] = toPort | fromPort << 8;
        this.message[k] = message;
        int t = tail[to];
        if (t == NIL) head[to] = k;
        else cell[4 * t + NEXT] = k;
        tail[to] = k;
        total++;
    }

    /** Half as many slots again: the table's spare room stays within a third of it. */
    private void grow() {
        int length = id.length + Math.max(16, id.length >> 1);
        cell = Arrays.copyOf(cell, 4 * length);
        id = Arrays.copyOf(id, length);
        message = Arrays.copyOf(message, length);
    }

    /**
     * Gives back the table's room once a third of it or more is spare (a run's first rounds, when
     * every node announces itself, leave a table sized for their peak; a table grows by half): the
     * boxes are laid out again in node order with an eighth to spare. At a round's end, as
     * {@link TimeVaryingGraph#settle}; the messages, their order and ids stay. It costs a pass
     * over the nodes, which the round's checks make anyway.
     */
    public void settle() {
        int live = (int) total;
        if (id.length <= live + (live >> 1) + 64) return;
        int[] oCell = cell;
        long[] oId = id;
        Message[] oMessage = message;
        allocate(live + (live >> 3) + 16);
        end = 0;
        free = NIL;
        for (int u = 0; u < head.length; u++) {
            int prev = NIL;
            for (int k = head[u]; k != NIL; k = oCell[4 * k + NEXT]) {
                int s = end++;
                System.arraycopy(oCell, 4 * k, cell, 4 * s, 4);
                cell[4 * s + NEXT] = NIL;
                id[s] = oId[k];
                message[s] = oMessage[k];
                if (prev == NIL) head[u] = s;
                else cell[4 * prev + NEXT] = s;
                prev = s;
            }
            tail[u] = prev;
        }
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
            for (int j = head[node]; j != k; j = next(j)) if (toPort(j) == p) return false;
        }
        return true;
    }

    /** Index of message {@code id} in the node's box, or -1. */
    public int indexOf(int node, long id) {
        int i = 0;
        for (int k = head[node]; k != NIL; k = next(k), i++) if (this.id[k] == id) return i;
        return -1;
    }

    public void removeAt(int node, int i) {
        int prev = i > 0 ? slot(node, i - 1) : NIL;
        int k = i == 0 ? head[node] : prev == NIL ? NIL : next(prev);
        if (k == NIL) throw new IndexOutOfBoundsException("message " + i + " of " + size(node));
        unlink(node, prev, k);
        total--;
    }

    /** Takes slot k (after {@code prev}, or first) out of node's box and onto the free list. */
    private void unlink(int node, int prev, int k) {
        int after = next(k);
        if (prev == NIL) head[node] = after;
        else cell[4 * prev + NEXT] = after;
        if (tail[node] == k) tail[node] = prev;
        message[k] = null; // the protocol's message may be garbage now
        cell[4 * k + NEXT] = free;
        free = k;
    }

    /** Removes and returns every message in transit to {@code node} on {@code port} (the edge was cut). */
    public List<Envelope> drop(int node, int port) {
        List<Envelope> lost = null;
        int prev = NIL;
        for (int k = head[node]; k != NIL; ) {
            int after = next(k);
            if (toPort(k) == port) {
                if (lost == null) lost = new ArrayList<>(2);
                lost.add(envelope(node, k));
                unlink(node, prev, k);
            } else {
                prev = k;
            }
            k = after;
        }
        if (lost == null) return List.of();
        total -= lost.size();
        return lost;
    }

    /** Messages in transit to {@code node} on {@code port}. */
    public int count(int node, int port) {
        int c = 0;
        for (int k = head[node]; k != NIL; k = next(k)) if (toPort(k) == port) c++;
        return c;
    }
}
