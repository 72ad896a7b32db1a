package dev.lockstep.core;

import java.util.Arrays;

/**
 * A listed synchronous round's delivered sends, kept aside while its executions commit on the
 * caller's thread and appended to the receivers' rows afterwards, on the workers, by ranges of
 * receivers ({@link #flush}).
 *
 * <p>Why nobody can tell (Sec. 2.1, {@link ParallelRound}): a message sent in a synchronous
 * round cannot be received in it, and an append never moves the messages already in a row, so
 * the round's executions read the same positions, messages and FIFO predecessors with or without
 * the round's sends in the rows ({@link EnabledChoices#listed} reads only the listing). Anything
 * that would read a row in full while sends wait here (an execution the listing does not prove,
 * which is checked and may be listed again) flushes first. Each receiver's messages are appended
 * in recording order (plan order of the senders, then send order): one thread's order.
 *
 * <p>The checks after each execution read the graph and the counts in transit only (else the
 * round does not defer), through a {@link SerialTransitView} that asks {@link #inTransit}: the
 * row's count plus the sends recorded on that channel so far, which is what one thread has in
 * transit there at that point. Only the node on the channel's other end sends on it, and it
 * commits once in the plan, so its recorded range ({@link #begin}) holds them all. With
 * {@link #start}'s counts ahead, the workers also read, before the plan, each planned node's
 * neighbours' counts towards it (less the message the neighbour receives if it comes earlier in
 * the plan): the checks of a node's sends then read no neighbour's row on the caller's thread.
 *
 * <p>Recording costs the caller sequential writes only. Memory: 12 bytes and two bits a node, 16
 * bytes and a reference a send of a recent round (shrunk when a round needs a quarter of it), and
 * Δ + 1 bytes a planned node for the counts ahead. The message ids are consecutive in recording
 * order (every id a commit takes while sends wait here is one recorded), so only the first is kept.
 */
final class DeferredSends {
    // Every simulation (and every copy the explorer makes) has one of these, mostly never used: its
    // arrays start empty and shared, and are made (never written in place) when a plan first defers.
    private static final int[] NO_INTS = {};
    private static final long[] NO_LONGS = {};
    private static final byte[] NO_BYTES = {};
    private static final Message[] NO_MESSAGES = {};
    /** A count ahead that is not known (too large, a port past Δ): the row is read. */
    private static final int UNKNOWN = 0xFF;
    private final SimulationState world;
    private final ActionTable actions;
    /** Whether commits record their delivered sends here instead of appending them (for one listed plan). */
    boolean on;
    /** Sends recorded since the last flush. */
    private int count;
    private long firstId;
    private int round;
    private int[] to = NO_INTS;
    private int[] from = NO_INTS;
    /** Receiver's port in the low byte, sender's in the next. */
    private int[] ports = NO_INTS;
    private Message[] message = NO_MESSAGES;
    /** Per node u that committed since the last flush ({@link #committed}): its sends' range here, [2u, 2u + 1). */
    private int[] range = NO_INTS;
    private long[] committed = NO_LONGS;
    /** Per node: its plan position while counts ahead hold, then its sends' count during a flush. */
    private int[] slot = NO_INTS;
    private long[] receivers = NO_LONGS;
    /** A bit per node whose room does not hold its sends: moved on the caller between the workers' passes. */
    private long[] overflow = NO_LONGS;
    /** Whether {@link #ahead} holds this plan's counts: until a flush in the middle of the plan. */
    private boolean counted;
    /** Per plan position i and port p of its node u: messages in transit to u's peer from u when u's turn comes, or {@link #UNKNOWN}. */
    private byte[] ahead = NO_BYTES;
    private int cap;
    /** The node whose commit is under way, and where its sends start here. */
    private int current = -1;
    private int currentStart;

    DeferredSends(SimulationState world, ActionTable actions) {
        this.world = world;
        this.actions = actions;
    }

