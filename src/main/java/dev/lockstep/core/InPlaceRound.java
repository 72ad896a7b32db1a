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
     * workers more than the caller saves while it waits for them (README "Parallel rounds").
     */
    boolean enabled;
    /** Plan positions a phase 1 takes at most ({@link #CHUNK}; tests take fewer to commit across chunks). */
    int chunk = CHUNK;

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
    private NodeState[] backup;
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
    }

    /**
     * Executes the listed plan this way and returns true, or returns false having done nothing if
     * it does not qualify (off, one thread, too few executions, a listener, a check that reads
     * more than the messages in transit, a node twice).
     */
    boolean execute(int[] nodes, int[] codes, int count, Workers workers, int grain) {
        if (!enabled || workers.threads() < 2 || count < 2 * grain || !audience.all().isEmpty()
                || !world.checks.watchersReadTransitOnly() || !distinct.of(nodes, count, world.states.length)) {
            return false;
        }
        int most = chunk;
        prepare(Math.min(count, most));
        for (int from = 0; from < count; from += most) {
            int k = Math.min(most, count - from);
            int first = from;
            workers.forRange(k, grain, (a, b) -> runAll(nodes, codes, first, a, b));
            commitAll(nodes, codes, first, k);
        }
        return true;
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
            act.run(s, x);
            if (x.sendCount > cap) throw ExecutionContext.NEEDS_STREAM; // no room here: left for phase 2
        } catch (RuntimeException | Error e) {
            w.states[u] = kept.copyInto(s); // at its turn it fails (or draws) again, where one thread would
            return false;
        }
        int k = x.sendCount;
        for (int j = 0, o = i * cap; j < k; j++) {
            sendPort[o + j] = (byte) x.sendPorts[j];
            sendMessage[o + j] = x.sendMessages[j];
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
            positionOf[u] = i;
        }
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
