package dev.lockstep.core;

import static dev.lockstep.core.ExecutionContext.EV_ACQUIRED;
import static dev.lockstep.core.ExecutionContext.EV_UNLOCKED;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Action executions from start to commit. Starting one takes its snapshots (D, new connections,
 * the received message out of its channel) and runs the operation; committing it installs the
 * new state, puts its sends in transit (or counts them lost if their edge is gone), updates the
 * operation status and tells the audience and the live checks.
 */
final class Executions {
    private final SimulationState world;
    private final ActionTable actions;
    private final ExecutionContext ctx;
    private final Audience audience;
    /** What the live checks read: the simulation itself. */
    private final SystemView view;
    private final SimulationConfig config;
    /** The synchronous execution under way: reused, as executions never nest. */
    private final StagedExecution now = new StagedExecution();
    /** What {@link #run} took: the received message, the D snapshot and the state kept for stateBefore. */
    private Envelope received;
    private long d;
    private NodeState before;
    /**
     * What the live checks after an execution read: {@link #view}, or during an in-place round's
     * commits a view that counts its later executions' messages as still in transit ({@link InPlaceRound}).
     */
    SystemView checkView;
    /** Where commits put their delivered sends while {@link DeferredSends#on}, not in the rows. */
    final DeferredSends deferred;
    /** {@link #checkView} while sends are deferred outside an in-place round: the rows and the sends recorded so far. */
    private final SerialTransitView deferredView;
    /** Scratch of {@link #commit}: the messages in transit on the edge of each sent port, for the {@link EdgeCountedCheck}s. */
    private final int[] onEdge = new int[64];
    /** Scratch of {@link #peersOf}. */
    private int[] peers = new int[8];
    /** {@link #executeAt}'s straight line for a listed plan nobody listens to. */
    final QuietExecutions quiet;

    Executions(SimulationState world, ActionTable actions, ExecutionContext ctx, Audience audience, SystemView view,
               SimulationConfig config) {
        this.world = world;
        this.actions = actions;
        this.ctx = ctx;
        this.audience = audience;
        this.view = view;
        this.checkView = view;
        this.config = config;
        this.deferred = new DeferredSends(world, actions);
        this.deferredView = new SerialTransitView(view, null, deferred);
        this.quiet = new QuietExecutions(world, actions, ctx, view, config, audience);
    }

    /** The protocol the simulation runs. */
    Protocol<?> protocol() {
        return config.protocol();
    }

    /** Whether a listed plan about to run may take {@link #quiet}: nobody listens, no sends are deferred, the checks read the simulation. */
    boolean quietApplies() {
        return audience.all().isEmpty() && !deferred.on && checkView == view;
    }

    /**
     * From now on until {@link #appendDeferred}, commits record their delivered sends in
     * {@link #deferred} and the checks after them see those through a view: for a listed
     * synchronous plan of distinct nodes nobody listens to, whose checks after executions read
     * the counts in transit only ({@link DeferredSends#start}).
     */
    void deferSends(int[] nodes, int[] codes, int k, Workers workers, int grain, boolean countAhead) {
        deferred.start(nodes, codes, k, workers, grain, countAhead);
        checkView = deferredView;
    }

    /** Appends the deferred sends ({@link DeferredSends#flush}) and, with {@code stop}, commits append again. */
    void appendDeferred(Workers workers, int grain, boolean stop) {
        try {
            deferred.flush(workers, grain, stop);
        } finally {
            if (stop) checkView = view;
        }
    }

    /**
     * Executes the choice at once; {@code at} is its message's position in the node's channel (as
     * {@link EnabledChoices#requireEnabled} found it). Without {@code wantRecord} and without
     * listeners no {@link ExecutionRecord} is made: the commit reads the sends straight out of the
     * reused context, and the run allocates only the envelopes it puts in transit.
     */
    ExecutionRecord execute(Choice c, int at, boolean wantRecord) {
        return execute(c.node(), c.action(), c.message(), c.draws(), at, wantRecord);
    }

    /** {@link #execute(Choice, int, boolean)} of node u's action a receiving m (or null), without a Choice. */
    ExecutionRecord execute(int u, int a, Envelope m, int[] draws, int at, boolean wantRecord) {
        return execute(u, a, m, draws, at, wantRecord, false);
    }