    /**
     * Sends wait here from now on, for the plan {@code nodes[0..k)} of distinct nodes with the
     * listing codes {@code codes}; with {@code countAhead}, the workers read the counts the
     * checks will ask for first.
     */
    void start(int[] nodes, int[] codes, int k, Workers workers, int grain, boolean countAhead) {
        int n = world.states.length;
        if (range.length != 2 * n) {
            range = new int[2 * n];
            slot = new int[n];
            committed = new long[(n + 63) >>> 6];
            receivers = new long[committed.length];
            overflow = new long[committed.length];
        }
        on = true;
        current = -1;
        counted = false;
        if (!countAhead) return;
        cap = world.graph.delta() + 1;
        if ((long) k * cap > Integer.MAX_VALUE) return;
        if (ahead.length < k * cap) ahead = new byte[k * cap];
        int[] at = slot;
        workers.forRange(k, grain, (a, b) -> {
            for (int i = a; i < b; i++) at[nodes[i]] = i;
        });
        workers.forRange(k, grain, (a, b) -> {
            for (int i = a; i < b; i++) countAhead(nodes, codes, k, i);
        });
        counted = true;
    }

    /** The counts ahead of plan position i: each peer's row on u's channel, less what it receives on it before u's turn. */
    private void countAhead(int[] nodes, int[] codes, int k, int i) {
        int u = nodes[i];
        int o = i * cap;
        Arrays.fill(ahead, o, o + cap, (byte) UNKNOWN);
        TimeVaryingGraph graph = world.graph;
        Channels channels = world.channels;
        for (long s = graph.ports(u) & ~1L; s != 0; s &= s - 1) {
            int p = Long.numberOfTrailingZeros(s);
            int v = graph.peer(u, p);
            if (p >= cap || v < 0) continue;
            int q = graph.peerPort(u, p);
            int c = channels.count(v, q);
            int j = slot[v];
            if (j < i && nodes[j] == v) { // v's execution comes first and takes the listed message out of its row
                int code = codes[j];
                int box = code >>> 8;
                if (box > 0 && actions.get(code & 0xFF).trigger() == Action.Trigger.MESSAGE) {
                    if (box > channels.size(v)) continue; // not a listing's code: that execution flushes first
                    if (channels.toPort(channels.slot(v, box - 1)) == q) c--;
                }
            }
            if (c < UNKNOWN) ahead[o + p] = (byte) c;
        }
    }

    /** Node u's commit begins: its sends, if any, are recorded from here. */
    void begin(int u) {
        current = u;
        currentStart = count;
        range[2 * u] = count;
        committed[u >>> 6] |= 1L << u;
    }

    /** Node u's commit recorded all its sends. */
    void end(int u) {
        range[2 * u + 1] = count;
    }

    /** Records the delivered send {@code id} from u's port p to v's port q, as {@link Channels#append} would append it. */
    void add(long id, int u, int p, int v, int q, int sentRound, Message m) {
        int i = count;
        if (i == 0) {
            firstId = id;
            round = sentRound;
        } else if (id != firstId + i || sentRound != round) {
            throw new IllegalStateException("message " + id + " of round " + sentRound + " deferred after " + i
                    + " from message " + firstId + " of round " + round);
        }
        if (i == to.length) resize(Math.max(64, to.length * 2));
        to[i] = v;
        from[i] = u;
        ports[i] = q | p << 8;
        message[i] = m;
        count = i + 1;
    }

    private void resize(int length) {
        to = Arrays.copyOf(to, length);
        from = Arrays.copyOf(from, length);
        ports = Arrays.copyOf(ports, length);
        message = Arrays.copyOf(message, length);
    }

    /** Sends recorded and not yet appended. */
    int size() {
        return count;
    }

    /** Whether the checks read the rows of the peers of a commit's sends (else the counts ahead answer). */
    boolean readsRows() {
        return !on || !counted;
    }

    /**
     * Messages in transit to node x on its port q as one thread would have them now: {@code rows}'
     * count and the recorded ones. If the commit under way sent there, its node is x's peer on q
     * and nobody else sent there: its own sends say how many, and the counts ahead (if read) the rest.
     */
    int inTransit(SystemView rows, int x, int q) {
        if (count == 0) return rows.inTransit(x, q);
        int c = 0;
        int p = -1;
        for (int i = currentStart; i < count; i++) {
            if (to[i] == x && (ports[i] & 0xFF) == q) {
                c++;
                p = ports[i] >>> 8;
            }
        }
        if (p < 0) return rows.inTransit(x, q) + recorded(x, q);
        int before = counted && x != current ? ahead[slot[current] * cap + p] & 0xFF : UNKNOWN;
        return (before != UNKNOWN ? before : rows.inTransit(x, q)) + c;
    }

