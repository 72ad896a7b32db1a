package dev.lockstep.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A round's planned executions on several threads, with everything observable exactly as if
 * {@link Executions#execute} had run them one after another in plan order.
 *
 * <p>Why that holds (Sec. 2.1): when every execution of the plan is synchronous and no node
 * appears twice, execution i reads only its own node's state, the message it receives (sent in
 * an earlier round), its pending call and its port, D and connection snapshots. The executions
 * before it in the plan change none of these: they write their own nodes' states and calls, and
 * the messages they send are appended to inboxes (so positions in them stay put) and cannot be
 * received before the next round (nor, with FIFO channels, hold back an older message). So
 * execution i gives the same result whether it runs at its turn or before any of them.
 *
 * <p>Phase 1, on the workers: each execution is re-validated and its operation runs on a copy of
 * the node's state with a context of the worker's own, keeping the new state, events and sends;
 * nothing shared is written (no channel, no touch, no counter, no random stream). An operation
 * that wants a draw from the simulation's random stream (whose position depends on the draws
 * before it in plan order), fails, or is refused is dropped and redone at its turn. Phase 2, on
 * the caller's thread, in plan order: each execution either commits what phase 1 kept
 * ({@link Executions#executeRan}: the same snapshots, channel removal, message ids, statistics,
 * touches, listener records and live checks, in the same order) or runs as ever. So message ids,
 * the random stream, traces, violations and listener calls do not depend on the thread count.
 *
 * <p>The copy of the state is what phase 1 costs beyond the operation: a plan of choices gets a
 * fresh copy that becomes the node's state (nothing keeps the old object: a synchronous
 * execution leaves no stateBefore); a listed plan ({@link #act(int[], int[], int, Workers)}) works on scratch states
 * kept per plan position and copies the result back. Measured on LME, whose operations are a
 * few bit operations, the copies and the states' trips between the workers' cores and the
 * committing one cost more than phase 1 saves the caller's thread, even without garbage, so it
 * is off unless asked for ({@link Simulation#runAhead}): it pays for operations
 * that cost more than copying their state. A listed plan nobody listens to goes to
 * {@link InPlaceRound} first if asked ({@link Simulation#inPlaceRounds}), which runs the operations on the nodes' own states
 * and leaves the caller only the commits; run-ahead is then only for plans of choices and runs
 * with listeners. Either way, if asked ({@link #deferSends}), a listed plan's commits may record
 * their sends and leave the appends to the workers after the plan ({@link DeferredSends}).
 */
final class ParallelRound {
    /** Executions a thread takes at least by default: fewer are not worth handing over. */
    static final int GRAIN = 256;

    private final SimulationState world;
    private final ActionTable actions;
    private final EnabledChoices enabling;
    private final Executions executions;
    private final ExecutionContext ctx;
    private final Audience audience;
    /** Executions (and nodes to list) a thread takes at least; see {@link Simulation#parallelGrain}. */
    int grain = GRAIN;
    /** Whether phase 1 runs at all; see {@link Simulation#runAhead}. */
    boolean enabled;
    /**
     * Whether a listed plan's commits leave their sends to be appended after it where it
     * qualifies ({@link #defers}): {@link #APPEND_AT_ONCE} (the default), {@link #DEFER} or
     * {@link #DEFER_COUNTING_AHEAD} ({@link Simulation#deferredSends}; the bench's
     * {@code lme --defer-sends}). Off by default: on the 2-core machine the checks after each
     * execution still read each receiver's row on the caller's thread, so the caller saves only
     * the appends' writes, which the record and the workers' two reads of it cost back, and the
     * record held 46 bytes a node more at a million nodes (PERFORMANCE.md "Parallel rounds").
     */
    int deferSends = APPEND_AT_ONCE;
    static final int APPEND_AT_ONCE = 0;
    static final int DEFER = 1;
    /**
     * {@link #DEFER}, and the workers read the counts the transit checks will ask for before the
     * plan ({@link DeferredSends#start}): that takes the caller's last reads of its neighbours'
     * rows off it, but reads every port's where the caller reads only the sent ones: on 2 cores the
     * workers spend more than the caller saves (PERFORMANCE.md "Parallel rounds"), so only on request.
     */
    static final int DEFER_COUNTING_AHEAD = 2;
    /**
     * Whether a listed plan run one by one, nobody listening, takes {@link QuietExecutions}' straight
     * line (the default) or {@link Executions#executeAt}'s general one (tests compare the two).
     */
    boolean quiet = true;
    /** Listed plans whose sends were appended after them, so far (for tests). */
    long deferred;
    /** A listed plan's executions on the workers in place, where it qualifies (before phase 1 here is considered). */
    final InPlaceRound inPlace;
    /** Executions committed as phase 1 here ran them, so far. */
    long ranAhead;
    private final DistinctNodes distinct = new DistinctNodes();
    /** A listed plan's phase 1, by plan position, reused round after round (see {@link #executeListed(int[], int[], int, Workers)}). */
    private StagedExecution[] staged = new StagedExecution[0];
    /** Per plan position: phase 1's message position, or {@link EnabledChoices#UNPROVEN} to redo at its turn. */
    private int[] ranAt = new int[0];
    /** Per plan position: the state object phase 1 works on, round after round. */
    private NodeState[] spare = new NodeState[0];

    ParallelRound(SimulationState world, ActionTable actions, EnabledChoices enabling, Executions executions,
                  ExecutionContext ctx, Audience audience) {
        this.world = world;
        this.actions = actions;
        this.enabling = enabling;
        this.executions = executions;
        this.ctx = ctx;
        this.audience = audience;
        this.inPlace = new InPlaceRound(world, actions, enabling, executions, ctx, audience, this::executeListed);
    }

    /** {@link Simulation#act(List)}: on the workers if {@link #execute} takes them, else one by one. */
    void act(List<Choice> choices, Workers workers) {
        if (!execute(choices, workers)) for (Choice c : choices) executions.execute(c, enabling.requireEnabled(c), false);
    }

    /**
     * {@link Simulation#actListed}: each node's code is its listing's word, so phase 1 and the
     * commit read the message at the position it names. The tests that turn trust in listings
     * off get {@link #act(List)} of the choices decoded now, before any runs, as a plan of
     * choices holds them.
     */
    void act(int[] nodes, int[] codes, int count, Workers workers) {
        if (!enabling.trustListings) {
            List<Choice> choices = new ArrayList<>(count);
            for (int i = 0; i < count; i++) choices.add(enabling.decode(nodes[i], codes[i]));
            act(choices, workers);
        } else {
            boolean defer = defers(nodes, count, workers);
            if (defer) {
                // the counts ahead cost the workers a read of every planned node's neighbours' rows, the
                // caller one for each send's: only where the workers do it (an in-place round changes the rows ahead of its commits)
                boolean ahead = deferSends == DEFER_COUNTING_AHEAD && !inPlace.enabled;
                executions.deferSends(nodes, codes, count, workers, grain, ahead);
                deferred++;
            }
            try {
                if (!inPlace.execute(nodes, codes, count, workers, grain) && !executeListed(nodes, codes, count, workers)) {
                    if (quiet && executions.quietApplies()) executeQuietly(nodes, codes, count);
                    else for (int i = 0; i < count; i++) executeListed(nodes[i], codes[i]);
                }
            } finally {
                // also when an execution failed: one thread had appended the sends of those before it
                if (defer) executions.appendDeferred(workers, grain, true);
            }
        }
    }

    /**
     * Whether this listed plan's sends wait and are appended after it ({@link DeferredSends}): on,
     * workers to share the appends (on one thread they would come in the same order as at once,
     * after a record and two reads of it), nobody listening (a record holds its sends' envelopes
     * at once), checks after executions that read the counts in transit only (a view adds the
     * waiting ones), distinct nodes.
     */
    private boolean defers(int[] nodes, int count, Workers workers) {
        return deferSends != APPEND_AT_ONCE && workers.threads() > 1 && count >= 2 * grain && audience.all().isEmpty()
                && world.checks.watchersReadTransitOnly() && distinctNodes(nodes, count);
    }

    /**
     * One listed choice at its turn: straight from the listing if it still holds it, else checked
     * in full as the message now at the code's position (none if there is none, or if the node
     * cannot act anyway: the refusal names why not, not a message that was never looked up).
     * Only a node changed since it was listed lands there, which the engine never lets happen.
     */
    void executeListed(int u, int code) {
        int at = enabling.listed(u, code);
        if (at == EnabledChoices.UNPROVEN) {
            // it reads u's row in full (and may list u again): with the sends so far in it, as on one thread
            if (executions.deferred.on) executions.appendDeferred(Workers.SINGLE, grain, false);
            int box = code >>> 8;
            boolean idle = world.inFlight(u) == null && !world.startedThisRound(u);
            Envelope m = box == 0 || !idle || box > world.channels.size(u) ? null : world.channels.get(u, box - 1);
            Choice c = new Choice(u, code & 0xFF, m, null);
            executions.execute(c, enabling.requireEnabled(c), false);
        } else {
            executions.executeAt(u, code & 0xFF, at);
        }
    }

    /**
     * {@link #executeListed(int, int)} of each planned node in turn, nobody listening and nothing
     * deferred ({@link Executions#quietApplies}): a choice its fresh listing holds goes the straight
     * line, any other the full check as ever. Nothing in the plan adds a listener or defers sends.
     */
    private void executeQuietly(int[] nodes, int[] codes, int count) {
        QuietExecutions straight = executions.quiet;
        EnabledChoices checked = enabling;
        for (int i = 0; i < count; i++) {
            int u = nodes[i];
            int code = codes[i];
            int at = checked.listed(u, code);
            if (at == EnabledChoices.UNPROVEN) executeListed(u, code);
            else straight.execute(u, code & 0xFF, at);
        }
    }

    /**
     * Executes the synchronous choices as {@link Executions#execute} would one after another, on
     * {@code workers}' threads; returns false, having done nothing, if this plan does not qualify
     * (one thread, too few executions, a node twice): then the caller runs them one by one.
     */
    boolean execute(List<Choice> choices, Workers workers) {
        int k = choices.size();
        if (!qualifies(k, workers)) return false;
        int[] nodes = new int[k];
        for (int i = 0; i < k; i++) nodes[i] = choices.get(i).node();
        if (!distinctNodes(nodes, k)) return false;
        StagedExecution[] ran = new StagedExecution[k];
        int[] at = new int[k];
        workers.forRange(k, grain, (from, to) -> {
            ExecutionContext mine = ctx.another();
            mine.local(true); // a draw from the stream throws: redone at its turn
            for (int i = from; i < to; i++) ran[i] = runLocally(choices.get(i), mine, at, i);
        });
        for (int i = 0; i < k; i++) {
            Choice c = choices.get(i);
            StagedExecution f = ran[i];
            ran[i] = null;
            if (f == null) executions.execute(c, enabling.requireEnabled(c), false);
            else {
                executions.executeRan(c.node(), c.action(), c.message(), at[i], f, false);
                ranAhead++;
            }
        }
        return true;
    }

    private boolean qualifies(int k, Workers workers) {
        return enabled && workers.threads() > 1 && k >= 2 * grain;
    }

    /**
     * {@link #execute} of a listed plan without a Choice, a state or a send array per execution
     * ({@link NodeState#copyInto}): phase 1 works on a state object of its plan position's, kept
     * round after round, and the commit copies the result back into the node's own object. So a
     * node keeps its state object (and its place in memory, near its neighbours': swapping the
     * objects scattered the states and cost more in cache misses than it saved), and nothing
     * outside this class ever sees the scratch objects.
     */
    private boolean executeListed(int[] nodes, int[] codes, int k, Workers workers) {
        if (!qualifies(k, workers) || !distinctNodes(nodes, k)) return false;
        if (staged.length < k) {
            staged = Arrays.copyOf(staged, k);
            ranAt = new int[k];
            spare = Arrays.copyOf(spare, k);
        }
        StagedExecution[] ran = staged;
        int[] at = ranAt;
        NodeState[] into = spare;
        workers.forRange(k, grain, (from, to) -> {
            ExecutionContext mine = ctx.another();
            mine.local(true);
            for (int i = from; i < to; i++) at[i] = runListed(nodes[i], codes[i], mine, i, ran, into);
        });
        NodeState[] states = world.states;
        for (int i = 0; i < k; i++) {
            int u = nodes[i];
            if (at[i] == EnabledChoices.UNPROVEN) {
                executeListed(u, codes[i]);
                continue;
            }
            StagedExecution f = ran[i];
            f.state = f.state.copyInto(states[u]);
            executions.executeRan(u, codes[i] & 0xFF, f.received, at[i], f, false);
            f.state = null;
            f.received = null;
            ranAhead++;
        }
        return true;
    }

    /** Phase 1 of a listed choice into {@code ran[i]}: its message position, or {@link EnabledChoices#UNPROVEN}. */
    private int runListed(int u, int code, ExecutionContext x, int i, StagedExecution[] ran, NodeState[] into) {
        try {
            int p = enabling.listed(u, code);
            if (p == EnabledChoices.UNPROVEN) return p;
            Action<NodeState> act = actions.get(code & 0xFF);
            Envelope m = p < 0 ? null : world.channels.get(u, p);
            TimeVaryingGraph graph = world.graph;
            NodeState work = world.states[u].copyInto(into[i]);
            into[i] = work;
            x.begin(u, m, graph.pendingDisconnections(u), graph.pendingConnections(u), graph.ports(u), null, false);
            act.run(work, x);
            StagedExecution f = ran[i];
            if (f == null) ran[i] = f = new StagedExecution();
            int s = x.sendCount;
            if (f.sendPorts == null || f.sendPorts.length < s) {
                f.sendPorts = new int[Math.max(4, s)];
                f.sendMessages = new Message[Math.max(4, s)];
            }
            System.arraycopy(x.sendPorts, 0, f.sendPorts, 0, s);
            System.arraycopy(x.sendMessages, 0, f.sendMessages, 0, s);
            f.sendCount = s;
            f.state = work;
            f.received = m;
            f.events = x.events;
            f.draws = x.drawValues(); // none: a draw from the stream threw
            return p;
        } catch (RuntimeException | Error e) {
            return EnabledChoices.UNPROVEN; // at its turn it fails (or draws) again, where one thread would
        }
    }

    boolean distinctNodes(int[] nodes, int k) {
        return distinct.of(nodes, k, world.states.length);
    }

    /**
     * Phase 1 of one execution: validates it and runs its operation on a copy of the node's state
     * with {@code x}; returns what the commit needs (its message position in {@code at[i]}), or
     * null if it must run at its turn instead. Reads the simulation, writes nothing of it.
     */
    private StagedExecution runLocally(Choice c, ExecutionContext x, int[] at, int i) {
        try {
            int p = enabling.position(c);
            if (p == EnabledChoices.REFUSED) return null;
            int u = c.node();
            Action<NodeState> act = actions.get(c.action());
            TimeVaryingGraph graph = world.graph;
            NodeState work = world.states[u].copy();
            x.begin(u, act.trigger() == Action.Trigger.MESSAGE ? c.message() : null, graph.pendingDisconnections(u),
                    graph.pendingConnections(u), graph.ports(u), c.draws(), false);
            act.run(work, x);
            if (c.draws() != null && x.drawIndex != c.draws().length) return null;
            StagedExecution f = new StagedExecution();
            f.state = work;
            f.events = x.events;
            f.draws = x.drawValues();
            f.sendCount = x.sendCount;
            f.sendPorts = Arrays.copyOf(x.sendPorts, x.sendCount);
            f.sendMessages = Arrays.copyOf(x.sendMessages, x.sendCount);
            at[i] = p;
            return f;
        } catch (RuntimeException | Error e) {
            return null; // at its turn it fails (or draws) again, where one thread would
        }
    }
}