    /** With {@code fields}, the message at {@code at} goes to the operation as fields ({@link ExecutionContext#take}), not as an envelope. */
    private ExecutionRecord execute(int u, int a, Envelope m, int[] draws, int at, boolean wantRecord, boolean fields) {
        NodeState work = run(u, a, m, draws, at, world.round, false, fields);
        StagedExecution f = now;
        synchronous(f, u, a);
        f.state = work;
        f.draws = null; // read from the context if a record is made
        f.events = ctx.events;
        f.sendCount = ctx.sendCount;
        f.sendPorts = ctx.sendPorts;
        f.sendMessages = ctx.sendMessages;
        ExecutionRecord rec = commit(f, wantRecord || !audience.all().isEmpty());
        f.received = null;
        f.state = null;
        f.sendPorts = null;
        f.sendMessages = null;
        return rec;
    }

    /**
     * {@link #execute} of node u's action a receiving the message at position {@code at} of its
     * box (none if {@code at} &lt; 0), as a listing names it: without listeners, nobody keeps the
     * received envelope, so the operation reads the message's fields out of the context
     * ({@link ExecutionContext#take}) and no envelope is made for it.
     */
    void executeAt(int u, int a, int at) {
        if (audience.all().isEmpty()) {
            execute(u, a, null, null, at, false, true);
        } else {
            execute(u, a, at >= 0 ? world.channels.get(u, at) : null, null, at, true);
        }
    }

    void start(Choice c, int at, int duration) {
        int round = world.round;
        StagedExecution f = begin(c, at, round + duration - 1, true);
        f.asynchronous = true;
        world.inFlight(c.node(), f);
        world.inFlightCount++;
        for (SimulationListener l : audience.all()) l.started(round, c.node(), c, f.label, f.draws, f.end);
    }

    List<ExecutionRecord> commitDue() {
        if (world.inFlightCount == 0) return List.of();
        List<ExecutionRecord> out = new ArrayList<>();
        for (int u = 0, n = world.states.length; u < n; u++) {
            StagedExecution f = world.inFlight[u];
            if (f != null && f.end <= world.round) {
                world.inFlight[u] = null;
                world.inFlightCount--;
                out.add(commit(f, true));
            }
        }
        return out;
    }

    /**
     * Takes the execution's snapshots (D, new connections, its message or call out of the queue),
     * runs the operation on the node's state (a copy if asynchronous) and books the request events;
     * leaves the sends in {@link #ctx} and returns the state the operation worked on.
     */
    private NodeState run(int u, int a, Envelope m, int[] draws, int at, int end, boolean staged, boolean fields) {
        SimulationState w = world;
        int round = w.round;
        Action<NodeState> act = actions.get(a);
        boolean taken = fields && m == null && act.trigger() == Action.Trigger.MESSAGE;
        long up = open(u, act, m, at, taken);
        long ports = w.graph.ports(u);
        boolean async = end > round;
        // one due this round runs on the node's own state: keep what it was for stateBefore
        before = staged && !async ? w.states[u].copy() : null;
        NodeState work = async ? w.states[u].copy() : w.states[u];
        ctx.begin(u, received, taken, d, up, ports, draws, false);
        act.run(work, ctx);
        if (draws != null && ctx.drawIndex != draws.length) {
            throw new IllegalArgumentException(act.label() + " at " + config.names().get(u) + " made " + ctx.drawIndex
                    + " random draws but " + draws.length + " values were given");
        }
        requests(u, ctx.events, ports);
        return work;
    }

    /**
     * What an execution does before its operation: marks the node as acting, takes the D and
     * connection snapshots into {@link #d} and the result, and takes the received message (into
     * {@link #received}) or call out of its queue.
     */
    private long open(int u, Action<NodeState> act, Envelope m, int at, boolean fields) {
        SimulationState w = world;
        w.touch(u);
        w.lastStart.set(u, w.round);
        w.executionsThisRound++;
        w.executionsBegun++;
        TimeVaryingGraph graph = w.graph;
        d = graph.takeDisconnections(u);
        long up = graph.takeConnections(u);
        received = null;
        if (act.trigger() == Action.Trigger.MESSAGE) {
            received = m;
            if (fields) ctx.take(w.channels, w.channels.slot(u, at));
            w.channels.removeAt(u, at);
        } else if (act.trigger() == Action.Trigger.CALL) {
            w.takeCall(u);
        }
        return up;
    }

