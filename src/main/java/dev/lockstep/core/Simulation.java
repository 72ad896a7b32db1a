package dev.lockstep.core;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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
 *
 * <p>This class is the facade. What changes over time is one {@link SimulationState}, which the
 * parts doing the work share: {@link TopologyChanges}, {@link EnabledChoices} and
 * {@link Executions} (the last two through one {@link ExecutionContext}); listeners are the
 * {@link Audience}, and the live checks run in {@link LiveChecks}.
 */
public final class Simulation implements SystemView {
    private final SimulationConfig config;
    private final Protocol<NodeState> protocol;
    private final ActionTable actions;
    private final int n;
    private final int delta;
    private final SimulationState world;
    private final Audience audience = new Audience();
    private final TopologyChanges topology;
    private final Faults faults;
    private final EnabledChoices enabling;
    private final Executions executions;
    private final ParallelRound parallel;
    /** Threads for the node-independent parts of a round; results do not depend on their number. */
    private Workers workers = Workers.SINGLE;
    private final NameIndex byName;

    public Simulation(SimulationConfig config) {
        // arguments run in order: too many actions is reported before a missing requirement
        this(config, ActionTable.of(protocolOf(config)), initialState(config));
    }

    private Simulation(SimulationConfig config, ActionTable actions, SimulationState world) {
        this.config = config;
        this.protocol = protocolOf(config);
        this.actions = actions;
        this.n = config.nodeCount();
        this.delta = config.delta();
        this.world = world;
        ExecutionContext ctx = new ExecutionContext(protocol, config, world);
        topology = new TopologyChanges(world, config, audience);
        faults = new Faults(world, config, audience, topology);
        enabling = new EnabledChoices(world, actions, ctx, config);
        executions = new Executions(world, actions, ctx, audience, this, config);
        parallel = new ParallelRound(world, actions, enabling, executions, ctx, audience);
        byName = new NameIndex(config.names());
    }

    @SuppressWarnings("unchecked") // the protocol's state type is erased to NodeState here
    private static Protocol<NodeState> protocolOf(SimulationConfig config) {
        return (Protocol<NodeState>) config.protocol();
    }

    private static SimulationState initialState(SimulationConfig config) {
        Protocol<NodeState> protocol = protocolOf(config);
        Requirements req = protocol.requirements();
        if (req.fifo() && config.channels() != ChannelDiscipline.FIFO) {
            throw new IllegalArgumentException(protocol.name() + " needs FIFO channels");
        }
        if (req.regions() && config.regions() == null && config.areas().isEmpty()) {
            throw new IllegalArgumentException(protocol.name() + " needs a region for every node");
        }
        return new SimulationState(config, protocol);
    }

    /** A deep copy that continues exactly like this simulation (same random stream); no listeners. */
    public Simulation copy() {
        return new Simulation(config, actions, world.copy());
    }

    /**
     * Puts this simulation back into the configuration of {@code snapshot} (a copy of a simulation
     * of the same scenario), keeping this object and its listeners: how the debugger travels in
     * time without the window having to rebind. The snapshot is left untouched.
     */
    public void restore(Simulation snapshot) {
        if (snapshot.config != config) throw new IllegalArgumentException("a snapshot of another simulation");
        world.assign(snapshot.world.copy());
    }

    @Override public Workers workers() { return workers; }

    /** Shares the node-independent work of each round across {@code w}'s threads (not part of copies). */
    public void workers(Workers w) {
        workers = java.util.Objects.requireNonNull(w);
    }

    /**
     * The fewest nodes (or executions) a thread takes on in a parallel part of a round (default
     * {@value ParallelRound#GRAIN}): below it, handing work over costs more than it saves. Tests
     * set 1 to run even a handful of nodes on several threads; results never depend on it.
     */
    public void parallelGrain(int nodes) {
        if (nodes < 1) throw new IllegalArgumentException("grain must be at least 1, not " + nodes);
        parallel.grain = nodes;
    }

