package dev.lockstep.core;

import static dev.lockstep.core.ExecutionContext.EV_ACQUIRED;
import static dev.lockstep.core.ExecutionContext.EV_UNLOCKED;

import java.util.Arrays;

/**
 * The commits of an {@link InPlaceRound} chunk on the workers as well, in place of its caller's
 * loop in plan order: the caller is left a pass over the chunk's message ids, the arenas and the
 * sums. Everything observable is what one thread's commits in plan order make (the rows' messages
 * and their order, ids, statistics, statuses, the acquired list, the changed nodes, violations and
 * their order); only the pool's layout differs, which nothing shows ({@link Channels}).
 *
 * <p>Why it may (Sec. 2.1, {@link ParallelRound}): after phase 1 every execution of the chunk has
 * run and changed only its own node; what is left writes the node's own fields (status, request
 * round, detectors, touch marks) or appends to the receivers' rows. <b>Phase 2</b> splits the rows
 * by receiver, a worker a range of whole 64-node words (a mark shares its word with 63 other
 * nodes'): each appends its receivers' sends in plan order, the id of each the count of delivered
 * sends before it, and moves a row too small into a room its range's rows left this plan or its
 * range's arena at the pool's end, so no two threads take the same slots. <b>Phase 3</b>, a
 * worker a range of plan positions that starts on a word, does each execution's own part in plan
 * order and its checks; the caller then adds the ranges' sums, waits, acquired nodes and
 * violations in range order.
 *
 * <p>The checks after an execution read counts in transit as one thread has them right after its
 * sends ({@link EdgeCountedCheck}; other checks keep the round on the caller). Only u sends on u's
 * edge to v, so when the chunk's appends are done v's row holds, on that edge, what it held when
 * u's turn came, plus u's sends, less the message v received on it if v came before u — or came
 * after u in this chunk, whose phase 1 already took it: that one is added back. And u's row holds
 * on the edge what it held at u's turn less the message u received, plus v's sends if v came
 * before u — or after u in this chunk: those (the edge's messages sent this round) are taken off.
 * Later chunks have changed neither row yet.
 *
 * <p>A failure here (a row past {@link PoolRows#SIZE_MASK} messages) leaves the chunk half
 * committed, unlike one thread, which would stop at the failing send; the run is over either way.
 */
final class PartitionedCommit {
    /**
     * Whether plans that qualify commit this way: off by default, as on the 2-core machine its extra
     * passes over the sends cost 1.3–1.5 times one thread's CPU and it only draws level at a million
     * nodes (PERFORMANCE.md "Parallel rounds").
     */
    boolean enabled;
    /** The slots a chunk's arena holds at most (tests: a few, so that ranges run out of them mid-chunk). */
    int arenaMost = Integer.MAX_VALUE / 4;
    /** Executions committed this way so far (for tests). */
    long committed;

    private final SimulationState world;
    private final Executions executions;
    private final Audience audience;
    private final ChunkSends phase1;
    private final ProtocolPresentation<?> presentation;
    private final Protocol<?> protocol;

