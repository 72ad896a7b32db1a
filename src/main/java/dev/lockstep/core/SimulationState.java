package dev.lockstep.core;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Everything of a simulation that changes over time: the clock, the graph, the messages in
 * transit, node states, pending calls, operation bookkeeping, executions under way, the random
 * stream, statistics and the checks' memory. Copied whole for {@link Simulation#copy()}; assigned
 * in place for {@link Simulation#restore}, so the parts of a simulation that share it keep
 * working on the restored configuration.
 */
final class SimulationState {
    int round;
    int executionsThisRound;
    /** Executions begun since round 0 (the position of a step on the timeline). */
    long executionsBegun;
    TimeVaryingGraph graph;
    Channels channels;
    NodeState[] states;
    ArrayDeque<Call>[] calls;
    /** Each node's {@link OperationStatus}, its ordinal in a byte (was a reference: 3 bytes a node saved). */
    private byte[] status;
    private static final OperationStatus[] STATUSES = OperationStatus.values();
    /**
     * Rounds: each node's status since, its last request's (−1: none) and its last execution's
     * start (−1: none). Two bytes a node each for a run's first 65,534 rounds; {@link #nextRound}
     * widens them before a later round can be stored, so executions may store from any thread.
     */
    RoundArray statusSince;
    RoundArray requestRound;
    /** Each node's persistent neighbourhood's ports (4 bytes a node while Δ ≤ 31). */
    PortSets persistentPorts;
    /** Round in which each node last started an execution (one per node per round). */
    RoundArray lastStart;
    /** Nodes the adversary crashed (they never act again). */
    boolean[] crashed;
    /** Executions under way by node; null until a first asynchronous one starts (4 bytes a node saved): read it through {@link #inFlight(int)}. */
    StagedExecution[] inFlight;
    int inFlightCount;
    SeededRandom rng;
    long nextMessageId = 1;
    Stats stats;
    LiveChecks checks;
    /** The application's per-node state (Sec. 6), or null without an application. */
    ApplicationState app;
    /** Nodes whose request succeeded this round. */
    int[] acquired = new int[8];
    int acquiredCount;
    /**
     * Each node's region now (see {@link SystemView#region}) and the round it last changed; null
     * while every node's region is {@link Regions}' "" and none changed (a scenario without
     * regions: 8 bytes a node saved).
     */
    private String[] region;
    private int[] regionSince;
    /** Each node's enabled choices as last listed; not copied (a copy lists afresh). */
    ChoiceCache choiceCache;
    /** Nodes touched since the last end of round; not copied (a copy starts with "unknown"). */
    RoundChanges changes;

    /** The initial configuration: nodes placed, no edge, every node idle in its initial state. */
    @SuppressWarnings("unchecked") // a generic array of call queues
    SimulationState(SimulationConfig config, Protocol<NodeState> protocol) {
        int n = config.nodeCount();
        int delta = config.delta();
        graph = new TimeVaryingGraph(n, delta);
        graph.startAt(config.x(), config.y()); // the config's arrays, not a copy: the config never changes them
        channels = new Channels(n, config.channels(), protocol.messageCodec());
        states = new NodeState[n];
        for (int u = 0; u < n; u++) states[u] = protocol.initialStateOf(delta, u);
        calls = new ArrayDeque[n];
        status = new byte[n];
        Arrays.fill(status, (byte) OperationStatus.IDLE.ordinal());
        statusSince = new RoundArray(n, 0);
        requestRound = new RoundArray(n, -1);
        persistentPorts = new PortSets(n, delta);
        lastStart = new RoundArray(n, -1);
        crashed = new boolean[n];
        rng = new SeededRandom(config.seed());
        stats = new Stats();
        // drawn first from the stream, so a replay (which never draws) gets the same agents
        if (config.application() != null) app = config.application().initialState(n, rng);
        checks = new LiveChecks(config.liveChecks());
        for (int u = 0; u < n; u++) {
            String r = Regions.of(config, u, config.x()[u], config.y()[u]);
            if ("".equals(r)) continue;
            if (region == null) allocateRegions();
            region[u] = r;
        }
        choiceCache = new ChoiceCache(n);
        changes = new RoundChanges(n);
    }

    private SimulationState(SimulationState o) {
        int n = o.states.length;
        round = o.round;
        executionsThisRound = o.executionsThisRound;
        executionsBegun = o.executionsBegun;
        graph = o.graph.copy();
        channels = o.channels.copy();
        states = new NodeState[n];
        for (int u = 0; u < n; u++) states[u] = o.states[u].copy();
        calls = o.calls.clone();
        for (int u = 0; u < n; u++) calls[u] = o.hasPendingCalls(u) ? new ArrayDeque<>(o.calls[u]) : null;
        status = o.status.clone();
        statusSince = o.statusSince.copy();
        requestRound = o.requestRound.copy();
        persistentPorts = o.persistentPorts.copy();
        lastStart = o.lastStart.copy();
        crashed = o.crashed.clone();
        if (o.inFlight != null) {
            inFlight = new StagedExecution[n];
            for (int u = 0; u < n; u++) if (o.inFlight[u] != null) inFlight[u] = o.inFlight[u].copy();
        }
        inFlightCount = o.inFlightCount;
        rng = o.rng.copy();
        nextMessageId = o.nextMessageId;
        stats = o.stats.copy();
        checks = o.checks.copy();
        app = o.app == null ? null : o.app.copy();
        acquired = o.acquired.clone();
        acquiredCount = o.acquiredCount;
        region = o.region == null ? null : o.region.clone();
        regionSince = o.regionSince == null ? null : o.regionSince.clone();
        choiceCache = new ChoiceCache(n);
        changes = new RoundChanges(n);
    }

    SimulationState copy() {
        return new SimulationState(this);
    }

    /** Takes over every part of {@code c}, which must be a copy nobody else holds. */
    void assign(SimulationState c) {
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
        crashed = c.crashed;
        inFlight = c.inFlight;
        inFlightCount = c.inFlightCount;
        rng = c.rng;
        nextMessageId = c.nextMessageId;
        stats = c.stats;
        checks = c.checks;
        app = c.app;
        acquired = c.acquired;
        acquiredCount = c.acquiredCount;
        region = c.region;
        regionSince = c.regionSince;
        choiceCache = c.choiceCache;
        changes = c.changes;
    }

    /**
     * Something of node u its enabled choices or a local check may depend on changed: its state,
     * calls, messages in transit to it, ports, detectors, region, or whether it is busy or crashed.
     */
    void touch(int u) {
        choiceCache.touch(u);
        changes.touch(u);
    }

    /** A message sent this round was put in transit to u: a change for the checks, one for u's listing from the next round on. */
    void arrived(int u) {
        choiceCache.arrived(u);
        changes.touch(u);
    }

    void setStatus(int u, OperationStatus s) {
        status[u] = (byte) s.ordinal();
        statusSince.set(u, round);
    }

    OperationStatus status(int u) {
        return STATUSES[status[u]];
    }

    /** The next round begins: the round arrays widen now, on the caller's thread, if it no longer fits them. */
    void nextRound() {
        round++;
        statusSince.fit(round);
        requestRound.fit(round);
        lastStart.fit(round);
    }

    /** Whether u started an execution this round. */
    boolean startedThisRound(int u) {
        return lastStart.get(u) == round;
    }

    /** u's execution under way, or null. */
    StagedExecution inFlight(int u) {
        return inFlight == null ? null : inFlight[u];
    }

    /** u's execution under way is {@code f} (null: none any more). */
    void inFlight(int u, StagedExecution f) {
        if (inFlight == null) {
            if (f == null) return;
            inFlight = new StagedExecution[states.length];
        }
        inFlight[u] = f;
    }

    String region(int u) {
        return region == null ? "" : region[u];
    }

    int regionSince(int u) {
        return regionSince == null ? 0 : regionSince[u];
    }

    /** u's region is {@code now} from this round on. */
    void region(int u, String now) {
        if (region == null) allocateRegions();
        region[u] = now;
        regionSince[u] = round;
    }

    private void allocateRegions() {
        region = new String[states.length];
        Arrays.fill(region, "");
        regionSince = new int[states.length];
    }

    void acquired(int u) {
        if (acquiredCount == acquired.length) acquired = Arrays.copyOf(acquired, acquiredCount * 2);
        acquired[acquiredCount++] = u;
    }

    /**
     * Removes u's oldest pending call. A queue left empty is dropped: most nodes have no call
     * pending most of the time, and a million empty queues would hold 56 MB.
     */
    void takeCall(int u) {
        ArrayDeque<Call> q = calls[u];
        q.pollFirst();
        if (q.isEmpty()) calls[u] = null;
    }

    boolean hasPendingCalls(int u) {
        return calls[u] != null && !calls[u].isEmpty();
    }

    /**
     * The oldest round whose edge history can still matter: a pending request's persistent
     * neighbourhood reaches back to the round it was issued (Sec. 2.2); the rest is done.
     */
    int oldestOpenRequest() {
        int oldest = round;
        for (int u = 0; u < states.length; u++) {
            if (status(u) == OperationStatus.LOCKING) oldest = Math.min(oldest, requestRound.get(u));
        }
        return oldest;
    }

    /** u's disconnections not yet processed: the graph's, and those its execution under way took. */
    long unprocessedDisconnections(int u) {
        long d = graph.pendingDisconnections(u);
        StagedExecution f = inFlight(u);
        return f == null ? d : d | f.d;
    }

    boolean anyPendingOperation() {
        for (int u = 0; u < states.length; u++) if (status(u).pending()) return true;
        return false;
    }

    /** Copies of the executions under way, indexed by node (null: none), for {@link Configuration}. */
    StagedExecution[] inFlightSnapshot() {
        if (inFlightCount == 0) return null;
        StagedExecution[] out = new StagedExecution[states.length];
        for (int u = 0; u < out.length; u++) if (inFlight[u] != null) out[u] = inFlight[u].copy();
        return out;
    }
}