    /** Whether {@link #act(List)} runs operations ahead on scratch copies on the workers ({@link ParallelRound}; off: PERFORMANCE.md "Parallel rounds"). */
    public void runAhead(boolean on) { parallel.enabled = on; }

    /** Whether a listed round that qualifies runs on the workers in place ({@link InPlaceRound}; off: PERFORMANCE.md "Parallel rounds"). */
    public void inPlaceRounds(boolean on) { parallel.inPlace.enabled = on; }
    /** Whether a listed round that qualifies commits on the workers too ({@link PartitionedCommit}; off by default: PERFORMANCE.md "Parallel rounds"). */
    public void partitionedCommits(boolean on) { parallel.inPlace.partitioned.enabled = on; }
    void partitionedArenas(int slots) { parallel.inPlace.partitioned.arenaMost = slots; } // tests: ranges run out mid-chunk

    void inPlaceChunk(int positions) { parallel.inPlace.chunk = positions; }
    /** How a listed round that qualifies appends its sends: 0 at once, 1 after its executions on the workers, 2 so and with the transit counts read ahead ({@link ParallelRound#deferSends}; off: PERFORMANCE.md "Parallel rounds"). */
    public void deferredSends(int mode) { parallel.deferSends = java.util.Objects.checkIndex(mode, 3); }

    /**
     * Executions whose operations ran ahead on the workers and were committed as they ran (the
     * rest of a parallel round is redone at its turn): what a benchmark or test can tell of how
     * much of a round ran in parallel. Not part of the configuration, not copied.
     */
    public long executionsRanAhead() {
        return parallel.ranAhead + parallel.inPlace.ran + parallel.inPlace.partitioned.committed;
    }

    /** Executions begun so far: 0 at the start, +1 for every execution (or asynchronous start). */
    public long executionsBegun() {
        return world.executionsBegun;
    }

    /** Silences (or restores) every listener, e.g. while re-executing history. */
    public void mute(boolean on) {
        audience.mute(on);
    }

    public boolean muted() {
        return audience.muted();
    }

    /** The configuration (global state) for equality and hashing; see {@link Configuration}. */
    public Configuration configuration() {
        return new Configuration(world, delta);
    }

    public void addListener(SimulationListener l) {
        audience.add(l);
    }

    public void removeListener(SimulationListener l) {
        audience.remove(l);
    }

    public SimulationConfig config() { return config; }

    public Protocol<NodeState> protocol() { return protocol; }

    public List<Action<NodeState>> actions() { return actions.list; }

    public TimeVaryingGraph graph() { return world.graph; }

    public Channels channels() { return world.channels; }

    public SeededRandom random() { return world.rng; }

    public Stats stats() { return world.stats; }

    /** Every violation reported so far, in order. */
    public List<Violation> violations() { return world.checks.violations(); }

    public int violationCount() { return world.checks.count(); }

    public int indexOf(String name) {
        return byName.indexOf(name);
    }

    /** Pending application calls of node u, oldest first. */
    public List<Call> pendingCalls(int u) {
        ArrayDeque<Call> q = world.calls[u];
        return q == null ? List.of() : List.copyOf(q);
    }

    public boolean busy(int u) {
        return world.inFlight(u) != null;
    }

    /** Executions started in the current round so far (topology changes are allowed only before the first). */
    public int executionsThisRound() {
        return world.executionsThisRound;
    }

    /** Whether u already started an execution in the current round (one per node per round). */
    public boolean actedThisRound(int u) {
        return world.startedThisRound(u);
    }

    // ------------------------------------------------------------------ topology (adversary)

    /**
     * Links u and v on open ports chosen by the scenario's port assignment. Returns false, and
     * reports a refusal, when either node has no open port or they are already adjacent.
     */
    public boolean link(int u, int v) { return topology.link(u, v); }