    /** Per 64 nodes: the chunk's receivers; its senders. */
    private long[] receivers = new long[0];
    private long[] senders = new long[0];
    /** Per chunk position: the delivered sends before it in the chunk (its first id's offset). */
    private int[] idOffset = new int[0];
    /**
     * Per receiver range, per send slot (as {@link ChunkSends#sendTo}) to a receiver in it: the
     * messages in transit on the receiver's port right after the send. An array a range, as the
     * ranges' writes to one would share cache lines all along.
     */
    private int[][] atReceiver = new int[0][];
    /** The receiver ranges' first words, and the words' end. */
    private int[] receiverWords = new int[0];
    /**
     * Per receiver range, {@link #STRIDE} ints apart (ranges that wrote one cache line would take
     * it from each other at every move): the free part of the pool it moves rows into
     * ({@link #arenas}), from {@link #AT} to {@link #END}; the slots it took there this chunk
     * ({@link #FRESH}); the chunk position and send where the arena ran out, or -1 ({@link #RESUME_AT},
     * {@link #RESUME_SEND}); and what its moves added to the rooms' slots this chunk ({@link #GROWN}:
     * at most the pool's slots).
     */
    private int[] per = new int[0];
    private static final int STRIDE = 16;
    private static final int AT = 0;
    private static final int END = 1;
    private static final int FRESH = 2;
    private static final int RESUME_AT = 3;
    private static final int RESUME_SEND = 4;
    private static final int GROWN = 5;
    /** The room the move that found the arena too small needed. */
    private static final int NEED = 6;
    /**
     * Per receiver range and room class: the rooms its rows left this plan, last in first out (a
     * room just left is still in the cache), and how many. A range's moves take them before its
     * arena: else every chunk's moves would grow the pool. So the layout depends on the thread
     * count too, which nothing shows either.
     */
    private int[][][] rooms = new int[0][][];
    private int[][] depth = new int[0][];
    private CommitTally[] tallies = new CommitTally[0];
    private int[] segment = new int[0];

    PartitionedCommit(SimulationState world, Executions executions, Audience audience,
                      ChunkSends phase1) {
        this.world = world;
        this.executions = executions;
        this.audience = audience;
        this.phase1 = phase1;
        this.protocol = executions.protocol();
        this.presentation = protocol.presentation();
    }

    /**
     * Whether a plan may commit this way: on, its nodes in increasing order (distinct, and a range
     * of positions covers a range of nodes, so it writes whole words of marks), and the checks
     * after executions count edges without memory ({@link Checker#countsEdgesAlone}).
     */
    boolean qualifies(int[] nodes, int count) {
        if (!enabled || executions.deferred.on || !world.checks.countsEdgesAlone()) return false;
        for (int i = 1; i < count; i++) if (nodes[i] <= nodes[i - 1]) return false;
        return true;
    }

    /**
     * A plan begins: the rooms and arenas the last one's moves left are the layout's (at the round's
     * end, which may have moved them), and its first chunk guesses what the moves take.
     */
    void beginPlan() {
        for (int[] d : depth) Arrays.fill(d, 0);
        for (int o = 0; o < per.length; o += STRIDE) {
            per[o + END] = per[o + AT];
            per[o + FRESH] = -1;
        }
    }