    /** Recorded sends to x on its port q: the peer there sent them all, in its commit's range. */
    private int recorded(int x, int q) {
        if (count == 0) return 0;
        int y = world.graph.peer(x, q);
        if (y < 0 || (committed[y >>> 6] & 1L << y) == 0) return 0;
        int end = y == current ? count : range[2 * y + 1];
        int c = 0;
        for (int i = range[2 * y]; i < end; i++) if (to[i] == x && (ports[i] & 0xFF) == q) c++;
        return c;
    }

    /**
     * Appends every recorded send to its receiver's row in recording order and does per receiver
     * what an append does ({@link SimulationState#arrived}); the rows then are what one thread's
     * appends made them. Each worker takes a range of whole 64-node words (a listing's round-bound
     * mark shares its word with 63 other nodes'), reads the sends to count its receivers' and marks
     * the rows whose rooms do not hold them; the caller moves those, in node order so the pool's
     * layout depends on the run alone, and touches the round's changes (one list); then each
     * worker reads the sends again and appends its receivers'. Only the caller counts the total.
     * With {@code stop}, sends are appended at once again.
     */
    void flush(Workers workers, int grain, boolean stop) {
        int k = count;
        if (stop) on = false;
        Arrays.fill(committed, 0L);
        counted = false;
        current = -1;
        if (k == 0) return;
        Channels channels = world.channels;
        ChoiceCache cache = world.choiceCache;
        int n = world.states.length;
        int words = receivers.length;
        int t = workers.threads();
        int wordGrain = Math.max(Math.max(1, grain >>> 6), words / t); // each range reads every send
        workers.forRange(words, wordGrain, (a, b) -> {
            int lo = a << 6;
            int hi = Math.min(n, b << 6);
            for (int i = 0; i < k; i++) {
                int v = to[i];
                if (v < lo || v >= hi) continue;
                long bit = 1L << v;
                if ((receivers[v >>> 6] & bit) == 0) {
                    receivers[v >>> 6] |= bit;
                    slot[v] = 1;
                } else {
                    slot[v]++;
                }
            }
            for (int w = a; w < b; w++) {
                for (long bits = receivers[w]; bits != 0; bits &= bits - 1) {
                    int v = (w << 6) + Long.numberOfTrailingZeros(bits);
                    cache.arrived(v);
                    if (!channels.holds(v, slot[v])) overflow[w] |= 1L << v;
                }
            }
        });
        RoundChanges changes = world.changes;
        for (int w = 0; w < words; w++) {
            long bits = receivers[w];
            if (bits == 0) continue;
            receivers[w] = 0;
            for (; bits != 0; bits &= bits - 1) changes.touch((w << 6) + Long.numberOfTrailingZeros(bits));
            for (long o = overflow[w]; o != 0; o &= o - 1) {
                int v = (w << 6) + Long.numberOfTrailingZeros(o);
                channels.reserve(v, slot[v]);
            }
            overflow[w] = 0;
        }
        long first = firstId;
        int sent = round;
        channels.column(); // made here, not by whichever thread puts the first message without a code
        workers.forRange(words, wordGrain, (a, b) -> {
            int lo = a << 6;
            int hi = Math.min(n, b << 6);
            for (int i = 0; i < k; i++) {
                int v = to[i];
                if (v < lo || v >= hi) continue;
                int pq = ports[i];
                channels.put(first + i, from[i], pq >>> 8, v, pq & 0xFF, sent, message[i]);
                message[i] = null; // the row holds it now; a message it drops may be garbage
            }
        });
        channels.countRemoved(-k); // what the appends would have counted
        count = 0;
        // a run's first rounds, when every node announces itself, send many times what later ones do
        if (to.length > 1024 && k < to.length >>> 2) resize(Math.max(1024, 2 * k));
    }
}
