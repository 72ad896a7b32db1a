package dev.lockstep.core;

import static dev.lockstep.core.ExecutionContext.EV_ACQUIRED;
import static dev.lockstep.core.ExecutionContext.EV_REQUESTED;
import static dev.lockstep.core.ExecutionContext.EV_UNLOCKED;
import static dev.lockstep.core.ExecutionContext.EV_UNLOCK_REQUESTED;

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

    Executions(SimulationState world, ActionTable actions, ExecutionContext ctx, Audience audience, SystemView view,
               SimulationConfig config) {
        this.world = world;
        this.actions = actions;
        this.ctx = ctx;
        this.audience = audience;
        this.view = view;
        this.config = config;
    }

    ExecutionRecord execute(Choice c) {
        return commit(begin(c, world.round, false));
    }

    void start(Choice c, int duration) {
        int round = world.round;
        StagedExecution f = begin(c, round + duration - 1, true);
        f.asynchronous = true;
        world.inFlight[c.node()] = f;
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
                out.add(commit(f));
            }
        }
        return out;
    }

    private StagedExecution begin(Choice c, int end, boolean staged) {
        SimulationState w = world;
        int u = c.node();
        int round = w.round;
        Action<NodeState> act = actions.get(c.action());
        w.lastStart[u] = round;
        w.executionsThisRound++;
        w.executionsBegun++;
        TimeVaryingGraph graph = w.graph;
        long d = graph.takeDisconnections(u);
        long up = graph.takeConnections(u);
        long ports = graph.ports(u);
        Envelope received = null;
        if (act.trigger() == Action.Trigger.MESSAGE) {
            received = c.message();
            w.channels.removeAt(u, w.channels.indexOf(u, received.id()));
        } else if (act.trigger() == Action.Trigger.CALL) {
            w.takeCall(u);
        }
        boolean async = end > round;
        // one due this round runs on the node's own state: keep what it was for stateBefore
        NodeState before = staged && !async ? w.states[u].copy() : null;
        NodeState work = async ? w.states[u].copy() : w.states[u];
        ctx.begin(u, received, d, up, ports, c.draws(), false);
        act.run(work, ctx);
        if (c.draws() != null && ctx.drawIndex != c.draws().length) {
            throw new IllegalArgumentException(act.label() + " at " + config.names().get(u) + " made " + ctx.drawIndex
                    + " random draws but " + c.draws().length + " values were given");
        }
        StagedExecution f = new StagedExecution();
        f.node = u;
        f.action = c.action();
        f.label = act.label();
        f.start = round;
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
        for (int i = 0; i < ctx.sendCount; i++) f.sendConnections[i] = graph.connectionId(u, ctx.sendPorts[i]);
        // The request's neighbourhood N_i[u] is the one seen when the execution starts.
        if ((f.events & EV_REQUESTED) != 0) {
            w.setStatus(u, OperationStatus.LOCKING);
            w.requestRound[u] = round;
            w.persistentPorts[u] = ports & ~1L;
            w.stats.lockRequests++;
        }
        if ((f.events & EV_UNLOCK_REQUESTED) != 0) w.setStatus(u, OperationStatus.UNLOCKING);
        return f;
    }

    private ExecutionRecord commit(StagedExecution f) {
        SimulationState w = world;
        int u = f.node;
        int round = w.round;
        TimeVaryingGraph graph = w.graph;
        Stats stats = w.stats;
        w.states[u] = f.state;
        List<Sent> sent = f.sendCount == 0 ? List.of() : new ArrayList<>(f.sendCount);
        long sentPorts = 0;
        for (int i = 0; i < f.sendCount; i++) {
            int p = f.sendPorts[i];
            Message m = f.sendMessages[i];
            stats.messagesSent++;
            long conn = graph.connectionId(u, p);
            boolean delivered = p == 0 || (conn != 0 && conn == f.sendConnections[i]);
            if (delivered) {
                int v = graph.peer(u, p);
                Envelope e = new Envelope(w.nextMessageId++, u, p, v, graph.peerPort(u, p), round, m);
                w.channels.add(e);
                sent.add(new Sent(p, m, e));
                sentPorts |= 1L << p;
            } else {
                stats.messagesLost++;
                stats.tokensLost += config.protocol().presentation().tokens(m);
                sent.add(new Sent(p, m, null));
            }
        }
        if ((f.events & EV_ACQUIRED) != 0) {
            w.setStatus(u, OperationStatus.LOCKED);
            long wait = round - w.requestRound[u];
            stats.locksAcquired++;
            stats.recordWait(wait);
            w.acquired(u);
        }
        if ((f.events & EV_UNLOCKED) != 0) {
            w.setStatus(u, OperationStatus.IDLE);
            stats.unlocks++;
        }
        stats.actions++;
        ExecutionRecord rec = new ExecutionRecord(f.start, round, u, f.action, f.label, f.received, f.d, f.draws,
                sent, w.states[u], f.asynchronous);
        for (SimulationListener l : audience.all()) l.executed(rec);
        w.checks.afterExecution(view, u, sentPorts, audience);
        return rec;
    }
}