    /** Commits chunk positions [0, k) of the plan's chunk starting at {@code first}, all of which phase 1 ran. */
    void commit(int[] nodes, int[] codes, int first, int k, Workers workers) {
        if (k == 0) return;
        SimulationState w = world;
        int n = w.states.length;
        int words = (n + 63) >>> 6;
        ChunkSends r = phase1;
        int cap = r.cap;
        if (receivers.length != words) {
            receivers = new long[words];
            senders = new long[words];
        }
        if (idOffset.length < k) idOffset = new int[Math.max(k, idOffset.length)];
        int t = workers.threads();
        if (atReceiver.length != t) ranges(t);
        for (int x = 0; x < t; x++) {
            if (atReceiver[x] == null || atReceiver[x].length < k * cap) atReceiver[x] = new int[k * cap];
            receiverWords[x] = (int) ((long) words * x / t);
        }
        receiverWords[t] = words;
        int delivered = 0;
        for (int i = 0; i < k; i++) {
            idOffset[i] = delivered;
            for (int j = 0, o = i * cap, s = r.sends[i]; j < s; j++) if (r.sendTo[o + j] >= 0) delivered++;
        }
        long firstId = w.nextMessageId;
        Channels channels = w.channels;
        if (r.uncoded || channels.codec() == null) channels.column(); // made here, not by whichever thread puts into it first
        arenas(t, k);
        // a receiver range a thread, as each reads every send
        workers.forRange(t, 1, (x, y) -> {
            for (int z = x; z < y; z++) append(nodes, first, k, cap, firstId, z, 0, 0);
        });
        long rooms = 0;
        for (int x = 0; x < t; x++) {
            while (per[x * STRIDE + RESUME_AT] >= 0) { // its arena ran out: another, and on with it here
                int i = per[x * STRIDE + RESUME_AT];
                int j = per[x * STRIDE + RESUME_SEND];
                arena(x, Math.max(Math.min(arenaMost, 1024), per[x * STRIDE + NEED]));
                append(nodes, first, k, cap, firstId, x, i, j);
            }
            rooms += per[x * STRIDE + GROWN];
        }
        channels.claim(0, (int) -rooms); // the moves' rooms in place of those they left
        RoundChanges changes = w.changes;
        for (int wd = 0; wd < words; wd++) {
            if (receivers[wd] == 0) continue;
            changes.touchWord(wd, receivers[wd]);
            receivers[wd] = 0;
        }
        int segments = segments(nodes, first, k, 4 * t);
        workers.forRange(segments, 1, (a, b) -> {
            for (int s = a; s < b; s++) commitSenders(nodes, codes, first, k, cap, segment[s], segment[s + 1], tallies[s]);
        });
        for (int wd = nodes[first] >>> 6, last = nodes[first + k - 1] >>> 6; wd <= last; wd++) {
            if (senders[wd] != 0) changes.touchWord(wd, senders[wd]);
            senders[wd] = 0;
        }
        for (int s = 0; s < segments; s++) tallies[s].addTo(w, audience);
        w.nextMessageId = firstId + delivered;
        channels.countRemoved(-delivered); // the appends' count: put counts none
        committed += k;
    }

    private void ranges(int t) {
        atReceiver = new int[t][];
        receiverWords = new int[t + 1];
        per = new int[t * STRIDE];
        for (int o = 0; o < per.length; o += STRIDE) per[o + FRESH] = -1;
        rooms = new int[t][PoolRows.ROOMS.length][];
        depth = new int[t][PoolRows.ROOMS.length];
    }

    /**
     * On the caller, before a chunk's appends: a receiver range whose arena holds less than what it
     * took in the last chunk (a plan's first chunk: a slot per execution shared out) gets a new one
     * at the pool's end, twice that, so that a range rarely runs out and the pool grows about once
     * a round. What a range leaves of its arenas is the layout's at the round's end.
     */
    private void arenas(int t, int k) {
        for (int x = 0; x < t; x++) {
            int o = x * STRIDE;
            int want = Math.min(arenaMost, per[o + FRESH] < 0 ? k / t + 64 : per[o + FRESH] + 64);
            if (per[o + END] - per[o + AT] < want) arena(x, 2 * want);
            per[o + FRESH] = 0;
            per[o + GROWN] = 0;
            per[o + RESUME_AT] = -1;
        }
    }

    /** A fresh arena of {@code slots} for range x, its last one left behind. */
    private void arena(int x, int slots) {
        if (slots > Integer.MAX_VALUE / PoolRows.W) throw new IllegalStateException("too many messages in transit: " + world.channels.total());
        per[x * STRIDE + AT] = world.channels.claim(slots, slots);
        per[x * STRIDE + END] = per[x * STRIDE + AT] + slots;
        per[x * STRIDE + RESUME_AT] = -1;
    }

