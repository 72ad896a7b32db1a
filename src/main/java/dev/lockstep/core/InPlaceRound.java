package dev.lockstep.core;

import java.util.Arrays;

/**
 * A listed synchronous round of distinct nodes whose executions run on the workers, each on its
 * node's own state, while the caller's thread only commits them in plan order; everything
 * observable is as if {@link Executions#executeAt} had run them one after another.
 *
 * <p>Why it may (see {@link ParallelRound}): execution i reads only its own node's state, the
 * message it receives, its snapshots and ports; the executions before it write their own nodes
 * and append to inboxes, neither of which it reads.
 *
 * <p><b>Phase 1, on the workers, by plan-position ranges:</b> the listing's word
 * ({@link EnabledChoices#listed}), then whatever belongs to the node alone: its operation runs
 * on its own state object (a backup copy kept per plan position), the D and connection snapshots
 * are read, the received message leaves its own row ({@link Channels#removeInRow}), its last
 * start is set ({@link SimulationState#nextRound} widened that array before the round). Sends
 * and events wait in arrays kept per plan position. An execution the listing does not prove,
 * one that wants a draw from the random stream (whose position depends on the draws before it),
 * or one that fails is undone (its state restored) and left for phase 2. Nothing shared is
 * written: no touch, counter, message id, channel append or count, status, random draw.
 *
 * <p><b>Phase 2, on the caller, in plan order:</b> a left execution runs as ever; one phase 1 ran
 * is committed ({@link Executions#commitRan}): the shared part of its open, requests, sends with
 * their ids, statistics, events and the checks after it. Those checks read the graph and the
 * counts in transit only ({@link Check#watchesTransitOnly}, else the round does not qualify),
 * through a view in which a later execution's message is still in transit
 * ({@link SerialTransitView}): so violations, their order and texts are one thread's.
 *
 * <p>With {@link #partitioned} commits (off by default), phase 2 is no longer one loop on the
 * caller: the executions phase 1 left because they draw run on the caller in plan order first
 * (no other draws, so each gets one thread's), then the chunk up to the first position still left
 * commits on the workers ({@link PartitionedCommit}), the positions after it are undone, and that
 * one runs at its turn as below.
 *
 * <p>If phase 2 fails at some position (a left execution refused or failing at its turn), the
 * positions after it that phase 1 ran are undone (state, last start, message back at its place)
 * before the failure goes on: the same exception after the same commits as on one thread. The
 * plan goes in chunks of {@link #CHUNK} positions, so what is kept per position for that stays
 * small however large the round.
 */
final class InPlaceRound {
    /** Plan positions a phase 1 takes at most by default: bounds the per-position arrays (backups, sends: about 4 MB); each chunk costs the workers a barrier. */
    static final int CHUNK = 1 << 14;

    private final SimulationState world;
    private final ActionTable actions;
    private final EnabledChoices enabling;
    private final Executions executions;
    private final ExecutionContext ctx;
    private final Audience audience;
    /** One listed execution at its turn, as a plan that does not qualify runs each ({@code ParallelRound}). */
    interface OneByOne {
        void execute(int u, int code);
    }

    private final OneByOne oneByOne;
    private final DistinctNodes distinct = new DistinctNodes();
    /** Executions committed as phase 1 ran them, so far. */
    long ran;
    private final SerialTransitView serial;
    /**
     * Whether rounds that qualify run this way: off by default, as on the 2-core machine the
     * operations' second trip through the caches (phase 1's, then the commit's) cost the
     * workers more than the caller saves while it waits for them (PERFORMANCE.md "Parallel rounds").
     */
    boolean enabled;
    /** Plan positions a phase 1 takes at most ({@link #CHUNK}; tests take fewer to commit across chunks). */
    int chunk = CHUNK;
    /**
     * The commit on the workers too where a plan qualifies ({@link PartitionedCommit#qualifies});
     * else phase 2 commits on the caller as above.
     */
    final PartitionedCommit partitioned;