    /**
     * The request events of an operation that ran: the request's neighbourhood N_i[u] is the one
     * seen when the execution starts, within the Lock's scope ({@link LockScopes}: a scoped Lock's
     * request concerns u and its chosen partner only).
     */
    private void requests(int u, int events, long ports) {
        if (Requests.record(world, u, events, ports, config.protocol())) world.stats.lockRequests++;
    }

    /**
     * Executes a choice whose operation already ran, on a copy of the node's state that
     * {@code f} holds with the events, draws and sends it produced (phase 1 of a parallel
     * round): everything around the operation happens here exactly as in
     * {@link #execute}, in the same order, and the copy becomes the node's state.
     */
    ExecutionRecord executeRan(int u, int a, Envelope m, int at, StagedExecution f, boolean wantRecord) {
        open(u, actions.get(a), m, at, false);
        requests(u, f.events, world.graph.ports(u));
        synchronous(f, u, a);
        ExecutionRecord rec = commit(f, wantRecord || !audience.all().isEmpty());
        received = null;
        return rec;
    }

    /**
     * Commits node u's synchronous action a whose operation ran in place on u's own state, with
     * {@code f}'s events and sends, and whose node-own part of {@link #open} is done too: u's
     * last start, its message out of its row ({@link Channels#removeInRow}), the D and connection
     * snapshots read ({@code d}, {@code up}). What is left of the open (shared counters, the
     * touch, the removal's count, the detectors emptied, the call taken) happens here, then the
     * requests and the {@link #commit}, as {@link #execute} does them. No record is made.
     */
    void commitRan(int u, int a, long d, long up, StagedExecution f) {
        SimulationState w = world;
        w.touch(u);
        w.executionsThisRound++;
        w.executionsBegun++;
        // phase 1 only read the snapshots, and nothing between it and now adds to them: empty them as taking would
        if (d != 0) w.graph.takeDisconnections(u);
        if (up != 0) w.graph.takeConnections(u);
        Action.Trigger trigger = actions.get(a).trigger();
        if (trigger == Action.Trigger.MESSAGE) w.channels.countRemoved(1);
        else if (trigger == Action.Trigger.CALL) w.takeCall(u);
        received = null;
        this.d = d;
        requests(u, f.events, w.graph.ports(u));
        synchronous(f, u, a);
        commit(f, false);
    }

    /**
     * What a synchronous execution commits besides its state and sends: the choice, this round,
     * what {@link #run} or {@link #open} took, and no connections to re-check (nothing can cut
     * an edge between the operation and its commit).
     */
    private void synchronous(StagedExecution f, int u, int a) {
        f.node = u;
        f.action = a;
        f.label = actions.get(a).label();
        f.start = world.round;
        f.end = world.round;
        f.received = received;
        f.d = d;
        f.before = null;
        f.sendConnections = null;
        f.asynchronous = false;
    }

    /** Runs the choice and keeps what it will commit, for a commit in a later round (or at its end). */
    private StagedExecution begin(Choice c, int at, int end, boolean staged) {
        int u = c.node();
        NodeState work = run(u, c.action(), c.message(), c.draws(), at, end, staged, false);
        StagedExecution f = new StagedExecution();
        f.node = u;
        f.action = c.action();
        f.label = actions.get(c.action()).label();
        f.start = world.round;
        f.end = end;
        f.received = received;
        f.d = d;
        f.state = work;
        f.before = before;
        f.draws = ctx.drawValues();
        f.events = ctx.events;
        f.sendCount = ctx.sendCount;
        f.sendPorts = Arrays.copyOf(ctx.sendPorts, ctx.sendCount);
        f.sendMessages = Arrays.copyOf(ctx.sendMessages, ctx.sendCount);
        f.sendConnections = new long[ctx.sendCount];
        for (int i = 0; i < ctx.sendCount; i++) f.sendConnections[i] = world.graph.connectionId(u, ctx.sendPorts[i]);
        return f;
    }

