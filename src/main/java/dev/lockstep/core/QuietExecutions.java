package dev.lockstep.core;

import static dev.lockstep.core.ExecutionContext.EV_ACQUIRED;
import static dev.lockstep.core.ExecutionContext.EV_REQUESTED;
import static dev.lockstep.core.ExecutionContext.EV_UNLOCKED;
import static dev.lockstep.core.ExecutionContext.EV_UNLOCK_REQUESTED;

/**
 * A listed synchronous execution nobody hears, from open to commit in one straight line: what
 * {@code Executions.executeAt} does through {@code Executions.execute}'s run, open, staged commit
 * and record checks, for the one case a headless run (and the bench) meets round after round: no
 * listener (so no {@link ExecutionRecord} and no envelope for the received message), no sends
 * deferred, no in-place round (the checks after it read the simulation itself), the listing's
 * word trusted, the execution synchronous. Everything it changes, and the order of what can be
 * told apart (message ids, the random stream, statistics, violations), is what the general path
 * changes: {@code QuietExecutionsProperties} runs random scenarios both ways and compares their
 * configurations and violations round by round, and their messages in transit, statistics and
 * random streams at the end.
 *
 * <p>What it saves is instructions, not memory traffic: no {@link StagedExecution} filled and
 * emptied, no action object read for its trigger (a byte per action, read once per protocol), no
 * listener checks, no record branches, and the operation is called through the protocol's
 * {@link ActionOperations} where it has them (one switch on the action index in place of a
 * megamorphic call through each action's lambda).
 */
final class QuietExecutions {
    private static final byte CALL = 1;
    private static final byte MESSAGE = 2;

    private final SimulationState world;
    private final ActionTable actions;
    private final ExecutionContext ctx;
    private final SystemView view;
    private final Protocol<?> protocol;
    private final ProtocolPresentation<?> presentation;
    private final Audience audience;
    /** Per action index: {@link #CALL}, {@link #MESSAGE} or 0 (a state action). */
    private final byte[] trigger;
    /** The protocol's {@link ActionOperations} while they are, by identity, its actions' operations; else null. */
    private final ActionOperations<NodeState> operations;
    /** Executions that took the straight line so far (for tests). */
    long executed;
    /** Scratch: the messages in transit on the edge of each sent port, for the {@link EdgeCountedCheck}s. */
    private final int[] onEdge = new int[64];
    /** Scratch: the peers of the sent ports. */
    private int[] peers = new int[8];

    QuietExecutions(SimulationState world, ActionTable actions, ExecutionContext ctx, SystemView view,
                    SimulationConfig config, Audience audience) {
        this.world = world;
        this.actions = actions;
        this.ctx = ctx;
        this.view = view;
        this.protocol = config.protocol();
        this.presentation = protocol.presentation();
        this.audience = audience;
        this.trigger = new byte[actions.size()];
        for (int a = 0; a < trigger.length; a++) {
            Action.Trigger t = actions.get(a).trigger();
            trigger[a] = t == Action.Trigger.CALL ? CALL : t == Action.Trigger.MESSAGE ? MESSAGE : 0;
        }
        this.operations = ownOperations(config.protocol().operations(), actions);
    }

    /** {@code ops} if it runs exactly the actions' operations, the very objects in order; else null. */
    @SuppressWarnings("unchecked") // the simulation runs the protocol's actions on its own states
    private static ActionOperations<NodeState> ownOperations(ActionOperations<?> ops, ActionTable actions) {
        if (ops == null || ops.operations().size() != actions.size()) return null;
        for (int a = 0; a < actions.size(); a++) {
            if (ops.operations().get(a) != actions.get(a).operation()) return null;
        }
        return (ActionOperations<NodeState>) ops;
    }

    /** Whether action a receives a message; takes a call. */
    boolean receives(int a) { return trigger[a] == MESSAGE; }
    boolean calls(int a) { return trigger[a] == CALL; }

    /** Runs node state s's action a with x: through the protocol's {@link ActionOperations} where it has them, as {@link #execute} does. */
    void run(int a, NodeState s, ExecutionContext x) {
        ActionOperations<NodeState> ops = operations;
        if (ops != null) ops.run(a, s, x);
        else actions.get(a).run(s, x);
    }

    /** Whether the operations are called through the protocol's {@link ActionOperations} (for tests). */
    boolean switched() {
        return operations != null;
    }