    /** Sends a position keeps at most (Δ + 1, one a port); more leave it for phase 2. */
    private int cap;
    // Per chunk position, reused round after round.
    private boolean[] done = new boolean[0];
    /** The received message's position in the node's row, or {@link EnabledChoices#NO_MESSAGE}. */
    private int[] at;
    private long[] dSnap;
    private long[] upSnap;
    private byte[] events;
    private byte[] sends;
    private byte[] sendPort;
    private Message[] sendMessage;
    /** Per send: the peer of its port (-1: open, the send is lost) and the peer's port, read where the sender's ports are at hand. */
    private int[] sendTo;
    private byte[] sendQ;
    /** Whether phase 1 left the position because its operation wanted a draw from the stream (or had more sends than room). */
    private boolean[] draws = new boolean[0];
    private NodeState[] backup;
    /** The arrays above a {@link PartitionedCommit} reads. */
    private final ChunkSends shared = new ChunkSends();
    /** The random stream before a drawing execution on the caller, to take its draws back if it fails. */
    private final SeededRandom rngBefore = new SeededRandom(0);
    private int[] startBefore;
    /** The port the message phase 1 took came on, or -1: {@link #ahead}'s answer, and an undo's. */
    private byte[] receivedPort;
    private long[] takenId;
    private int[] takenFrom;
    private byte[] takenFromPort;
    private int[] takenRound;
    private Message[] takenMessage;
    /** Per node: its position in the chunk, valid where the plan there names it ({@link #ahead}). */
    private int[] positionOf = new int[0];

    /** The chunk under way: its plan, first position, length and the position phase 2 is at. */
    private int[] plan;
    private int base;
    private int length;
    private int now;
    private final StagedExecution f = new StagedExecution();

    InPlaceRound(SimulationState world, ActionTable actions, EnabledChoices enabling, Executions executions,
                 ExecutionContext ctx, Audience audience, OneByOne oneByOne) {
        this.world = world;
        this.actions = actions;
        this.enabling = enabling;
        this.executions = executions;
        this.ctx = ctx;
        this.audience = audience;
        this.oneByOne = oneByOne;
        this.serial = new SerialTransitView(executions.checkView, this::ahead, executions.deferred);
        this.partitioned = new PartitionedCommit(world, executions, audience, shared);
    }

    /**
     * Executes the listed plan this way and returns true, or returns false having done nothing if
     * it does not qualify (off, one thread, too few executions, a listener, a check that reads
     * more than the messages in transit, a node twice).
     */
    boolean execute(int[] nodes, int[] codes, int count, Workers workers, int grain) {
        if (workers.threads() < 2 || count < 2 * grain || !audience.all().isEmpty() || !world.checks.watchersReadTransitOnly()) {
            return false;
        }
        boolean split = partitioned.qualifies(nodes, count);
        if (!split && (!enabled || !distinct.of(nodes, count, world.states.length))) return false;
        int most = chunk;
        prepare(Math.min(count, most));
        if (split) partitioned.beginPlan();
        for (int from = 0; from < count; ) {
            int k = Math.min(most, count - from);
            int first = from;
            workers.forRange(k, grain, (a, b) -> runAll(nodes, codes, first, a, b));
            if (!split) {
                commitAll(nodes, codes, first, k);
                from += k;
                continue;
            }
            int stop = drawOnCaller(nodes, codes, first, k);
            if (stop < k) undo(nodes, first, stop, k);
            partitioned.commit(nodes, codes, first, stop, workers);
            for (int i = 0; i < stop; i++) shared.ranOn[nodes[first + i]] = ChunkSends.NOT_RUN;
            from += stop;
            if (stop < k) oneByOne.execute(nodes[from], codes[from++]); // at its turn, as one thread: it may fail there
        }
        return true;
    }

