package dev.lockstep.session;

import dev.lockstep.core.Envelope;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Sent;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Variable;
import dev.lockstep.core.Violation;
import java.util.ArrayList;
import java.util.List;

/**
 * What happened on a branch, event by event, as far as the branch reached: executions (with the
 * messages received and sent, the narration and the state after), topology changes (with the
 * messages they lost), application calls and violations. The narration log, the timeline and the
 * space-time diagram read it; going back in time does not change it, a fork cuts it.
 *
 * <p>Every event carries the {@code step} (executions begun when it happened) and the round: the
 * k-th execution has step k; an asynchronous execution is recorded when it takes effect, with the
 * step of that moment (its {@code startRound} says when it began).
 */
public final class History {
    /** A message: {@code lost} if it was sent into a severed port or lost in transit later. */
    public record Msg(long id, int from, int fromPort, int to, int toPort, String label) {}

    public sealed interface Event {
        long step();

        int round();
    }

    /** An action execution (or the end of an asynchronous one). */
    public record Executed(long step, int round, int startRound, int node, String action, Msg received, List<Msg> sent,
                           List<Msg> lostOnSend, int[] draws, String narration, List<Variable> state) implements Event {}

    public record Linked(long step, int round, int u, int pu, int v, int pv) implements Event {}

    public record Cut(long step, int round, int u, int pu, int v, int pv, List<Msg> lost) implements Event {}

    public record Moved(long step, int round, int node, double x, double y) implements Event {}

    /** The adversary destroyed a message in transit (not by a cut). */
    public record Lost(long step, int round, Msg msg) implements Event {}

    /** The adversary crashed a node; the cuts of its links follow as {@link Cut} events. */
    public record Crashed(long step, int round, int node) implements Event {}

    public record Called(long step, int round, int node, String call) implements Event {}

    /**
     * The application took a step at {@code node} (Sec. 6: an interaction begun, ended, abandoned,
     * or a lock held alone); {@code partner} −1 for none; {@code sentence} says what it did.
     */
    public record AppStep(long step, int round, int node, String kind, int partner, String sentence) implements Event {}

    public record Refused(long step, int round, String change, int u, int v, String reason) implements Event {}

    public record Violated(long step, int round, Violation violation) implements Event {}

    /**
     * A step of the run that recorded no event ({@code what}: "round 7 begins", "round 7 ends", an
     * asynchronous execution begins). Never part of a history: the debugger tests breakpoints on
     * it, so that conditions on time and state see every step, quiet ones included.
     */
    public record Tick(long step, int round, String what) implements Event {}

    private final List<Event> events;

    History() {
        this(new ArrayList<>());
    }

    private History(List<Event> events) {
        this.events = events;
    }

    /** Every event, in order. */
    public List<Event> events() {
        return java.util.Collections.unmodifiableList(events);
    }

    public int size() {
        return events.size();
    }

    /** Events up to and including step {@code step} (an execution at that step included). */
    public List<Event> upTo(long step) {
        int hi = events.size();
        int lo = 0;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (events.get(mid).step() <= step) lo = mid + 1;
            else hi = mid;
        }
        return events().subList(0, lo);
    }

    /** The execution that began at {@code step} (1-based), or null. */
    public Executed execution(long step) {
        for (Event e : upTo(step)) {
            if (e instanceof Executed x && x.step() == step) return x;
        }
        return null;
    }

    /**
     * The events up to the position right after execution {@code step}, in {@code round} (begun
     * or not): rounds in which nothing executes share a step, so the round decides among the
     * events at that step.
     */
    History copyUpTo(long step, int round, boolean begun) {
        List<Event> kept = new ArrayList<>();
        for (Event e : upTo(step)) {
            if (e.step() < step || e.round() < round || (e.round() == round && begun)) kept.add(e);
        }
        return new History(kept);
    }

    /** The first {@code count} events, as a new history. */
    History firstEvents(int count) {
        return new History(new ArrayList<>(events.subList(0, count)));
    }

    void add(Event e) {
        events.add(e);
    }

    static Msg msg(Envelope e, Interned<String> labels) {
        return new Msg(e.id(), e.from(), e.fromPort(), e.to(), e.toPort(), labels.of(e.message().label()));
    }

    /** Turns an execution into an event, with the narration computed from the state before. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Executed executed(Simulation sim, ExecutionRecord r, long step, NodeState before, List<Variable> previous,
                             Interned<Variable> variables, Interned<String> labels) {
        List<Msg> sent = new ArrayList<>();
        List<Msg> lost = new ArrayList<>();
        for (Sent s : r.sent()) {
            if (s.envelope() != null) {
                sent.add(msg(s.envelope(), labels));
            } else {
                int to = sim.peer(r.node(), s.port());
                lost.add(new Msg(-1, r.node(), s.port(), to, -1, labels.of(s.message().label())));
            }
        }
        String narration;
        try {
            narration = ((dev.lockstep.core.Protocol) sim.protocol()).presentation().narrate(r, before, sim);
        } catch (RuntimeException e) {
            narration = dev.lockstep.core.Narration.describe(r, sim);
        }
        return new Executed(step, r.round(), r.startRound(), r.node(), r.label(),
                r.received() == null ? null : msg(r.received(), labels), List.copyOf(sent), List.copyOf(lost),
                r.draws(), narration, shared(r.state().variables(), previous, variables));
    }

    /**
     * The state after an execution as a list that shares with {@code previous} (the node's state as
     * last recorded, or null) every variable whose name and value are unchanged, and is
     * {@code previous} itself when nothing changed, and {@code previous} with one change
     * ({@link ChangedState}) when one variable changed; a changed variable is the one object
     * {@code variables} keeps for its name and value. An LME execution changes about one of its
     * eleven variables, and a list of fresh formatted strings took over half of a long session's
     * history (PERFORMANCE.md, "Time travel"). Each recorded state still reads as a whole list (a
     * read follows at most {@link ChangedState#MAX_DEPTH} changes back), so no reader walks back
     * through earlier events to see it.
     */
    static List<Variable> shared(List<Variable> now, List<Variable> previous, Interned<Variable> variables) {
        boolean comparable = previous != null && previous.size() == now.size();
        Variable[] out = new Variable[now.size()];
        int changes = 0;
        int changed = -1;
        for (int i = 0; i < out.length; i++) {
            Variable v = now.get(i);
            if (comparable && v.equals(previous.get(i))) {
                out[i] = previous.get(i);
            } else {
                out[i] = variables.of(v);
                changes++;
                changed = i;
            }
        }
        if (comparable && changes == 0) return previous;
        if (comparable && changes == 1) return ChangedState.of(previous, changed, out[changed]);
        return List.of(out);
    }
}