    /**
     * Node u's synchronous action a receiving the message at position {@code at} of its box (none
     * if {@code at} &lt; 0), as its fresh listing names it: {@code Executions.executeAt} without a
     * listener, step for step.
     */
    void execute(int u, int a, int at) {
        SimulationState w = world;
        int round = w.round;
        executed++;
        // Executions.open: u acts now, its snapshots of D and of new connections are taken (Sec. 2.1)
        w.touch(u);
        w.lastStart.set(u, round);
        w.executionsThisRound++;
        w.executionsBegun++;
        TimeVaryingGraph graph = w.graph;
        long d = graph.takeDisconnections(u);
        long up = graph.takeConnections(u);
        byte t = trigger[a];
        if (t == MESSAGE) {
            Channels channels = w.channels;
            ctx.take(channels, channels.slot(u, at)); // the operation reads the fields: no envelope
            channels.removeAt(u, at);
        } else if (t == CALL) {
            w.takeCall(u);
        }
        long ports = graph.ports(u);
        NodeState s = w.states[u];
        ExecutionContext x = ctx;
        x.begin(u, null, t == MESSAGE, d, up, ports, null, false);
        ActionOperations<NodeState> ops = operations;
        if (ops != null) ops.run(a, s, x);
        else actions.get(a).run(s, x);
        int events = x.events;
        if ((events & (EV_REQUESTED | EV_UNLOCK_REQUESTED)) != 0) requests(u, events, ports);
        commit(u, round, graph, events);
    }

    /** {@code Executions}' requests: N_i[u] is the neighbourhood seen as the execution starts, within the Lock's scope. */
    private void requests(int u, int events, long ports) {
        if (Requests.record(world, u, events, ports, protocol)) world.stats.lockRequests++;
    }

    /**
     * {@code Executions}' commit of a synchronous execution without a record: the operation ran on
     * u's own state, so only its sends, its events and the checks are left.
     */
    private void commit(int u, int round, TimeVaryingGraph graph, int events) {
        SimulationState w = world;
        Stats stats = w.stats;
        ExecutionContext x = ctx;
        int count = x.sendCount;
        long sentPorts = 0;
        // the checks' counts on the sent edges, made where the rows are at hand (as Executions.commit, sends or not)
        int[] onEdge = w.checks.countsEdges() ? this.onEdge : null;
        if (count > 0) {
            int[] ports = x.sendPorts;
            Message[] messages = x.sendMessages;
            int[] to = peersOf(u, ports, count, graph, w.channels);
            Channels channels = w.channels;
            for (int i = 0; i < count; i++) {
                int p = ports[i];
                Message m = messages[i];
                int v = to[i];
                // a synchronous send's edge is still there iff its port is occupied (Executions.commit)
                if (v >= 0) {
                    long id = w.nextMessageId++;
                    int q = graph.peerPort(u, p);
                    channels.append(id, u, p, v, q, round, m);
                    if (onEdge != null) onEdge[p] = channels.count(v, q);
                    w.arrived(v);
                    sentPorts |= 1L << p;
                } else {
                    stats.messagesLost++;
                    stats.tokensLost += presentation.tokens(m);
                }
            }
            stats.messagesSent += count;
            if (onEdge != null && (sentPorts & ~1L) != 0) channels.addCounts(u, sentPorts, onEdge);
        }
        if ((events & EV_ACQUIRED) != 0) {
            w.setStatus(u, OperationStatus.LOCKED);
            long wait = round - w.requestRound.get(u);
            stats.locksAcquired++;
            stats.recordWait(wait);
            w.acquired(u);
        }
        if ((events & EV_UNLOCKED) != 0) {
            w.setStatus(u, OperationStatus.IDLE);
            stats.unlocks++;
        }
        stats.actions++;
        w.checks.afterExecution(view, u, sentPorts, onEdge, audience);
    }

    /** {@code Executions}' peersOf: the peers of u's sent ports, their boxes' ends read ahead when there are several. */
    private int[] peersOf(int u, int[] ports, int count, TimeVaryingGraph graph, Channels channels) {
        if (peers.length < count) peers = new int[Math.max(2 * peers.length, count)];
        int[] to = peers;
        for (int i = 0; i < count; i++) to[i] = graph.peer(u, ports[i]);
        if (count > 1) channels.warm(to, count);
        return to;
    }
}
