package dev.lockstep.core;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The enabling of choices: which node can run which action on which message now, why a given
 * choice cannot run, and what a choice would draw or change (found by a dry run on a copy of the
 * node's state). A choice is encoded in an int for allocation-free enumeration: bits 0-7 the
 * action, bits 8 and up the position + 1 of the received message in the node's channel (0: none).
 */
final class EnabledChoices {
    private final SimulationState world;
    private final ActionTable actions;
    private final ExecutionContext ctx;
    private final SimulationConfig config;
    /** Where a listing is made before the cache keeps it. */
    private int[] scratch = new int[16];
    /**
     * Whether {@link #position} takes a fresh listing's word for a choice it holds, and a listing of
     * effective choices the protocol's word on which state actions change something
     * ({@link StateEffects}) instead of dry runs (off: tests compare both ways).
     */
    boolean trustListings = true;
    /** The state a dry run works on, reused where the protocol allows (see {@link #dryRun}). */
    private NodeState dryScratch;

    EnabledChoices(SimulationState world, ActionTable actions, ExecutionContext ctx, SimulationConfig config) {
        this.world = world;
        this.actions = actions;
        this.ctx = ctx;
        this.config = config;
    }

    private String name(int u) {
        return config.names().get(u);
    }

    /**
     * With {@code nextRound}, lists what u could do at the start of the next round if nothing
     * changed meanwhile: messages sent this round count as receivable and having acted this round
     * does not matter. The deadlock check asks this at the end of a round.
     */
    int enumerate(int u, int[] buf, boolean nextRound) {
        return nextRound ? list(u, buf, true, false) : cached(u, buf, false);
    }

    /**
     * u's choices from the {@link ChoiceCache}, listed afresh only if u was touched since (or its
     * listing held for an earlier round only): a scheduler asks for every node every round, and
     * most nodes have not changed.
     */
    private int cached(int u, int[] buf, boolean effectiveOnly) {
        ChoiceCache cache = world.choiceCache;
        if (cache.fresh(u, effectiveOnly)) return cache.copy(u, buf);
        int c = listAndKeep(u, effectiveOnly);
        System.arraycopy(scratch, 0, buf, 0, Math.min(c, buf.length));
        return c;
    }

    /** Lists u's choices in this mode into {@link #scratch} and keeps them in the cache; returns how many. */
    int listAndKeep(int u, boolean effectiveOnly) {
        ChoiceCache cache = world.choiceCache;
        int[] s = scratch;
        if (roundBound(u)) { // a node that acted this round lists nothing, until the round ends
            cache.store(u, effectiveOnly, s, 0, true);
            return 0;
        }
        // the protocol's word on which state actions change something, where it gives it, instead of dry runs
        boolean decided = effectiveOnly && trustListings && actions.decidesEffects();
        int c = list(u, s, false, decided);
        if (c > s.length) {
            scratch = s = new int[c * 2];
            c = list(u, s, false, decided);
        }
        if (effectiveOnly && !decided) c = keepEffective(u, s, c);
        cache.store(u, effectiveOnly, s, c, false);
        return c;
    }

    /**
     * Whether u's listing can change with the round alone because it acted this round. A message
     * sent to u this round is the other such case: {@link ChoiceCache#arrived} marks it when it
     * arrives, and the cache marks every listing of the round in which it is made.
     */
    private boolean roundBound(int u) {
        return world.lastStart.get(u) == world.round;
    }

    /** With {@code changingOnly}, lists only the state actions that {@link ActionTable#putChangingByState} says change something. */
    private int list(int u, int[] buf, boolean nextRound, boolean changingOnly) {
        SimulationState w = world;
        int round = w.round;
        // whether u acted this round is read once, by listAndKeep (roundBound); the next round's listing ignores it
        if (w.inFlight(u) != null || w.crashed[u]) return 0;
        int when = nextRound ? round + 1 : round;
        NodeState s = w.states[u];
        int count = 0;
        ArrayDeque<Call> q = w.calls[u];
        if (q != null && !q.isEmpty()) {
            Call head = q.peekFirst();
            for (int a : actions.onCall) {
                Action<NodeState> act = actions.get(a);
                if (act.call() == head && act.guard(s, null)) count = ActionTable.put(buf, count, a);
            }
        }
        Channels channels = w.channels;
        long portsBefore = 0; // for FIFO: the ports of the messages passed
        boolean byCode = actions.codec() != null && actions.codec() == channels.codec();
        // a box is a row of consecutive slots: its i-th message is at first + i
        for (int k = channels.first(u), i = 1, end = k + channels.size(u); k < end; k++, i++) {
            boolean receivable = channels.receivable(k, when, portsBefore);
            portsBefore |= 1L << channels.toPort(k);
            if (!receivable) continue;
            int code = byCode ? channels.code(k) : -1;
            count = code >= 0 ? actions.putCoded(s, code, i, buf, count) : actions.putReceivers(s, channels.message(k), i, buf, count);
        }
        if (changingOnly) return actions.putChangingByState(s, w.graph, u, buf, count);
        return actions.putByState(s, buf, count);
    }

    /**
     * Lists, on {@code workers}' threads, every node whose listing in this mode is not in the
     * cache, so that a scheduler walking the nodes in order (drawing its random numbers in that
     * order, on the caller's thread) finds every listing made. Listing is a pure read of a node's
     * state, calls, inbox and ports (a dry run draws no random number), so who lists a node and
     * when changes nothing but the time it takes. Each thread works on whole 64-node words of the
     * cache's bit sets with its own context and scratch space: no two threads write the same slot.
     */
    Listings listAhead(Workers workers, boolean effectiveOnly, int grain) {
        Listings listed = new Listings(world, effectiveOnly, u -> listAndKeep(u, effectiveOnly));
        if (workers.threads() == 1) return listed; // the scheduler lists lazily, as ever
        ChoiceCache cache = world.choiceCache;
        cache.allocated();
        int n = world.states.length;
        int words = (n + 63) >>> 6;
        // only the words from the first to the last with a node to list go to the threads (none: no hand-over)
        int first = 0;
        while (first < words && todo(cache, first, effectiveOnly, n) == 0) first++;
        if (first == words) return listed;
        int last = words - 1;
        while (todo(cache, last, effectiveOnly, n) == 0) last--;
        int base = first;
        workers.forRange(last + 1 - first, Math.max(1, grain / 64), (from, to) -> {
            EnabledChoices mine = new EnabledChoices(world, actions, ctx.another(), config);
            for (int w = base + from; w < base + to; w++) {
                for (long todo = todo(cache, w, effectiveOnly, n); todo != 0; todo &= todo - 1) {
                    mine.listAndKeep(w << 6 | Long.numberOfTrailingZeros(todo), effectiveOnly);
                }
            }
        });
        return listed;
    }

    /** The nodes of word w (of n nodes) whose listing in this mode is not known. */
    private static long todo(ChoiceCache cache, int w, boolean effectiveOnly, int n) {
        return cache.unknown(w, effectiveOnly) & (w == (n - 1) >>> 6 ? -1L >>> -n : -1L);
    }

    int enumerateEffective(int u, int[] buf) {
        return cached(u, buf, true);
    }

    /** Leaves in {@code buf} only those of its {@code c} codes whose execution would change something; returns how many. */
    private int keepEffective(int u, int[] buf, int c) {
        int w = 0;
        for (int i = 0; i < c; i++) {
            int code = buf[i];
            if ((code >>> 8) == 0 && actions.get(code & 0xFF).trigger() == Action.Trigger.STATE
                    && !dryRun(u, code & 0xFF, null, null)) {
                continue;
            }
            buf[w++] = code;
        }
        return w;
    }

    Choice decode(int u, int code) {
        int box = code >>> 8;
        return new Choice(u, code & 0xFF, box == 0 ? null : world.channels.get(u, box - 1), null);
    }

    List<Choice> choices(int u) {
        int[] buf = new int[16];
        int c = enumerate(u, buf, false);
        if (c > buf.length) {
            buf = new int[c];
            enumerate(u, buf, false);
        }
        List<Choice> out = new ArrayList<>(c);
        for (int i = 0; i < c; i++) out.add(decode(u, buf[i]));
        return out;
    }

    int[] drawBounds(Choice c) {
        requireEnabled(c);
        dryRun(c.node(), c.action(), c.message(), c.draws());
        return ctx.bounds();
    }

    String drawsProblem(Choice c) {
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
        String what = actions.get(c.action()).label() + " at " + name(c.node()) + " makes "
                + (bounds.length == 0 ? "no random draw" : bounds.length + " random draw" + (bounds.length == 1 ? "" : "s")
                + ", in " + ranges);
        return "draws " + Arrays.toString(given) + " do not fit: " + what
                + (given.length != bounds.length ? " (" + given.length + " value" + (given.length == 1 ? "" : "s") + " given)" : "");
    }

    boolean effective(Choice c) {
        requireEnabled(c);
        return dryRun(c.node(), c.action(), c.message(), c.draws());
    }

    boolean anyEffectiveChoice() {
        int[] buf = new int[16];
        for (int u = 0, n = world.states.length; u < n; u++) {
            int c = enumerate(u, buf, true);
            if (c > buf.length) {
                buf = new int[c];
                enumerate(u, buf, true);
            }
            for (int i = 0; i < c; i++) {
                Choice d = decode(u, buf[i]);
                if (dryRun(u, d.action(), d.message(), null)) return true;
            }
        }
        return false;
    }

    /**
     * Runs action {@code a} on a copy of u's state (receiving {@code m}, drawing {@code draws} or
     * zeros); true if anything would change. The copy is written over this listing's scratch state
     * where the protocol's state allows it ({@link NodeState#copyInto}): nothing the operation
     * did to it outlives the dry run, which needs only the state's equality afterwards.
     */
    private boolean dryRun(int u, int a, Envelope m, int[] draws) {
        NodeState before = world.states[u];
        NodeState work = before.copyInto(dryScratch);
        dryScratch = work;
        Action<NodeState> act = actions.get(a);
        TimeVaryingGraph graph = world.graph;
        ctx.begin(u, m, graph.pendingDisconnections(u), graph.pendingConnections(u), graph.ports(u), draws, true);
        act.run(work, ctx);
        if (act.trigger() != Action.Trigger.STATE) return true; // a call or a message is consumed
        return ctx.sendCount > 0 || !work.equals(before);
    }

    /**
     * Checks that the choice can run now and returns its message's position in the node's channel
     * ({@link #NO_MESSAGE} when it receives none), so the execution need not look it up again.
     * The sentence saying why not is built only for a refused choice: the core re-validates every
     * choice it listed itself, and that must cost no strings.
     */
    int requireEnabled(Choice c) {
        int at = position(c);
        if (at == REFUSED) throw new IllegalArgumentException(whyNotEnabled(c));
        return at;
    }

    static final int NO_MESSAGE = -1;
    static final int REFUSED = -2;
    /** {@link #listedPosition}'s answer when the cache proves nothing: the full check decides. */
    static final int UNPROVEN = -3;

    /**
     * Like {@link #listedPosition} for a choice known by its code ({@link #enumerate}'s): its
     * message position if u's listing is fresh and holds the code, else {@link #UNPROVEN}. The
     * code names the position itself, so nothing is looked up in the channel.
     */
    int listed(int u, int code) {
        ChoiceCache cache = world.choiceCache;
        return trustListings && cache.holds(u, code) ? (code >>> 8) - 1 : UNPROVEN;
    }

    /**
     * The choice's message position if u's listing in the {@link ChoiceCache} is fresh and holds
     * it (action a receiving the message with e's id, or a without a message), else
     * {@link #UNPROVEN}. A fresh listing is what listing u now would give (the cache's rule, tested
     * by {@code ChoiceCacheTest}), and it lists a choice only if the full check accepts it with
     * that position: so a choice the core listed and nothing touched since needs no second look
     * at its guard and message, wherever it comes from. Anything else (a stale listing, a choice
     * it does not hold) takes the full check, so a refused choice is refused as before.
     */
    private int listedPosition(int u, int a, Envelope e) {
        ChoiceCache cache = world.choiceCache;
        if (!cache.current(u)) return UNPROVEN;
        for (int k = 0, c = cache.count(u); k < c; k++) {
            int code = cache.code(u, k);
            if ((code & 0xFF) != a) continue;
            int box = code >>> 8;
            if (box == 0) return e == null ? NO_MESSAGE : UNPROVEN;
            if (e == null) return UNPROVEN;
            Channels channels = world.channels;
            if (channels.id(channels.slot(u, box - 1)) == e.id()) return box - 1; // read from the table: no envelope made
        }
        return UNPROVEN;
    }

    /** {@link #whyNotEnabled}'s decision without its sentence: the message's position, or {@link #REFUSED}. A pure read. */
    int position(Choice c) {
        int u = c.node();
        int round = world.round;
        if (u < 0 || u >= world.states.length || c.action() < 0 || c.action() >= actions.size()) return REFUSED;
        int listed = trustListings ? listedPosition(u, c.action(), c.message()) : UNPROVEN;
        if (listed != UNPROVEN) return listed;
        if (world.inFlight(u) != null || world.lastStart.get(u) == round) return REFUSED;
        Action<NodeState> act = actions.get(c.action());
        NodeState s = world.states[u];
        Envelope e = c.message();
        switch (act.trigger()) {
            case CALL -> {
                ArrayDeque<Call> q = world.calls[u];
                boolean ok = e == null && q != null && !q.isEmpty() && q.peekFirst() == act.call() && act.guard(s, null);
                return ok ? NO_MESSAGE : REFUSED;
            }
            case MESSAGE -> {
                if (e == null) return REFUSED;
                Channels channels = world.channels;
                int i = channels.indexOf(u, e.id());
                if (i < 0 || !channels.receivable(u, i, round)) return REFUSED;
                Message m = channels.message(channels.slot(u, i));
                return act.accepts(m) && act.guard(s, m) ? i : REFUSED;
            }
            default -> {
                return e == null && act.guard(s, null) ? NO_MESSAGE : REFUSED;
            }
        }
    }

    String whyNotEnabled(Choice c) {
        int u = c.node();
        int round = world.round;
        if (u < 0 || u >= world.states.length) return "no node " + u;
        if (c.action() < 0 || c.action() >= actions.size()) return "no action " + c.action();
        Action<NodeState> act = actions.get(c.action());
        String what = act.label() + " at " + name(u);
        if (world.inFlight(u) != null) return what + ": the node is still executing an action";
        if (world.lastStart.get(u) == round) return what + ": the node already acted in round " + round;
        NodeState s = world.states[u];
        switch (act.trigger()) {
            case CALL -> {
                if (c.message() != null) return what + ": a call action receives no message";
                ArrayDeque<Call> q = world.calls[u];
                if (q == null || q.isEmpty() || q.peekFirst() != act.call()) {
                    return what + ": no pending " + act.call().json() + " call";
                }
                if (!act.guard(s, null)) return what + ": guard is false";
            }
            case MESSAGE -> {
                if (c.message() == null) return what + ": needs a message to receive";
                Channels channels = world.channels;
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
}