    /**
     * Phase 2 of a receiver range from chunk position i0's send j0 on: its sends appended in plan
     * order, a batch at a time, each id the count of delivered sends before it; stops where the
     * range's arena runs out ({@link #RESUME_AT}).
     */
    private void append(int[] nodes, int first, int k, int cap, long firstId, int range, int i0, int j0) {
        int lo = receiverWords[range] << 6;
        int hi = Math.min(world.states.length, receiverWords[range + 1] << 6);
        ChunkSends r = phase1;
        // the batch's rows are read together first: they lie anywhere in the pool, and one append
        // after another would wait for each miss in turn
        int[] to = new int[BATCH];
        int[] slot = new int[BATCH];
        int[] at = new int[BATCH];
        long[] ids = new long[BATCH];
        int m = 0;
        for (int i = i0; i < k; i++) {
            long id = firstId + idOffset[i];
            for (int j = 0, o = i * cap, s = r.sends[i]; j < s; j++) {
                int v = r.sendTo[o + j];
                if (v < 0) continue;
                long sent = id++;
                if (v < lo || v >= hi || i == i0 && j < j0) continue;
                to[m] = v;
                slot[m] = o + j;
                at[m] = i;
                ids[m++] = sent;
                if (m == BATCH) {
                    if (!appendBatch(nodes, first, k, cap, range, to, slot, at, ids, m)) return;
                    m = 0;
                }
            }
        }
        appendBatch(nodes, first, k, cap, range, to, slot, at, ids, m);
    }

    /** Sends appended a batch at a time ({@link #append}). */
    private static final int BATCH = 16;

    /** Appends a batch; false if the range's arena ran out first (where is in {@link #RESUME_AT}). */
    private boolean appendBatch(int[] nodes, int first, int k, int cap, int range, int[] to, int[] slot, int[] at, long[] ids, int m) {
        ChunkSends r = phase1;
        Channels channels = world.channels;
        channels.warm(to, m);
        ChoiceCache cache = world.choiceCache;
        int round = world.round;
        int[] counts = atReceiver[range];
        byte[] ranOn = r.ranOn;
        boolean edges = world.checks.countsEdges();
        for (int x = 0; x < m; x++) {
            int v = to[x];
            int o = slot[x];
            int i = at[x];
            if (!channels.holds(v, 1) && !moveUp(range, v)) {
                per[range * STRIDE + RESUME_AT] = i;
                per[range * STRIDE + RESUME_SEND] = o - i * cap;
                return false;
            }
            int q = r.sendQ[o];
            channels.put(ids[x], nodes[first + i], r.sendPort[o], v, q, round, r.sendMessage[o]);
            receivers[v >>> 6] |= 1L << v;
            cache.arrived(v);
            if (!edges) continue;
            int c = channels.count(v, q);
            // v later in the plan (the plan is in node order) took its message on q out in phase 1
            if (v > nodes[first + i] && ranOn[v] == q) c++;
            counts[o] = c;
        }
        return true;
    }

    /**
     * Moves v's full row to the next room class, as an append to it would ({@link Channels#reserve}):
     * into a room the range's rows left, else its arena; false if neither has one.
     */
    private boolean moveUp(int range, int v) {
        Channels channels = world.channels;
        int c = channels.roomFor(v, 1);
        int room = channels.room(v);
        int old = channels.roomStart(v);
        int size = PoolRows.ROOMS[c];
        int[] d = depth[range];
        if (d[c] > 0) {
            channels.moveTo(v, rooms[range][c][--d[c]], c);
        } else if (per[range * STRIDE + AT] + size <= per[range * STRIDE + END]) {
            channels.moveTo(v, per[range * STRIDE + AT], c);
            per[range * STRIDE + AT] += size;
            per[range * STRIDE + FRESH] += size;
        } else {
            per[range * STRIDE + NEED] = size;
            return false;
        }
        per[range * STRIDE + GROWN] += size - room;
        if (room > 0) {
            int oc = PoolRows.classFor(room); // a room's own size: its class
            int[] stack = rooms[range][oc];
            if (stack == null || d[oc] == stack.length) rooms[range][oc] = stack = Arrays.copyOf(stack == null ? new int[0] : stack, Math.max(16, 2 * d[oc]));
            stack[d[oc]++] = old;
        }
        return true;
    }