    /** Links u and v on the given ports (replay, GUI). Returns false with a refusal if not possible. */
    public boolean link(int u, int pu, int v, int pv) { return topology.link(u, pu, v, pv); }

    /** Cuts u–v; every message in transit on it is lost. Returns false (and reports) if not adjacent. */
    public boolean cut(int u, int v) { return topology.cut(u, v); }

    /** Moves a node. Edges do not change here; a unit-disk adversary links and cuts afterwards. */
    public void move(int u, double x, double y) { topology.move(u, x, y); }

    /** Moves a node, then cuts its edges longer than {@code radius} (&gt; 0) and links it to the nodes in range, both ascending. */
    public void move(int u, double x, double y, double radius) { topology.moveOnUnitDisk(u, x, y, radius); }

    /**
     * Moves 0..count−1 on a unit disk of this radius, node {@code nodes[i]} to ({@code xs[i]}, {@code ys[i]}): the same as
     * {@link #move(int, double, double, double)} on each in turn, made on the {@link #workers} when the batch qualifies
     * (PERFORMANCE.md "Moving nodes": ports chosen lowest-first, nobody listening, every edge within the radius). Bad nodes change nothing.
     */
    public void moveAll(int[] nodes, double[] xs, double[] ys, int count, double radius) { topology.moveAllOnUnitDisk(nodes, xs, ys, count, radius, workers); }
    void moveArena(int slots) { topology.batch().slotsPerTake = slots; } // tests: threads run out of free slots mid-batch

    /**
     * The adversary destroys the message with id {@code id} in transit to {@code to} (KLME's
     * "token lost in transit"). Returns false, and reports a refusal, when there is no such message.
     */
    public boolean lose(int to, long id) {
        return faults.lose(to, id);
    }

    /** Loses the oldest message from {@code from} to {@code to} whose label starts with the prefix ("" for any). */
    public boolean loseOldest(int from, int to, String labelPrefix) {
        return faults.loseOldest(from, to, labelPrefix);
    }

    /** The adversary crashes u: it stops for good and its links fail. False (reported) if it already had. */
    public boolean crash(int u) {
        return faults.crash(u);
    }

    @Override public boolean crashed(int u) { return world.crashed[u]; }

    // ------------------------------------------------------------------ application calls

    /**
     * The application layer calls Lock or Unlock at node u (an input to its protocol). A crashed
     * node's application is gone with it: calls to it are ignored.
     */
    public void call(int u, Call c) {
        if (world.crashed[u]) return;
        if (world.calls[u] == null) world.calls[u] = new ArrayDeque<>(2);
        world.calls[u].addLast(c);
        world.touch(u);
        for (SimulationListener l : audience.listening()) l.called(world.round, u, c);
    }

    public boolean hasPendingCalls(int u) {
        return world.hasPendingCalls(u);
    }

    /** The application's state (Sec. 6), or null without one; {@link ApplicationSteps} says how it changes. */
    @Override public ApplicationState application() { return world.app; }

    /** The application layer takes a step at u, an input like a call: {@link ApplicationSteps#take}. */
    public void applicationStep(int u, String kind, int partner) { ApplicationSteps.take(world, audience, this, u, kind, partner); }

    // ------------------------------------------------------------------ enabled choices

    /**
     * Encodes u's enabled choices into {@code buf} (see {@link #decode}) and returns how many.
     * Order: the pending call, then receivable messages in send order, then state-guarded actions,
     * each in the protocol's action order. A node that is busy or already acted this round has none.
     */
    public int enumerate(int u, int[] buf) {
        return enabling.enumerate(u, buf, false);
    }

    /**
     * Like {@link #enumerate(int, int[])} but leaves out state-guarded choices whose execution
     * would change nothing (LME's CleanUp with nothing to clean). Executing such a choice is
     * indistinguishable from not activating the node, so a scheduler that skips it is still a
     * valid, weakly fair adversary — and a much less boring one.
     */
    public int enumerateEffective(int u, int[] buf) {
        return enabling.enumerateEffective(u, buf);
    }

