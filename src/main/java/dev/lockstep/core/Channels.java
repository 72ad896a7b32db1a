package dev.lockstep.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Messages in transit, kept per receiving node in send order. A directed edge's channel is the
 * subsequence with one {@code toPort}; self-messages travel on port 0 like any other.
 */
public final class Channels {
    /**
     * Every empty box: a box is allocated when a message arrives and given back when its last
     * one is received, so a node with nothing in transit holds no array.
     */
    private static final Envelope[] NONE = new Envelope[0];

    private final ChannelDiscipline discipline;
    private final Envelope[][] box;
    private final int[] size;
    private long total;

    public Channels(int n, ChannelDiscipline discipline) {
        this.discipline = discipline;
        box = new Envelope[n][];
        Arrays.fill(box, NONE);
        size = new int[n];
    }

    private Channels(Channels o) {
        discipline = o.discipline;
        box = new Envelope[o.box.length][];
        for (int i = 0; i < box.length; i++) {
            box[i] = o.size[i] == 0 ? NONE : Arrays.copyOf(o.box[i], o.size[i]);
        }
        size = o.size.clone();
        total = o.total;
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

    /** The i-th message in transit to {@code node}, in send order. */
    public Envelope get(int node, int i) {
        return box[node][i];
    }

    public void add(Envelope e) {
        int v = e.to();
        Envelope[] b = box[v];
        if (size[v] == b.length) {
            box[v] = b = Arrays.copyOf(b, Math.max(2, b.length * 2));
        }
        b[size[v]++] = e;
        total++;
    }

    /**
     * Whether the i-th message to {@code node} may be received in {@code round}: it was sent in an
     * earlier round and, with FIFO channels, nothing older is waiting on the same port.
     */
    public boolean receivable(int node, int i, int round) {
        Envelope e = box[node][i];
        if (e.sentRound() >= round) return false;
        if (discipline == ChannelDiscipline.FIFO) {
            Envelope[] b = box[node];
            for (int k = 0; k < i; k++) if (b[k].toPort() == e.toPort()) return false;
        }
        return true;
    }

    /** Index of envelope {@code id} in the node's box, or -1. */
    public int indexOf(int node, long id) {
        Envelope[] b = box[node];
        for (int i = 0, s = size[node]; i < s; i++) if (b[i].id() == id) return i;
        return -1;
    }

    public void removeAt(int node, int i) {
        Envelope[] b = box[node];
        int s = size[node];
        System.arraycopy(b, i + 1, b, i, s - i - 1);
        b[--size[node]] = null;
        shrink(node);
        total--;
    }

    /**
     * Gives back the room of a box that was drained to a quarter (a broadcast fills a box at once,
     * its receptions empty it one by one): at most twice the messages' room stays allocated, and
     * an empty box holds no array.
     */
    private void shrink(int node) {
        int s = size[node];
        Envelope[] b = box[node];
        if (s == 0) box[node] = NONE;
        else if (b.length > 4 && s <= b.length >> 2) box[node] = Arrays.copyOf(b, b.length >> 1);
    }

    /** Removes and returns every message in transit to {@code node} on {@code port} (the edge was cut). */
    public List<Envelope> drop(int node, int port) {
        List<Envelope> lost = null;
        Envelope[] b = box[node];
        int s = size[node];
        int w = 0;
        for (int i = 0; i < s; i++) {
            if (b[i].toPort() == port) {
                if (lost == null) lost = new ArrayList<>(2);
                lost.add(b[i]);
            } else {
                b[w++] = b[i];
            }
        }
        for (int i = w; i < s; i++) b[i] = null;
        size[node] = w;
        shrink(node);
        if (lost == null) return List.of();
        total -= lost.size();
        return lost;
    }

    /** Messages in transit to {@code node} on {@code port}. */
    public int count(int node, int port) {
        Envelope[] b = box[node];
        int c = 0;
        for (int i = 0, s = size[node]; i < s; i++) if (b[i].toPort() == port) c++;
        return c;
    }
}