    /**
     * Before a partitioned commit, on the caller in plan order: the chunk's executions that phase 1
     * left because they draw from the random stream run now (no execution phase 1 ran draws, so
     * each takes the draws one thread gives it). Returns the first position neither phase 1 nor
     * this ran (refused, failed, more sends than room), with the stream as it was before it, or k.
     */
    private int drawOnCaller(int[] nodes, int[] codes, int first, int k) {
        for (int i = 0; i < k; i++) {
            if (done[i]) continue;
            if (!draws[i]) return i;
            rngBefore.setTo(world.rng);
            done[i] = run(nodes[first + i], codes[first + i], i, ctx);
            if (!done[i]) {
                world.rng.setTo(rngBefore);
                return i;
            }
        }
        return k;
    }

    private void prepare(int k) {
        int c = Math.min(64, world.graph.delta() + 1);
        if (done.length < k || cap != c) {
            k = Math.max(k, done.length);
            cap = c;
            done = new boolean[k];
            at = new int[k];
            dSnap = new long[k];
            upSnap = new long[k];
            events = new byte[k];
            sends = new byte[k];
            sendPort = new byte[k * c];
            sendMessage = new Message[k * c];
            sendTo = new int[k * c];
            sendQ = new byte[k * c];
            draws = new boolean[k];
            backup = Arrays.copyOf(backup == null ? new NodeState[0] : backup, k);
            startBefore = new int[k];
            receivedPort = new byte[k];
            takenId = new long[k];
            takenFrom = new int[k];
            takenFromPort = new byte[k];
            takenRound = new int[k];
            takenMessage = new Message[k];
            f.sendPorts = new int[c];
            f.sendMessages = new Message[c];
        }
        if (positionOf.length != world.states.length) positionOf = new int[world.states.length];
        ChunkSends h = shared;
        h.cap = cap;
        h.sends = sends;
        h.events = events;
        h.dSnap = dSnap;
        h.upSnap = upSnap;
        h.receivedPort = receivedPort;
        h.sendPort = sendPort;
        h.sendMessage = sendMessage;
        h.sendTo = sendTo;
        h.sendQ = sendQ;
        if (h.ranOn.length != world.states.length) {
            h.ranOn = new byte[world.states.length];
            Arrays.fill(h.ranOn, ChunkSends.NOT_RUN);
        }
    }

    /** Phase 1 of positions [a, b) of the chunk starting at plan position {@code first}. */
    private void runAll(int[] nodes, int[] codes, int first, int a, int b) {
        ExecutionContext x = ctx.another();
        x.local(true); // a draw from the stream throws: left for phase 2
        for (int i = a; i < b; i++) done[i] = run(nodes[first + i], codes[first + i], i, x);
    }

    /** Phase 1 of node u's listed code at chunk position i: whether it ran (else nothing of it stays). */
    private boolean run(int u, int code, int i, ExecutionContext x) {
        receivedPort[i] = -1;
        draws[i] = false;
        int p = enabling.listed(u, code);
        if (p == EnabledChoices.UNPROVEN) return false;
        SimulationState w = world;
        NodeState s = w.states[u];
        NodeState kept = s.copyInto(backup[i]);
        backup[i] = kept;
        Action<NodeState> act = actions.get(code & 0xFF);
        boolean receives = act.trigger() == Action.Trigger.MESSAGE;
        TimeVaryingGraph graph = w.graph;
        Channels channels = w.channels;
        long d = graph.pendingDisconnections(u);
        long up = graph.pendingConnections(u);
        int slot = -1;
        try {
            if (receives) {
                slot = channels.slot(u, p);
                x.take(channels, slot);
            }
            x.begin(u, null, receives, d, up, graph.ports(u), null, false);
            executions.quiet.run(code & 0xFF, s, x); // one switch on the action, not a megamorphic call
            if (x.sendCount > cap) throw ExecutionContext.NEEDS_STREAM; // no room here: left for phase 2
        } catch (RuntimeException | Error e) {
            w.states[u] = kept.copyInto(s); // at its turn it fails (or draws) again, where one thread would
            draws[i] = e == ExecutionContext.NEEDS_STREAM;
            return false;
        }
        int k = x.sendCount;
        MessageCodec codec = channels.codec();
        for (int j = 0, o = i * cap; j < k; j++) {
            int port = x.sendPorts[j];
            Message sent = x.sendMessages[j];
            sendPort[o + j] = (byte) port;
            sendMessage[o + j] = sent;
            if (codec != null && !shared.uncoded && codec.code(sent) < 0) shared.uncoded = true;
            int v = graph.peer(u, port);
            sendTo[o + j] = v;
            sendQ[o + j] = v < 0 ? 0 : (byte) graph.peerPort(u, port);
        }
        sends[i] = (byte) k;
        events[i] = (byte) x.events;
        at[i] = p;
        dSnap[i] = d;
        upSnap[i] = up;
        if (receives) {
            takenId[i] = channels.id(slot);
            takenFrom[i] = channels.from(slot);
            takenRound[i] = channels.sentRound(slot);
            takenMessage[i] = channels.message(slot);
            receivedPort[i] = (byte) channels.toPort(slot);
            takenFromPort[i] = (byte) channels.fromPort(slot);
            channels.removeInRow(u, p);
        }
        positionOf[u] = i;
        shared.ranOn[u] = receives ? receivedPort[i] : ChunkSends.NO_MESSAGE;
        startBefore[i] = w.lastStart.get(u);
        w.lastStart.set(u, w.round);
        return true;
    }