    /** The choice for a code produced by {@link #enumerate}. */
    public Choice decode(int u, int code) {
        return enabling.decode(u, code);
    }

    /** Every enabled choice of node u (draws left to the random stream). */
    public List<Choice> choices(int u) {
        return enabling.choices(u);
    }

    /** Every enabled choice of every node, by node. */
    public List<Choice> choices() {
        List<Choice> out = new ArrayList<>();
        for (int u = 0; u < n; u++) out.addAll(enabling.choices(u));
        return out;
    }

    public boolean enabled(int u) {
        return enabling.enumerate(u, new int[0], false) > 0;
    }

    /**
     * The domain sizes of the random draws the choice's execution would make, e.g. {@code [K]}
     * for LME's CheckStart. Found by a dry run, so the adversary can pick each value
     * ({@link Choice#withDraws}). A protocol must not make the number or bounds of its draws
     * depend on earlier draw values; the real execution verifies it.
     */
    public int[] drawBounds(Choice c) {
        return enabling.drawBounds(c);
    }

    /**
     * Null if the choice's fixed draws are what its execution draws (as many values, each within
     * its bound; also null without fixed draws), else a sentence naming the allowed ranges: the
     * check a scripted step or a restored manual choice needs before it runs.
     */
    public String drawsProblem(Choice c) {
        return enabling.drawsProblem(c);
    }

    /** Whether executing the choice would change the configuration (state, messages or calls). */
    public boolean effective(Choice c) {
        return enabling.effective(c);
    }

    /**
     * Whether some node could execute an action, at the start of the next round, that changes the
     * configuration. Used at the end of a round by the deadlock check.
     */
    @Override
    public boolean anyEffectiveChoice() {
        return enabling.anyEffectiveChoice();
    }

    /** Null if the choice can be executed now, otherwise a sentence saying why not. */
    public String whyNotEnabled(Choice c) {
        return enabling.whyNotEnabled(c);
    }

    // ------------------------------------------------------------------ executions

    /** Off: every choice takes the full check, even one its node's fresh listing holds (tests compare both). */
    void trustListings(boolean on) { enabling.trustListings = on; }

    /** Executes the choice now, within the current round (semi-synchronous), and returns what it did. */
    public ExecutionRecord execute(Choice c) {
        return executions.execute(c, enabling.requireEnabled(c), true);
    }

    /**
     * Executes the choice like {@link #execute} but returns nothing: no {@link ExecutionRecord} is
     * made unless a listener hears of it. What drivers that ignore the record call (the engine, a
     * session's stepper, the explorer), so a run nobody watches allocates no per-execution record.
     */
    public void act(Choice c) {
        executions.execute(c, enabling.requireEnabled(c), false);
    }

    /**
     * Executes the choices one after another as {@link #act} would, all within the current round:
     * run ahead on the {@link #workers} if {@link #runAhead} and they are executions of distinct nodes (see
     * {@link ParallelRound}), with the same outcome, message ids, random stream, records and
     * violations as on one thread; one by one otherwise.
     */
    public void act(List<Choice> choices) {
        parallel.act(choices, workers);
    }

    /**
     * {@link #act(List)} of the {@link #decode decoded} choices {@code (nodes[i], codes[i])}, i &lt; count, as a
     * scheduler listed them just now: one its node's listing still holds is not looked up again.
     */
    public void actListed(int[] nodes, int[] codes, int count) {
        parallel.act(nodes, codes, count, workers);
    }

    /**
     * Lists on the {@link #workers} the enabled choices (effective ones only, or all) of every
     * node whose listing is not kept, so that a scheduler asking node after node finds them
     * listed: what a policy calls before walking all nodes (through the {@link Listings} returned).
     * Nothing observable changes; with one thread it does nothing and nodes are listed when asked.
     */
    public Listings listChoicesAhead(boolean effectiveOnly) {
        return enabling.listAhead(workers, effectiveOnly, parallel.grain);
    }

