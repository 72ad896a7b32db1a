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
 * the round's sends in the rows ({@link EnabledChoices#listed} reads only the listing). The
 * checks after each execution read the graph and the counts in transit only (else the round does
 * not defer): a {@link SerialTransitView} adds {@link #count} to them, the sends recorded so far,
 * which is what one thread has appended at that point. Anything that would read a row in full
 * while sends wait here (an execution the listing does not prove, which lists its node again)
 * flushes first. Each receiver's messages are appended in the order they were recorded (plan
 * order of the senders, then send order): one thread's order, so rows end the same.
 *
 * <p>Recording costs the caller a few sequential writes and one read of the receiver's chain
 * ends, where an append read and wrote the receiver's row and slots at random in the pool.
 * Memory: 8 bytes a node for the chain ends, a bit or two a node, and 16 bytes and a reference a
 * send of a recent round, reused round after round (shrunk when a round needs a quarter of it). The message ids are consecutive in
 * recording order (every id a commit takes while sends wait here is one recorded), so only the
 * first is kept.
 */
final class DeferredSends {
    private static final int NONE = -1;
    private final SimulationState world;
    /** Whether commits record their delivered sends here instead of appending them (for one listed plan). */
    boolean on;
    /** Sends recorded since the last flush. */
    private int count;
    private long firstId;
    private int round;
    private int[] from = new int[0];
    /** Receiver's port in the low byte, sender's in the next. */
    private int[] ports = new int[0];
    private Message[] message = new Message[0];
    /** The next send to the same receiver, or {@link #NONE}: each receiver's sends chained in recording order. */
    private int[] next = new int[0];
    /** Per node v: its first recorded send at 2v ({@link #NONE} if none), its last at 2v + 1. */
    private int[] ends = new int[0];
    /** A bit per node with sends recorded. */
    private long[] receivers = new long[0];
    /** A bit per node whose room does not hold its sends: moved on the caller between the workers' passes. */
    private long[] overflow = new long[0];

    DeferredSends(SimulationState world) {
        this.world = world;
    }

    /** Records the delivered send {@code id} from u's port p to v's port q, as {@link Channels#append} would append it. */
    void add(long id, int u, int p, int v, int q, int sentRound, Message m) {
        int i = count;
        if (i == 0) {
            int n = world.states.length;
            if (ends.length != 2 * n) allocate(n);
            firstId = id;
            round = sentRound;
        } else if (id != firstId + i || sentRound != round) {
            throw new IllegalStateException("message " + id + " of round " + sentRound + " deferred after " + i
                    + " from message " + firstId + " of round " + round);
        }
        if (i == next.length) grow();
        from[i] = u;
        ports[i] = q | p << 8;
        message[i] = m;
        next[i] = NONE;
        int h = v << 1;
        if (ends[h] == NONE) {
            ends[h] = i;
            receivers[v >>> 6] |= 1L << v;
        } else {
            next[ends[h + 1]] = i;
        }
        ends[h + 1] = i;
        count = i + 1;
    }

    private void allocate(int n) {
        ends = new int[2 * n];
        Arrays.fill(ends, NONE);
        receivers = new long[(n + 63) >>> 6];
        overflow = new long[receivers.length];
    }

    private void grow() {
        resize(Math.max(64, next.length * 2));
    }

    private void resize(int length) {
        from = Arrays.copyOf(from, length);
        ports = Arrays.copyOf(ports, length);
        message = Arrays.copyOf(message, length);
        next = Arrays.copyOf(next, length);
    }

    /** Sends recorded and not yet appended. */
    int size() {
        return count;
    }

    /** Recorded sends to node v on its port q: what one thread would have in transit there beyond the rows. */
    int count(int v, int q) {
        if (count == 0) return 0;
        int c = 0;
        for (int i = ends[v << 1]; i != NONE; i = next[i]) if ((ports[i] & 0xFF) == q) c++;
        return c;
    }

    private int length(int v) {
        int c = 0;
        for (int i = ends[v << 1]; i != NONE; i = next[i]) c++;
        return c;
    }

    /**
     * Appends every recorded send to its receiver's row, each receiver's in recording order, and
     * does per receiver what an append does ({@link SimulationState#arrived}); the rows then are
     * what one thread's appends made them. The workers take ranges of whole 64-node words (a
     * listing's round-bound mark shares its word with 63 other nodes') and append to the rows
     * whose rooms hold their sends; the caller then moves the others, in node order so the pool's
     * layout depends on the run alone, and touches the round's changes (one list); the workers
     * append to the moved rows. Only the caller counts the total.
     */
    void flush(Workers workers, int grain) {
        int k = count;
        if (k == 0) return;
        Channels channels = world.channels;
        ChoiceCache cache = world.choiceCache;
        int words = receivers.length;
        int wordGrain = Math.max(1, grain >>> 6);
        workers.forRange(words, wordGrain, (a, b) -> {
            for (int w = a; w < b; w++) {
                for (long bits = receivers[w]; bits != 0; bits &= bits - 1) {
                    int v = (w << 6) + Long.numberOfTrailingZeros(bits);
                    cache.arrived(v);
                    if (channels.holds(v, length(v))) put(channels, v);
                    else overflow[w] |= 1L << v;
                }
            }
        });
        RoundChanges changes = world.changes;
        boolean moved = false;
        for (int w = 0; w < words; w++) {
            long bits = receivers[w];
            if (bits == 0) continue;
            receivers[w] = 0;
            for (; bits != 0; bits &= bits - 1) changes.touch((w << 6) + Long.numberOfTrailingZeros(bits));
            for (long o = overflow[w]; o != 0; o &= o - 1) {
                int v = (w << 6) + Long.numberOfTrailingZeros(o);
                channels.reserve(v, length(v));
                moved = true;
            }
        }
        if (moved) {
            workers.forRange(words, wordGrain, (a, b) -> {
                for (int w = a; w < b; w++) {
                    for (long o = overflow[w]; o != 0; o &= o - 1) put(channels, (w << 6) + Long.numberOfTrailingZeros(o));
                    overflow[w] = 0;
                }
            });
        }
        channels.countRemoved(-k); // what the appends would have counted
        count = 0;
        // a run's first rounds, when every node announces itself, send many times what later ones do
        if (next.length > 1024 && k < next.length >>> 2) resize(Math.max(1024, 2 * k));
    }

    /** Appends v's recorded sends to its row (whose room holds them) and forgets them. */
    private void put(Channels channels, int v) {
        int h = v << 1;
        for (int i = ends[h]; i != NONE; i = next[i]) {
            int pq = ports[i];
            channels.put(firstId + i, from[i], pq >>> 8, v, pq & 0xFF, round, message[i]);
            message[i] = null; // the row holds it now; a message it drops may be garbage
        }
        ends[h] = NONE;
    }
}