    /** Splits positions [0, k) into at most {@code most} ranges, each starting where the node's word changes. */
    private int segments(int[] nodes, int first, int k, int most) {
        if (segment.length < most + 1) {
            segment = new int[most + 1];
            tallies = Arrays.copyOf(tallies, most);
            for (int s = 0; s < most; s++) if (tallies[s] == null) tallies[s] = new CommitTally();
        }
        int count = 0;
        segment[0] = 0;
        for (int s = 1; s <= most; s++) {
            int at = (int) ((long) k * s / most);
            while (at < k && at > segment[count] && nodes[first + at] >>> 6 == nodes[first + at - 1] >>> 6) at++;
            if (at > segment[count]) segment[++count] = at;
        }
        return count;
    }

    /** Phase 3 of positions [from, to): each execution's own part of the commit and its checks, in plan order. */
    private void commitSenders(int[] nodes, int[] codes, int first, int k, int cap, int from, int to, CommitTally tally) {
        tally.clear();
        SimulationState w = world;
        ChunkSends r = phase1;
        QuietExecutions triggers = executions.quiet;
        TimeVaryingGraph graph = w.graph;
        Channels channels = w.channels;
        ChoiceCache cache = w.choiceCache;
        LiveChecks checks = w.checks;
        SystemView view = executions.checkView;
        int round = w.round;
        int[] onEdge = tally.onEdge;
        boolean edges = checks.countsEdges();
        for (int i = from; i < to; i++) {
            int u = nodes[first + i];
            int a = codes[first + i] & 0xFF;
            // Executions.commitRan: the shared part of the open
            cache.touch(u);
            senders[u >>> 6] |= 1L << u;
            if (r.dSnap[i] != 0) graph.takeDisconnections(u);
            if (r.upSnap[i] != 0) graph.takeConnections(u);
            if (triggers.receives(a)) tally.removed++;
            else if (triggers.calls(a)) w.takeCall(u);
            int events = r.events[i];
            long ports = graph.ports(u);
            if (Requests.record(w, u, events, ports, protocol)) tally.lockRequests++;
            // Executions.commit: the sends (appended in phase 2) and their counts on the edges
            long sentPorts = 0;
            int s = r.sends[i];
            for (int j = 0, o = i * cap; j < s; j++) {
                int p = r.sendPort[o + j];
                if (r.sendTo[o + j] >= 0) {
                    sentPorts |= 1L << p;
                    if (edges) onEdge[p] = atReceiver[receiverRange(r.sendTo[o + j] >>> 6)][o + j];
                } else {
                    tally.lost++;
                    tally.tokensLost += presentation.tokens(r.sendMessage[o + j]);
                }
            }
            tally.sent += s;
            if (edges) for (long e = sentPorts & ~1L; e != 0; e &= e - 1) {
                int p = Long.numberOfTrailingZeros(e);
                onEdge[p] += atSender(channels, u, p, graph.peer(u, p), round);
            }
            if ((events & EV_ACQUIRED) != 0) {
                w.setStatus(u, OperationStatus.LOCKED);
                tally.acquired(u, round - w.requestRound.get(u));
            }
            if ((events & EV_UNLOCKED) != 0) {
                w.setStatus(u, OperationStatus.IDLE);
                tally.unlocks++;
            }
            tally.actions++;
            checks.afterSendsInto(view, u, sentPorts, onEdge, tally.found);
        }
    }

    /** The receiver range of word w. */
    private int receiverRange(int w) {
        int x = 0;
        while (receiverWords[x + 1] <= w) x++;
        return x;
    }

    /** u's messages on port p (from v) as one thread has them right after u's sends at chunk position i (see the class comment). */
    private int atSender(Channels channels, int u, int p, int v, int round) {
        int all = 0;
        int now = 0;
        for (int slot = channels.first(u); slot >= 0; slot = channels.next(slot)) {
            if (channels.toPort(slot) != p) continue;
            all++;
            if (channels.sentRound(slot) == round) now++;
        }
        return v > u && phase1.ranOn[v] != ChunkSends.NOT_RUN ? all - now : all;
    }
}