    /** Phase 2 of the chunk starting at plan position {@code first}, {@code k} positions long. */
    private void commitAll(int[] nodes, int[] codes, int first, int k) {
        plan = nodes;
        base = first;
        length = k;
        SystemView was = executions.checkView;
        executions.checkView = serial;
        StagedExecution g = f;
        int i = 0;
        try {
            for (; i < k; i++) {
                now = i;
                int u = nodes[first + i];
                int code = codes[first + i];
                if (!done[i]) {
                    oneByOne.execute(u, code);
                    continue;
                }
                int s = sends[i];
                for (int j = 0, o = i * cap; j < s; j++) {
                    g.sendPorts[j] = sendPort[o + j];
                    g.sendMessages[j] = sendMessage[o + j];
                }
                g.sendCount = s;
                g.events = events[i];
                g.state = world.states[u];
                executions.commitRan(u, code & 0xFF, dSnap[i], upSnap[i], g);
                ran++;
            }
        } catch (RuntimeException | Error e) {
            undo(nodes, first, i + 1, k);
            throw e;
        } finally {
            executions.checkView = was;
            g.state = null;
            Arrays.fill(g.sendMessages, null);
            length = 0;
        }
    }

    /** Puts the chunk's positions [from, k) that phase 1 ran back as they were before it. */
    private void undo(int[] nodes, int first, int from, int k) {
        SimulationState w = world;
        Channels channels = w.channels;
        for (int i = from; i < k; i++) {
            if (!done[i]) continue;
            int u = nodes[first + i];
            shared.ranOn[u] = ChunkSends.NOT_RUN;
            w.states[u] = backup[i].copyInto(w.states[u]);
            w.lastStart.set(u, startBefore[i]);
            if (receivedPort[i] < 0) continue;
            int p = at[i];
            Envelope[] after = new Envelope[channels.size(u) - p];
            for (int j = 0; j < after.length; j++) {
                after[j] = channels.get(u, p);
                channels.removeAt(u, p);
            }
            channels.add(takenId[i], takenFrom[i], takenFromPort[i], u, receivedPort[i], takenRound[i], takenMessage[i]);
            for (Envelope e : after) channels.add(e);
            channels.countRemoved(1); // phase 1's removal was never counted
        }
    }

    /**
     * Whether node v's message on port q left its row in phase 1 for an execution the commits
     * have not reached yet: one thread would still have it in transit.
     */
    boolean ahead(int v, int q) {
        int i = positionOf[v];
        return i > now && i < length && plan[base + i] == v && done[i] && receivedPort[i] == q;
    }
}
