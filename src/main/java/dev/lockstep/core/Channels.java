package dev.lockstep.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Messages in transit, kept per receiving node in send order. A directed edge's channel is the
 * subsequence with one {@code toPort}; self-messages travel on port 0 like any other.
 *
 * <p>All boxes share one table of slots, a column per field (a million-node run holds millions of
 * messages in transit: 26 bytes a message here, where an {@link Envelope} and its box's slot took
 * 44). A node's box is a list of slots linked in send order; a received slot goes on a free list
 * and the next send takes it back (last in, first out, so the table's layout is a function of the
 * run alone). The layout never shows: {@link #get} builds the same envelope, and every answer is
 * the one a list of envelopes per node gave. The hot paths walk a box through {@link #first} and
 * {@link #next} and read the columns, building no envelope.
 */
public final class Channels {
    private static final int NIL = -1;
    /** Ports fit a byte and a {@code long}'s bits (Δ ≤ 63), which the FIFO test relies on. */
    private static final int PORTS = 64;

    private final ChannelDiscipline discipline;
    /** Each node's first and last slot ({@link #NIL} when empty) and its number of messages. */
    private final int[] head;
    private final int[] tail;
    private final int[] size;
    // the columns, indexed by slot
    private long[] id;
    private int[] sentRound;
    private int[] from;
    private byte[] fromPort;
    private byte[] toPort;
    private Message[] message;
    /** The next slot of the same box (or of the free list); {@link #NIL} at the end. */
    private int[] next;
    /** The first slot never used; the free list holds the used ones given back below it. */
    private int end;
    private int free = NIL;
    private long total;

    public Channels(int n, ChannelDiscipline discipline) {
        this.discipline = discipline;
        head = new int[n];
        tail = new int[n];
        size = new int[n];
        Arrays.fill(head, NIL);
        Arrays.fill(tail, NIL);
        allocate(16);
    }

    private Channels(Channels o) {
        discipline = o.discipline;
        head = o.head.clone();
        tail = o.tail.clone();
        size = o.size.clone();
        id = o.id.clone();
        sentRound = o.sentRound.clone();
        from = o.from.clone();
        fromPort = o.fromPort.clone();
        toPort = o.toPort.clone();
        message = o.message.clone();
        next = o.next.clone();
        end = o.end;
        free = o.free;
        total = o.total;
    }

    private void allocate(int length) {
        id = new long[length];
        sentRound = new int[length];
        from = new int[length];
        fromPort = new byte[length];
        toPort = new byte[length];
        message = new Message[length];
        next = new int[length];
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
    int first(int node) { return head[node]; }

    /** The slot of node's newest message, or -1. */
    int last(int node) { return tail[node]; }

    /** The slot of the next message (in send order) to the same node, or -1. */
    int next(int slot) { return next[slot]; }

    /** The slot of node's i-th message (0 ≤ i < size). */
    int slot(int node, int i) {
        if (i < 0 || i >= size[node]) throw new IndexOutOfBoundsException("message " + i + " of " + size[node]);
        int k = head[node];
        while (i-- > 0) k = next[k];
        return k;
    }

    long id(int slot) { return id[slot]; }

    int sentRound(int slot) { return sentRound[slot]; }

    int from(int slot) { return from[slot]; }

    int fromPort(int slot) { return fromPort[slot]; }

    int toPort(int slot) { return toPort[slot]; }

    Message message(int slot) { return message[slot]; }

    /** The envelope of a slot of {@code node}'s box. */
    Envelope envelope(int node, int slot) {
        return new Envelope(id[slot], from[slot], fromPort[slot], node, toPort[slot], sentRound[slot], message[slot]);
    }

    /**
     * Whether the message in {@code slot} may be received in {@code round}, given the ports of the
     * messages before it in its box ({@code portsBefore}, a bit per port): it was sent in an earlier
     * round and, with FIFO channels, nothing older is waiting on the same port.
     */
    boolean receivable(int slot, int round, long portsBefore) {
        return sentRound[slot] < round
                && (discipline != ChannelDiscipline.FIFO || (portsBefore & (1L << toPort[slot])) == 0);
    }

    /** The table's slots, in use or not (for tests of its room). */
    int capacity() { return next.length; }

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
            free = next[k];
        } else {
            if (end == next.length) grow();
            k = end++;
        }
        this.id[k] = id;
        this.sentRound[k] = sentRound;
        this.from[k] = from;
        this.fromPort[k] = (byte) fromPort;
        this.toPort[k] = (byte) toPort;
        this.message[k] = message;
        next[k] = NIL;
        int t = tail[to];
        if (t == NIL) head[to] = k;
        else next[t] = k;
        tail[to] = k;
        size[to]++;
        total++;
    }

    /** Half as many slots again: the table's spare room stays within a third of it. */
    private void grow() {
        int length = next.length + Math.max(16, next.length >> 1);
        id = Arrays.copyOf(id, length);
        sentRound = Arrays.copyOf(sentRound, length);
        from = Arrays.copyOf(from, length);
        fromPort = Arrays.copyOf(fromPort, length);
        toPort = Arrays.copyOf(toPort, length);
        message = Arrays.copyOf(message, length);
        next = Arrays.copyOf(next, length);
    }

    /**
     * Gives back the table's room once at most half of it holds messages (a run's first rounds,
     * when every node announces itself, leave a table sized for their peak): the boxes are laid
     * out again in node order with a quarter to spare. At a round's end, as
     * {@link TimeVaryingGraph#settle}; the messages, their order and ids stay.
     */
    public void settle() {
        int live = (int) total;
        if (next.length <= 2 * live + 64) return;
        long[] oId = id;
        int[] oRound = sentRound;
        int[] oFrom = from;
        byte[] oFromPort = fromPort;
        byte[] oToPort = toPort;
        Message[] oMessage = message;
        int[] oNext = next;
        allocate(live + (live >> 2) + 16);
        end = 0;
        free = NIL;
        for (int u = 0; u < head.length; u++) {
            int prev = NIL;
            for (int k = head[u]; k != NIL; k = oNext[k]) {
                int s = end++;
                id[s] = oId[k];
                sentRound[s] = oRound[k];
                from[s] = oFrom[k];
                fromPort[s] = oFromPort[k];
                toPort[s] = oToPort[k];
                message[s] = oMessage[k];
                next[s] = NIL;
                if (prev == NIL) head[u] = s;
                else next[prev] = s;
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
        if (sentRound[k] >= round) return false;
        if (discipline == ChannelDiscipline.FIFO) {
            byte p = toPort[k];
            for (int j = head[node]; j != k; j = next[j]) if (toPort[j] == p) return false;
        }
        return true;
    }

    /** Index of message {@code id} in the node's box, or -1. */
    public int indexOf(int node, long id) {
        int i = 0;
        for (int k = head[node]; k != NIL; k = next[k], i++) if (this.id[k] == id) return i;
        return -1;
    }

    public void removeAt(int node, int i) {
        if (i < 0 || i >= size[node]) throw new IndexOutOfBoundsException("message " + i + " of " + size[node]);
        int prev = NIL;
        int k = head[node];
        while (i-- > 0) {
            prev = k;
            k = next[k];
        }
        unlink(node, prev, k);
        total--;
    }

    /** Takes slot k (after {@code prev}, or first) out of node's box and onto the free list. */
    private void unlink(int node, int prev, int k) {
        int after = next[k];
        if (prev == NIL) head[node] = after;
        else next[prev] = after;
        if (tail[node] == k) tail[node] = prev;
        size[node]--;
        message[k] = null; // the protocol's message may be garbage now
        next[k] = free;
        free = k;
    }

    /** Removes and returns every message in transit to {@code node} on {@code port} (the edge was cut). */
    public List<Envelope> drop(int node, int port) {
        List<Envelope> lost = null;
        int prev = NIL;
        for (int k = head[node]; k != NIL; ) {
            int after = next[k];
            if (toPort[k] == port) {
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
        for (int k = head[node]; k != NIL; k = next[k]) if (toPort[k] == port) c++;
        return c;
    }
}
