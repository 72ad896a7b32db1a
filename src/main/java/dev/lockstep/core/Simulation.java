package dev.lockstep.core;

import dev.lockstep.core.check.Checker;
import dev.lockstep.core.check.Violation;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulation state and its primitives. An adversary drives it: topology changes and
 * application calls at the start of a round, then action executions, then {@link #endRound()}.
 *
 * <p>Semi-synchronous rounds (Sec. 2.1): the nodes activated in a round act concurrently, but
 * each reads only its own state and receives only messages sent in earlier rounds, so executing
 * them one after another within the round gives the same outcome. Asynchronous executions
 * (Sec. 5) are computed when they start and take effect when they finish; their sends are lost if
 * the edge was cut in between.
 *
 * <p>Deterministic: all randomness comes from one {@link SeededRandom}; nothing iterates a hash
 * collection.
 */
public final class Simulation implements SystemView {
    private static final int EV_REQUESTED = 1;
    private static final int EV_ACQUIRED = 2;
    private static final int EV_UNLOCK_REQUESTED = 4;
    private static final int EV_UNLOCKED = 8;

    private final SimulationConfig config;
    private final Protocol<NodeState> protocol;
    private final List<Action<NodeState>> actions;
    private final Action<NodeState>[] actionArray;
    /** Indices of the actions by trigger, in protocol order (enumeration scans only these). */
    private final int[] callActions;
    private final int[] messageActions;
    private final int[] stateActions;
    private final int n;
    private final int delta;

    private int round;
    private int executionsThisRound;
    /** Executions begun since round 0 (the position of a step on the timeline). */
    private long executionsBegun;
    /** While muted, listeners hear nothing (fast re-execution when travelling in time). */
    private boolean muted;
    private TimeVaryingGraph graph;
    private Channels channels;
    private NodeState[] states;
    private ArrayDeque<Call>[] calls;
    private OperationStatus[] status;
    private int[] statusSince;
    private int[] requestRound;
    private long[] persistentPorts;
    private int[] lastStart;
    private InFlight[] inFlight;
    private int inFlightCount;
    private SeededRandom rng;
    private long nextMessageId = 1;
    private Stats stats;
    private Checker checker;
    private int[] acquired = new int[8];
    private int acquiredCount;
    private List<Violation> violations;
    private final List<SimulationListener> listeners = new ArrayList<>();
    private final Ctx ctx = new Ctx();

    @SuppressWarnings({"unchecked", "rawtypes"}) // generic arrays of actions and call queues
    public Simulation(SimulationConfig config) {
        this.config = config;
        this.protocol = (Protocol<NodeState>) config.protocol();
        this.actions = List.copyOf(protocol.actions());
        this.actionArray = actions.toArray(new Action[0]);
        if (actionArray.length > 255) throw new IllegalArgumentException("at most 255 actions per protocol");
        callActions = indicesOf(actionArray, Action.Trigger.CALL);
        messageActions = indicesOf(actionArray, Action.Trigger.MESSAGE);
        stateActions = indicesOf(actionArray, Action.Trigger.STATE);
        this.n = config.nodeCount();
        this.delta = config.delta();
        Requirements req = protocol.requirements();
        if (req.fifo() && config.channels() != ChannelDiscipline.FIFO) {
            throw new IllegalArgumentException(protocol.name() + " needs FIFO channels");
        }
        if (req.regions() && config.regions() == null) {
            throw new IllegalArgumentException(protocol.name() + " needs a region for every node");
        }
        graph = new TimeVaryingGraph(n, delta);
        for (int u = 0; u < n; u++) graph.place(u, config.x()[u], config.y()[u]);
        channels = new Channels(n, config.channels());
        states = new NodeState[n];
        for (int u = 0; u < n; u++) states[u] = protocol.initialState(delta);
        calls = new ArrayDeque[n];
        status = new OperationStatus[n];
        Arrays.fill(status, OperationStatus.IDLE);
        statusSince = new int[n];
        requestRound = new int[n];
        Arrays.fill(requestRound, -1);
        persistentPorts = new long[n];
        lastStart = new int[n];
        Arrays.fill(lastStart, -1);
        inFlight = new InFlight[n];
        rng = new SeededRandom(config.seed());
        stats = new Stats();
        checker = new Checker(protocol.checks(config.checks()));
        violations = new ArrayList<>();
    }

    private Simulation(Simulation o) {
        config = o.config;
        protocol = o.protocol;
        actions = o.actions;
        actionArray = o.actionArray;
        callActions = o.callActions;
        messageActions = o.messageActions;
        stateActions = o.stateActions;
        n = o.n;
        delta = o.delta;
        round = o.round;
        executionsThisRound = o.executionsThisRound;
        executionsBegun = o.executionsBegun;
        graph = o.graph.copy();
        channels = o.channels.copy();
        states = new NodeState[n];
        for (int u = 0; u < n; u++) states[u] = o.states[u].copy();
        calls = o.calls.clone();
        for (int u = 0; u < n; u++) if (calls[u] != null) calls[u] = new ArrayDeque<>(calls[u]);
        status = o.status.clone();
        statusSince = o.statusSince.clone();
        requestRound = o.requestRound.clone();
        persistentPorts = o.persistentPorts.clone();
        lastStart = o.lastStart.clone();
        inFlight = new InFlight[n];
        for (int u = 0; u < n; u++) if (o.inFlight[u] != null) inFlight[u] = o.inFlight[u].copy();
        inFlightCount = o.inFlightCount;
        rng = o.rng.copy();
        nextMessageId = o.nextMessageId;
        stats = o.stats.copy();
        checker = o.checker.copy();
        acquired = o.acquired.clone();
        acquiredCount = o.acquiredCount;
        violations = new ArrayList<>(o.violations);
    }

    private static int[] indicesOf(Action<NodeState>[] actions, Action.Trigger trigger) {
        int[] out = new int[actions.length];
        int k = 0;
        for (int i = 0; i < actions.length; i++) if (actions[i].trigger() == trigger) out[k++] = i;
        return Arrays.copyOf(out, k);
    }

    /** A deep copy that continues exactly like this simulation (same random stream); no listeners. */
    public Simulation copy() {
        return new Simulation(this);
    }

    /**
     * Puts this simulation back into the configuration of {@code snapshot} (a copy of a simulation
     * of the same scenario), keeping this object and its listeners: how the debugger travels in
     * time without the window having to rebind. The snapshot is left untouched.
     */
    public void restore(Simulation snapshot) {
        if (snapshot.config != config) throw new IllegalArgumentException("a snapshot of another simulation");
        Simulation c = snapshot.copy();
        round = c.round;
        executionsThisRound = c.executionsThisRound;
        executionsBegun = c.executionsBegun;
        graph = c.graph;
        channels = c.channels;
        states = c.states;
        calls = c.calls;
        status = c.status;
        statusSince = c.statusSince;
        requestRound = c.requestRound;
        persistentPorts = c.persistentPorts;
        lastStart = c.lastStart;
        inFlight = c.inFlight;
        inFlightCount = c.inFlightCount;
        rng = c.rng;
        nextMessageId = c.nextMessageId;
        stats = c.stats;
        checker = c.checker;
        acquired = c.acquired;
        acquiredCount = c.acquiredCount;
        violations = c.violations;
    }

    /** Executions begun so far: 0 at the start, +1 for every execution (or asynchronous start). */
    public long executionsBegun() {
        return executionsBegun;
    }

    /** Silences (or restores) every listener, e.g. while re-executing history. */
    public void mute(boolean on) {
        muted = on;
    }

    public boolean muted() {
        return muted;
    }

    /** The configuration (global state) for equality and hashing; see {@link Configuration}. */
    public Configuration configuration() {
        return new Configuration(this);
    }

    private static final List<SimulationListener> NOBODY = List.of();

    private List<SimulationListener> audience() {
        return muted ? NOBODY : listeners;
    }

    public void addListener(SimulationListener l) {
        listeners.add(l);
    }

    public void removeListener(SimulationListener l) {
        listeners.remove(l);
    }

    public SimulationConfig config() { return config; }

    public Protocol<NodeState> protocol() { return protocol; }

    public List<Action<NodeState>> actions() { return actions; }

    public TimeVaryingGraph graph() { return graph; }

    public Channels channels() { return channels; }

    public SeededRandom random() { return rng; }

    public Stats stats() { return stats; }

    /** Every violation reported so far, in order. */
    public List<Violation> violations() { return List.copyOf(violations); }

    public int violationCount() { return violations.size(); }

    public int indexOf(String name) {
        if (byName == null) {
            // built on first use: a replay or a session asks once per record, List.indexOf was O(n)
            Map<String, Integer> m = new HashMap<>();
            List<String> names = config.names();
            for (int u = 0; u < names.size(); u++) m.putIfAbsent(names.get(u), u);
            byName = m;
        }
        return byName.getOrDefault(name, -1);
    }

    /** Node names to ids, for {@link #indexOf} (lookups only, never iterated). */
    private Map<String, Integer> byName;

    /** Pending application calls of node u, oldest first. */
    public List<Call> pendingCalls(int u) {
        return calls[u] == null ? List.of() : List.copyOf(calls[u]);
    }

    public boolean busy(int u) {
        return inFlight[u] != null;
    }

    /** Executions started in the current round so far (topology changes are allowed only before the first). */
    public int executionsThisRound() {
        return executionsThisRound;
    }

    /** Whether u already started an execution in the current round (one per node per round). */
    public boolean actedThisRound(int u) {
        return lastStart[u] == round;
    }

    // ------------------------------------------------------------------ topology (adversary)

    private void requireRoundBoundary(String what) {
        if (executionsThisRound > 0) {
            throw new IllegalStateException(what + " must happen at the start of a round, before any action"
                    + " execution (the model changes topology between rounds)");
        }
    }

    /**
     * Links u and v on open ports chosen by the scenario's port assignment. Returns false, and
     * reports a refusal, when either node has no open port or they are already adjacent.
     */
    public boolean link(int u, int v) {
        requireRoundBoundary("link");
        String why = linkRefusal(u, v);
        if (why != null) {
            emitRefused("link", u, v, why);
            return false;
        }
        int pu = choosePort(graph.openPorts(u));
        int pv = choosePort(graph.openPorts(v));
        doLink(u, pu, v, pv);
        return true;
    }

    /** Links u and v on the given ports (replay, GUI). Returns false with a refusal if not possible. */
    public boolean link(int u, int pu, int v, int pv) {
        requireRoundBoundary("link");
        String why = linkRefusal(u, v);
        if (why == null && !PortSet.contains(graph.openPorts(u), pu)) why = name(u) + "'s port " + pu + " is not open";
        if (why == null && !PortSet.contains(graph.openPorts(v), pv)) why = name(v) + "'s port " + pv + " is not open";
        if (why != null) {
            for (SimulationListener l : audience()) l.refusedLink(round, u, pu, v, pv, why);
            return false;
        }
        doLink(u, pu, v, pv);
        return true;
    }

    private String linkRefusal(int u, int v) {
        if (u == v) return "a node cannot link to itself";
        if (graph.adjacent(u, v)) return name(u) + " and " + name(v) + " are already adjacent";
        if (!graph.hasOpenPort(u)) return name(u) + " has no open port (Δ = " + delta + ")";
        if (!graph.hasOpenPort(v)) return name(v) + " has no open port (Δ = " + delta + ")";
        return null;
    }

    private int choosePort(long open) {
        if (config.portAssignment() == PortAssignment.LOWEST) return Long.numberOfTrailingZeros(open);
        int k = rng.nextInt(Long.bitCount(open));
        long s = open;
        for (int i = 0; i < k; i++) s &= s - 1;
        return Long.numberOfTrailingZeros(s);
    }

    private void doLink(int u, int pu, int v, int pv) {
        graph.link(u, pu, v, pv, round);
        for (SimulationListener l : audience()) l.linked(round, u, pu, v, pv);
    }

    /** Cuts u–v; every message in transit on it is lost. Returns false (and reports) if not adjacent. */
    public boolean cut(int u, int v) {
        requireRoundBoundary("cut");
        int pu = graph.portTo(u, v);
        if (u == v || pu < 0) {
            emitRefused("cut", u, v, name(u) + " and " + name(v) + " are not adjacent");
            return false;
        }
        int pv = graph.peerPort(u, pu);
        graph.cut(u, v, round);
        List<Envelope> lostToV = channels.drop(v, pv);
        List<Envelope> lostToU = channels.drop(u, pu);
        List<Envelope> lost;
        if (lostToU.isEmpty()) lost = lostToV;
        else if (lostToV.isEmpty()) lost = lostToU;
        else {
            lost = new ArrayList<>(lostToV);
            lost.addAll(lostToU);
            lost.sort((a, b) -> Long.compare(a.id(), b.id()));
        }
        stats.messagesLost += lost.size();
        persistentPorts[u] &= ~(1L << pu);
        persistentPorts[v] &= ~(1L << pv);
        for (SimulationListener l : audience()) l.cut(round, u, pu, v, pv, lost);
        return true;
    }

    /** Moves a node. Edges do not change here; a unit-disk adversary links and cuts afterwards. */
    public void move(int u, double x, double y) {
        requireRoundBoundary("move");
        graph.place(u, x, y);
        for (SimulationListener l : audience()) l.moved(round, u, x, y);
    }

    private void emitRefused(String change, int u, int v, String why) {
        for (SimulationListener l : audience()) l.refused(round, change, u, v, why);
    }

    // ------------------------------------------------------------------ application calls

    /** The application layer calls Lock or Unlock at node u (an input to its protocol). */
    public void call(int u, Call c) {
        if (calls[u] == null) calls[u] = new ArrayDeque<>(2);
        calls[u].addLast(c);
        for (SimulationListener l : audience()) l.called(round, u, c);
    }

    // ------------------------------------------------------------------ enabled choices

    /**
     * Encodes u's enabled choices into {@code buf} (see {@link #decode}) and returns how many.
     * Order: the pending call, then receivable messages in send order, then state-guarded actions,
     * each in the protocol's action order. A node that is busy or already acted this round has none.
     */
    public int enumerate(int u, int[] buf) {
        return enumerate(u, buf, false);
    }

    /**
     * With {@code nextRound}, lists what u could do at the start of the next round if nothing
     * changed meanwhile: messages sent this round count as receivable and having acted this round
     * does not matter. The deadlock check asks this at the end of a round.
     */
    private int enumerate(int u, int[] buf, boolean nextRound) {
        if (inFlight[u] != null || (!nextRound && lastStart[u] == round)) return 0;
        int when = nextRound ? round + 1 : round;
        NodeState s = states[u];
        int count = 0;
        Action<NodeState>[] as = actionArray;
        ArrayDeque<Call> q = calls[u];
        if (q != null && !q.isEmpty()) {
            Call head = q.peekFirst();
            for (int a : callActions) {
                if (as[a].call() == head && as[a].guard(s, null)) count = put(buf, count, a);
            }
        }
        int box = channels.size(u);
        for (int i = 0; i < box; i++) {
            if (!channels.receivable(u, i, when)) continue;
            Message m = channels.get(u, i).message();
            for (int a : messageActions) {
                if (as[a].accepts(m) && as[a].guard(s, m)) count = put(buf, count, ((i + 1) << 8) | a);
            }
        }
        for (int a : stateActions) {
            if (as[a].guard(s, null)) count = put(buf, count, a);
        }
        return count;
    }

    /**
     * Like {@link #enumerate(int, int[])} but leaves out state-guarded choices whose execution
     * would change nothing (LME's CleanUp with nothing to clean). Executing such a choice is
     * indistinguishable from not activating the node, so a scheduler that skips it is still a
     * valid, weakly fair adversary — and a much less boring one.
     */
    public int enumerateEffective(int u, int[] buf) {
        int c = enumerate(u, buf);
        if (c > buf.length) return c; // caller retries with a larger buffer
        int w = 0;
        for (int i = 0; i < c; i++) {
            int code = buf[i];
            if ((code >>> 8) == 0 && actionArray[code & 0xFF].trigger() == Action.Trigger.STATE
                    && !dryRun(new Choice(u, code & 0xFF, null, null))) {
                continue;
            }
            buf[w++] = code;
        }
        return w;
    }

    private static int put(int[] buf, int count, int code) {
        if (count < buf.length) buf[count] = code;
        return count + 1;
    }

    /** The choice for a code produced by {@link #enumerate}. */
    public Choice decode(int u, int code) {
        int box = code >>> 8;
        return new Choice(u, code & 0xFF, box == 0 ? null : channels.get(u, box - 1), null);
    }

    /** Every enabled choice of node u (draws left to the random stream). */
    public List<Choice> choices(int u) {
        int[] buf = new int[16];
        int c = enumerate(u, buf);
        if (c > buf.length) {
            buf = new int[c];
            enumerate(u, buf);
        }
        List<Choice> out = new ArrayList<>(c);
        for (int i = 0; i < c; i++) out.add(decode(u, buf[i]));
        return out;
    }

    /** Every enabled choice of every node, by node. */
    public List<Choice> choices() {
        List<Choice> out = new ArrayList<>();
        for (int u = 0; u < n; u++) out.addAll(choices(u));
        return out;
    }

    public boolean enabled(int u) {
        return enumerate(u, new int[0]) > 0;
    }

    /**
     * The domain sizes of the random draws the choice's execution would make, e.g. {@code [K]}
     * for LME's CheckStart. Found by a dry run, so the adversary can pick each value
     * ({@link Choice#withDraws}). A protocol must not make the number or bounds of its draws
     * depend on earlier draw values; the real execution verifies it.
     */
    public int[] drawBounds(Choice c) {
        requireEnabled(c);
        dryRun(c);
        return ctx.bounds();
    }

    /**
     * Null if the choice's fixed draws are what its execution draws (as many values, each within
     * its bound; also null without fixed draws), else a sentence naming the allowed ranges: the
     * check a scripted step or a restored manual choice needs before it runs.
     */
    public String drawsProblem(Choice c) {
        String why = whyNotEnabled(c);
        if (why != null || c.draws() == null) return why;
        int[] bounds = drawBounds(new Choice(c.node(), c.action(), c.message(), null));
        int[] given = c.draws();
        boolean fits = given.length == bounds.length;
        for (int i = 0; fits && i < given.length; i++) fits = given[i] >= 0 && given[i] < bounds[i];
        if (fits) return null;
        StringBuilder ranges = new StringBuilder();
        for (int i = 0; i < bounds.length; i++) {
            if (i > 0) ranges.append(i == bounds.length - 1 ? " and " : ", ");
            ranges.append("0..").append(bounds[i] - 1);
        }
        String what = actionArray[c.action()].label() + " at " + name(c.node()) + " makes "
                + (bounds.length == 0 ? "no random draw" : bounds.length + " random draw" + (bounds.length == 1 ? "" : "s")
                + ", in " + ranges);
        return "draws " + Arrays.toString(given) + " do not fit: " + what
                + (given.length != bounds.length ? " (" + given.length + " value" + (given.length == 1 ? "" : "s") + " given)" : "");
    }

    /** Whether executing the choice would change the configuration (state, messages or calls). */
    public boolean effective(Choice c) {
        requireEnabled(c);
        return dryRun(c);
    }

    /**
     * Whether some node could execute an action, at the start of the next round, that changes the
     * configuration. Used at the end of a round by the deadlock check.
     */
    @Override
    public boolean anyEffectiveChoice() {
        int[] buf = new int[16];
        for (int u = 0; u < n; u++) {
            int c = enumerate(u, buf, true);
            if (c > buf.length) {
                buf = new int[c];
                enumerate(u, buf, true);
            }
            for (int i = 0; i < c; i++) {
                if (dryRun(decode(u, buf[i]))) return true;
            }
        }
        return false;
    }

    /** Runs the choice on a copy of the node's state; true if anything would change. */
    private boolean dryRun(Choice c) {
        int u = c.node();
        NodeState before = states[u];
        NodeState work = before.copy();
        Action<NodeState> act = actionArray[c.action()];
        ctx.begin(u, c.message(), graph.pendingDisconnections(u), graph.pendingConnections(u), graph.ports(u),
                c.draws(), true);
        act.run(work, ctx);
        if (act.trigger() != Action.Trigger.STATE) return true; // a call or a message is consumed
        return ctx.sendCount > 0 || !work.equals(before);
    }

    private void requireEnabled(Choice c) {
        String why = whyNotEnabled(c);
        if (why != null) throw new IllegalArgumentException(why);
    }

    /** Null if the choice can be executed now, otherwise a sentence saying why not. */
    public String whyNotEnabled(Choice c) {
        int u = c.node();
        if (u < 0 || u >= n) return "no node " + u;
        if (c.action() < 0 || c.action() >= actionArray.length) return "no action " + c.action();
        Action<NodeState> act = actionArray[c.action()];
        String what = act.label() + " at " + name(u);
        if (inFlight[u] != null) return what + ": the node is still executing an action";
        if (lastStart[u] == round) return what + ": the node already acted in round " + round;
        NodeState s = states[u];
        switch (act.trigger()) {
            case CALL -> {
                if (c.message() != null) return what + ": a call action receives no message";
                ArrayDeque<Call> q = calls[u];
                if (q == null || q.isEmpty() || q.peekFirst() != act.call()) {
                    return what + ": no pending " + act.call().json() + " call";
                }
                if (!act.guard(s, null)) return what + ": guard is false";
            }
            case MESSAGE -> {
                if (c.message() == null) return what + ": needs a message to receive";
                int i = channels.indexOf(u, c.message().id());
                if (i < 0) return what + ": message " + c.message() + " is not in transit to " + name(u);
                if (!channels.receivable(u, i, round)) {
                    return what + ": message " + c.message() + " cannot be received in round " + round
                            + (channels.get(u, i).sentRound() >= round ? " (sent this round)" : " (FIFO: an older message waits)");
                }
                Message m = channels.get(u, i).message();
                if (!act.accepts(m)) return what + " does not receive " + m.label();
                if (!act.guard(s, m)) return what + ": guard is false";
            }
            case STATE -> {
                if (c.message() != null) return what + ": receives no message";
                if (!act.guard(s, null)) return what + ": guard is false";
            }
        }
        return null;
    }

    // ------------------------------------------------------------------ executions

    /** Executes the choice now, within the current round (semi-synchronous). */
    public ExecutionRecord execute(Choice c) {
        requireEnabled(c);
        return commit(begin(c, round, false));
    }

    /**
     * Starts an asynchronous execution of the choice lasting {@code duration} ≥ 1 rounds: it sees
     * the configuration now and takes effect at the end of round {@code round + duration - 1}.
     */
    public void start(Choice c, int duration) {
        if (duration < 1) throw new IllegalArgumentException("duration must be ≥ 1");
        requireEnabled(c);
        InFlight f = begin(c, round + duration - 1, true);
        f.asynchronous = true;
        inFlight[c.node()] = f;
        inFlightCount++;
        for (SimulationListener l : audience()) l.started(round, c.node(), c, f.label, f.draws, f.end);
    }

    /** Finishes every asynchronous execution due in this round, in node order. */
    public List<ExecutionRecord> commitDue() {
        if (inFlightCount == 0) return List.of();
        List<ExecutionRecord> out = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            InFlight f = inFlight[u];
            if (f != null && f.end <= round) {
                inFlight[u] = null;
                inFlightCount--;
                out.add(commit(f));
            }
        }
        return out;
    }

    private InFlight begin(Choice c, int end, boolean staged) {
        int u = c.node();
        Action<NodeState> act = actionArray[c.action()];
        lastStart[u] = round;
        executionsThisRound++;
        executionsBegun++;
        long d = graph.takeDisconnections(u);
        long up = graph.takeConnections(u);
        long ports = graph.ports(u);
        Envelope received = null;
        if (act.trigger() == Action.Trigger.MESSAGE) {
            received = c.message();
            channels.removeAt(u, channels.indexOf(u, received.id()));
        } else if (act.trigger() == Action.Trigger.CALL) {
            calls[u].pollFirst();
        }
        boolean async = end > round;
        // one due this round runs on the node's own state: keep what it was for stateBefore
        NodeState before = staged && !async ? states[u].copy() : null;
        NodeState work = async ? states[u].copy() : states[u];
        ctx.begin(u, received, d, up, ports, c.draws(), false);
        act.run(work, ctx);
        if (c.draws() != null && ctx.drawIndex != c.draws().length) {
            throw new IllegalArgumentException(act.label() + " at " + name(u) + " made " + ctx.drawIndex
                    + " random draws but " + c.draws().length + " values were given");
        }
        InFlight f = new InFlight();
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
            setStatus(u, OperationStatus.LOCKING);
            requestRound[u] = round;
            persistentPorts[u] = ports & ~1L;
            stats.lockRequests++;
        }
        if ((f.events & EV_UNLOCK_REQUESTED) != 0) setStatus(u, OperationStatus.UNLOCKING);
        return f;
    }

    private ExecutionRecord commit(InFlight f) {
        int u = f.node;
        states[u] = f.state;
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
                Envelope e = new Envelope(nextMessageId++, u, p, v, graph.peerPort(u, p), round, m);
                channels.add(e);
                sent.add(new Sent(p, m, e));
                sentPorts |= 1L << p;
            } else {
                stats.messagesLost++;
                sent.add(new Sent(p, m, null));
            }
        }
        if ((f.events & EV_ACQUIRED) != 0) {
            setStatus(u, OperationStatus.LOCKED);
            long wait = round - requestRound[u];
            stats.locksAcquired++;
            stats.waitSum += wait;
            stats.waitMax = Math.max(stats.waitMax, wait);
            if (acquiredCount == acquired.length) acquired = Arrays.copyOf(acquired, acquiredCount * 2);
            acquired[acquiredCount++] = u;
        }
        if ((f.events & EV_UNLOCKED) != 0) {
            setStatus(u, OperationStatus.IDLE);
            stats.unlocks++;
        }
        stats.actions++;
        ExecutionRecord rec = new ExecutionRecord(f.start, round, u, f.action, f.label, f.received, f.d, f.draws,
                sent, states[u], f.asynchronous);
        for (SimulationListener l : audience()) l.executed(rec);
        report(checker.afterExecution(this, u, sentPorts));
        return rec;
    }

    /** Ends the current round: finishes due asynchronous executions, runs the checks, advances time. */
    public List<Violation> endRound() {
        commitDue();
        List<Violation> found = checker.endOfRound(this);
        report(found);
        for (SimulationListener l : audience()) l.roundEnded(round);
        if (graph.historyWorthPruning()) graph.forgetHistoryBefore(oldestOpenRequest());
        acquiredCount = 0;
        executionsThisRound = 0;
        round++;
        return found;
    }

    /**
     * The oldest round whose edge history can still matter: a pending request's persistent
     * neighbourhood reaches back to the round it was issued (Sec. 2.2); the rest is done.
     */
    private int oldestOpenRequest() {
        int oldest = round;
        for (int u = 0; u < n; u++) {
            if (status[u] == OperationStatus.LOCKING) oldest = Math.min(oldest, requestRound[u]);
        }
        return oldest;
    }

    private void report(List<Violation> vs) {
        for (Violation v : vs) {
            violations.add(v);
            for (SimulationListener l : audience()) l.violated(v);
        }
    }

    // ------------------------------------------------------------------ SystemView

    @Override public int nodeCount() { return n; }

    @Override public int delta() { return delta; }

    @Override public int round() { return round; }

    @Override public String nodeName(int u) { return config.names().get(u); }

    private String name(int u) { return config.names().get(u); }

    @Override public NodeState state(int u) { return states[u]; }

    /**
     * Node u's state before its execution under way, if any (an execution started this round and
     * due at its end already shows in {@link #state}): what the node was when nothing of it is done.
     */
    public NodeState stateBefore(int u) {
        InFlight f = inFlight[u];
        return f != null && f.before != null ? f.before : states[u];
    }

    @Override public int peer(int u, int port) { return graph.peer(u, port); }

    @Override public int peerPort(int u, int port) { return graph.peerPort(u, port); }

    @Override public int portTo(int u, int v) { return graph.portTo(u, v); }

    @Override public long ports(int u) { return graph.ports(u); }

    @Override
    public long unprocessedDisconnections(int u) {
        long d = graph.pendingDisconnections(u);
        return inFlight[u] == null ? d : d | inFlight[u].d;
    }

    @Override public int inTransit(int u, int port) { return channels.count(u, port); }

    @Override public long totalInTransit() { return channels.total(); }

    @Override public int executionsInFlight() { return inFlightCount; }

    @Override public OperationStatus status(int u) { return status[u]; }

    /** Round in which u's operation status last changed (e.g. when it acquired its locks). */
    public int statusSince(int u) { return statusSince[u]; }

    private void setStatus(int u, OperationStatus s) {
        status[u] = s;
        statusSince[u] = round;
    }

    @Override public int requestRound(int u) { return requestRound[u]; }

    @Override public long persistentPorts(int u) { return persistentPorts[u]; }

    @Override public int[] acquiredThisRound() { return Arrays.copyOf(acquired, acquiredCount); }

    /** Whether any node has a pending Lock or Unlock operation. */
    public boolean anyPendingOperation() {
        for (int u = 0; u < n; u++) if (status[u].pending()) return true;
        return false;
    }

    public boolean hasPendingCalls(int u) {
        return calls[u] != null && !calls[u].isEmpty();
    }

    // ------------------------------------------------------------------ internals

    /** An execution under way (asynchronous), or the staging of a semi-synchronous one. */
    private static final class InFlight {
        int node;
        int action;
        String label;
        int start;
        int end;
        Envelope received;
        long d;
        NodeState state;
        /** The node's state before it, when the execution runs on the node's own state (else null). */
        NodeState before;
        int[] draws;
        int events;
        int sendCount;
        int[] sendPorts;
        Message[] sendMessages;
        long[] sendConnections;
        boolean asynchronous;

        InFlight copy() {
            InFlight c = new InFlight();
            c.node = node;
            c.action = action;
            c.label = label;
            c.start = start;
            c.end = end;
            c.received = received;
            c.d = d;
            c.state = state.copy();
            c.before = before == null ? null : before.copy();
            c.draws = draws;
            c.events = events;
            c.sendCount = sendCount;
            c.sendPorts = sendPorts;
            c.sendMessages = sendMessages;
            c.sendConnections = sendConnections;
            c.asynchronous = asynchronous;
            return c;
        }

        boolean sameAs(InFlight o) {
            return node == o.node && action == o.action && end - start == o.end - o.start
                    && d == o.d && state.equals(o.state) && events == o.events
                    && Arrays.equals(sendPorts, o.sendPorts) && Arrays.equals(sendMessages, o.sendMessages);
        }

        int hash() {
            return (action * 31 + state.hashCode()) * 31 + Arrays.hashCode(sendMessages);
        }
    }

    /** The {@link Execution} handed to operations; reused, as executions never nest. */
    private final class Ctx implements Execution {
        int node;
        Envelope received;
        long d;
        long up;
        long ports;
        int[] scripted;
        int drawIndex;
        int[] drawn = new int[4];
        int[] bounds = new int[4];
        long sentMask;
        long sentTwiceMask;
        int sendCount;
        int[] sendPorts = new int[8];
        Message[] sendMessages = new Message[8];
        int events;
        boolean dry;

        void begin(int u, Envelope rec, long dSnap, long upSnap, long portSet, int[] draws, boolean dryRun) {
            node = u;
            received = rec;
            d = dSnap;
            up = upSnap;
            ports = portSet;
            scripted = draws;
            drawIndex = 0;
            sentMask = 0;
            sentTwiceMask = 0;
            sendCount = 0;
            events = 0;
            dry = dryRun;
        }

        int[] drawValues() {
            return drawIndex == 0 ? new int[0] : Arrays.copyOf(drawn, drawIndex);
        }

        int[] bounds() {
            return Arrays.copyOf(bounds, drawIndex);
        }

        @Override public Envelope received() { return received; }

        @Override public long disconnected() { return d; }

        @Override public long connected() { return up; }

        @Override public long ports() { return ports; }

        @Override public int delta() { return delta; }

        @Override
        public void send(int port, Message m) {
            if (port < 0 || port > delta) throw new IllegalArgumentException("no port " + port + " (Δ = " + delta + ")");
            long bit = 1L << port;
            if ((sentMask & bit) != 0) {
                int limit = protocol.sendsPerPort();
                if (limit < 2 || ((sentTwiceMask & bit) != 0 && limit < 3)) {
                    throw new IllegalStateException("protocol error at " + name(node) + ": more than " + limit
                            + " send(s) on port " + port + " in one action execution (the model allows one per port)");
                }
                sentTwiceMask |= bit;
            }
            sentMask |= bit;
            if (sendCount == sendPorts.length) {
                sendPorts = Arrays.copyOf(sendPorts, sendCount * 2);
                sendMessages = Arrays.copyOf(sendMessages, sendCount * 2);
            }
            sendPorts[sendCount] = port;
            sendMessages[sendCount] = m;
            sendCount++;
        }

        @Override
        public int random(int bound) {
            int v;
            if (scripted != null) {
                if (drawIndex >= scripted.length) {
                    throw new IllegalArgumentException("execution at " + name(node) + " needs more random draws than the "
                            + scripted.length + " given");
                }
                v = scripted[drawIndex];
                if (v < 0 || v >= bound) {
                    throw new IllegalArgumentException("draw " + v + " at " + name(node) + " is outside [0, " + bound + ")");
                }
            } else {
                v = dry ? 0 : rng.nextInt(bound);
            }
            if (drawIndex == drawn.length) {
                drawn = Arrays.copyOf(drawn, drawIndex * 2);
                bounds = Arrays.copyOf(bounds, drawIndex * 2);
            }
            bounds[drawIndex] = bound;
            drawn[drawIndex++] = v;
            return v;
        }

        @Override public void lockRequested() { events |= EV_REQUESTED; }

        @Override public void lockAcquired() { events |= EV_ACQUIRED; }

        @Override public void unlockRequested() { events |= EV_UNLOCK_REQUESTED; }

        @Override public void unlockCompleted() { events |= EV_UNLOCKED; }

        private void requireIds() {
            if (!protocol.requirements().ids()) {
                throw new IllegalStateException(protocol.name() + " is anonymous: it declared no need for node ids");
            }
        }

        @Override
        public int id() {
            requireIds();
            return node;
        }

        @Override
        public int nodeCount() {
            requireIds();
            return n;
        }

        @Override
        public int peerId(int port) {
            requireIds();
            return graph.peer(node, port);
        }

        @Override
        public String region() {
            if (!protocol.requirements().regions() || config.regions() == null) {
                throw new IllegalStateException(protocol.name() + " declared no need for regions");
            }
            return config.regions().get(node);
        }
    }

    // Package-private accessors for Configuration.
    NodeState[] statesArray() { return states; }

    ArrayDeque<Call>[] callsArray() { return calls; }

    OperationStatus[] statusArray() { return status; }

    long[] persistentPortsArray() { return persistentPorts; }

    /** Copies of the executions under way, indexed by node (null: none), for {@link Configuration}. */
    Object[] inFlightSnapshot() {
        if (inFlightCount == 0) return null;
        Object[] out = new Object[n];
        for (int u = 0; u < n; u++) if (inFlight[u] != null) out[u] = inFlight[u].copy();
        return out;
    }

    static boolean sameExecution(Object a, Object b) {
        return a == null ? b == null : b != null && ((InFlight) a).sameAs((InFlight) b);
    }

    static int executionHash(Object a) {
        return a == null ? 0 : ((InFlight) a).hash();
    }
}