    /**
     * Starts an asynchronous execution of the choice lasting {@code duration} ≥ 1 rounds: it sees
     * the configuration now and takes effect at the end of round {@code round + duration - 1}.
     */
    public void start(Choice c, int duration) {
        if (duration < 1) throw new IllegalArgumentException("duration must be ≥ 1");
        executions.start(c, enabling.requireEnabled(c), duration);
    }

    /** Finishes every asynchronous execution due in this round, in node order. */
    public List<ExecutionRecord> commitDue() {
        return executions.commitDue();
    }

    /** Ends the current round: finishes due asynchronous executions, runs the checks, advances time. */
    public List<Violation> endRound() {
        commitDue();
        List<Violation> found = world.checks.endOfRound(this, audience);
        world.changes.clear();
        for (SimulationListener l : audience.all()) l.roundEnded(world.round);
        if (world.graph.historyWorthPruning()) world.graph.forgetHistoryBefore(world.oldestOpenRequest());
        world.graph.settle();
        world.channels.settle(workers);
        world.acquiredCount = 0;
        world.executionsThisRound = 0;
        world.choiceCache.endRound();
        world.nextRound();
        return found;
    }

    // ------------------------------------------------------------------ SystemView

    @Override public int nodeCount() { return n; }

    @Override public int delta() { return delta; }

    @Override public int round() { return world.round; }

    @Override public String nodeName(int u) { return config.names().get(u); }

    @Override public String region(int u) { return world.region(u); }

    @Override public int regionSince(int u) { return world.regionSince(u); }

    @Override public NodeState state(int u) { return world.states[u]; }

    /**
     * Node u's state before its execution under way, if any (an execution started this round and
     * due at its end already shows in {@link #state}): what the node was when nothing of it is done.
     */
    public NodeState stateBefore(int u) {
        StagedExecution f = world.inFlight(u);
        return f != null && f.before != null ? f.before : world.states[u];
    }

    @Override public int peer(int u, int port) { return world.graph.peer(u, port); }

    @Override public int peerPort(int u, int port) { return world.graph.peerPort(u, port); }

    @Override public int portTo(int u, int v) { return world.graph.portTo(u, v); }

    @Override public long ports(int u) { return world.graph.ports(u); }
    @Override public long linkedSince(int u, int round) { return world.graph.linkedSince(u, round); }

    @Override public long unprocessedDisconnections(int u) { return world.unprocessedDisconnections(u); }

    @Override public int inTransit(int u, int port) { return world.channels.count(u, port); }

    @Override public long totalInTransit() { return world.channels.total(); }

    @Override
    public void messagesInTransit(int u, java.util.function.Consumer<Message> each) {
        Channels c = world.channels;
        for (int k = c.first(u); k >= 0; k = c.next(k)) each.accept(c.message(k));
    }

    @Override public long tokensLost() { return world.stats.tokensLost; }

    @Override public int executionsInFlight() { return world.inFlightCount; }

    @Override public OperationStatus status(int u) { return world.status(u); }

    /** Round in which u's operation status last changed (e.g. when it acquired its locks). */
    @Override public int statusSince(int u) { return world.statusSince.get(u); }

    @Override public int requestRound(int u) { return world.requestRound.get(u); }

    @Override public long persistentPorts(int u) { return world.persistentPorts.get(u); }

    @Override public int[] changedThisRound() { return world.changes.sorted(); }

    @Override public int[] acquiredThisRound() { return Arrays.copyOf(world.acquired, world.acquiredCount); }

    /** Whether any node has a pending Lock or Unlock operation. */
    public boolean anyPendingOperation() { return world.anyPendingOperation(); }
}