    /**
     * The peers of u's sends on {@code ports} (-1 for an open port), their boxes' ends read ahead
     * ({@link Channels#warm}): the boxes of a node's neighbours lie anywhere in the pool, and
     * reading them all at once waits for their cache misses together, not one after another.
     */
    private int[] peersOf(int u, int[] ports, int count) {
        if (peers.length < count) peers = new int[Math.max(2 * peers.length, count)];
        int[] to = peers;
        TimeVaryingGraph graph = world.graph;
        for (int i = 0; i < count; i++) to[i] = graph.peer(u, ports[i]);
        if (count > 1 && deferred.readsRows()) world.channels.warm(to, count);
        return to;
    }

    /** Commits the execution; makes and returns its record only with {@code record} (else null). */
    private ExecutionRecord commit(StagedExecution f, boolean record) {
        SimulationState w = world;
        int u = f.node;
        int round = w.round;
        TimeVaryingGraph graph = w.graph;
        Stats stats = w.stats;
        // a synchronous execution ran on the node's own state: storing it again would only pay the GC's write barrier
        if (w.states[u] != f.state) w.states[u] = f.state;
        // a synchronous execution's open touched u a moment ago, and nothing in between clears it
        if (f.asynchronous) w.touch(u);
        List<Sent> sent = f.sendCount == 0 || !record ? List.of() : new ArrayList<>(f.sendCount);
        long sentPorts = 0;
        long[] connections = f.sendConnections;
        Channels channels = w.channels;
        int[] to = peersOf(u, f.sendPorts, f.sendCount);
        DeferredSends later = deferred.on ? deferred : null;
        if (later != null) later.begin(u);
        // the checks' counts on the sent edges, made here where the rows are at hand; not through another view
        int[] onEdge = later == null && checkView == view && w.checks.countsEdges() ? this.onEdge : null;
        for (int i = 0; i < f.sendCount; i++) {
            int p = f.sendPorts[i];
            Message m = f.sendMessages[i];
            // an edge the send left on still there: a synchronous send's edge is there iff its port is occupied
            // (peer ≥ 0, as connection ids are never 0 on occupied ports), which spares the connection id's lookup
            int v = to[i];
            boolean delivered = v >= 0 && (connections == null || p == 0 || graph.connectionId(u, p) == connections[i]);
            if (delivered) {
                long id = w.nextMessageId++;
                int q = graph.peerPort(u, p);
                if (later != null) {
                    later.add(id, u, p, v, q, round, m);
                } else {
                    channels.append(id, u, p, v, q, round, m);
                    // v's messages on q: a later send of this execution on p is counted again, none other reaches them
                    if (onEdge != null) onEdge[p] = channels.count(v, q);
                    w.arrived(v);
                }
                if (record) sent.add(new Sent(p, m, new Envelope(id, u, p, v, q, round, m)));
                sentPorts |= 1L << p;
            } else {
                stats.messagesLost++;
                stats.tokensLost += config.protocol().presentation().tokens(m);
                if (record) sent.add(new Sent(p, m, null));
            }
        }
        stats.messagesSent += f.sendCount;
        if (later != null) later.end(u);
        // u's own messages on the sent ports, all sent now (port 0's were counted at its appends: u's row is both ends)
        if (onEdge != null && (sentPorts & ~1L) != 0) channels.addCounts(u, sentPorts, onEdge);
        if ((f.events & EV_ACQUIRED) != 0) {
            w.setStatus(u, OperationStatus.LOCKED);
            long wait = round - w.requestRound.get(u);
            stats.locksAcquired++;
            stats.recordWait(wait);
            w.acquired(u);
        }
        if ((f.events & EV_UNLOCKED) != 0) {
            w.setStatus(u, OperationStatus.IDLE);
            stats.unlocks++;
        }
        stats.actions++;
        ExecutionRecord rec = null;
        if (record) {
            rec = new ExecutionRecord(f.start, round, u, f.action, f.label, f.received, f.d,
                    f.draws != null ? f.draws : ctx.drawValues(), sent, w.states[u], f.asynchronous);
            for (SimulationListener l : audience.all()) l.executed(rec);
        }
        w.checks.afterExecution(checkView, u, sentPorts, onEdge, audience);
        return rec;
    }
}
