package dev.lockstep.session;

import dev.lockstep.core.Envelope;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Sent;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Variable;
import dev.lockstep.core.Violation;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;

/**
 * What happened on a branch, event by event, as far as the branch reached: executions (with the
 * messages received and sent, the narration and the state after), topology changes (with the
 * messages they lost), application calls and violations. The narration log, the timeline and the
 * space-time diagram read it; going back in time does not change it, a fork cuts it.
 *
 * <p>Every event carries the {@code step} (executions begun when it happened) and the round: the
 * k-th execution has step k; an asynchronous execution is recorded when it takes effect, with the
 * step of that moment (its {@code startRound} says when it began).
 *
 * <p>A long session records more than memory holds (about 400 bytes an execution; a 1,000-node
 * run playing in the window records 6,000 executions a second). So the history keeps its recent
 * events, past a bound the oldest whole segments (the events from one checkpoint to the next)
 * are dropped to their steps and kinds, and reading a dropped event replays its segment from the
 * checkpoint ({@link SegmentSource}, {@code Replay}). Readers ask for what they show: a step's events,
 * a range of steps, the kinds, the last lines back from a moment.
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

    /** What an event is, kept for every event so that scanning a history's marks never replays one. */
    public enum Kind {
        EXECUTED, LINKED, CUT, MOVED, LOST, CRASHED, CALLED, APPLICATION, REFUSED, VIOLATED, OTHER;

        private static final Kind[] ALL = values();

        public static Kind of(Event e) {
            if (e instanceof Executed) return EXECUTED;
            if (e instanceof Linked) return LINKED;
            if (e instanceof Cut) return CUT;
            if (e instanceof Moved) return MOVED;
            if (e instanceof Lost) return LOST;
            if (e instanceof Crashed) return CRASHED;
            if (e instanceof Called) return CALLED;
            if (e instanceof AppStep) return APPLICATION;
            if (e instanceof Refused) return REFUSED;
            if (e instanceof Violated) return VIOLATED;
            return OTHER;
        }

        /** A change of the topology (a link, cut, move, loss in transit or crash): the timeline marks these. */
        public boolean topology() {
            return this == LINKED || this == CUT || this == MOVED || this == LOST || this == CRASHED;
        }
    }

    /** The events from {@link #offset} on, as recorded; those before were dropped (see {@link #segment}). */
    private List<Event> live;
    private int offset;
    /** steps[i]: the step of event i, dropped or not, so that finding a step never replays. */
    private long[] steps;
    /** kinds[i]: the {@link Kind} of event i, by ordinal. */
    private byte[] kinds;
    private int size;
    /**
     * The segments: segment k is the events from index segStart[k] on, of the rounds from
     * segRound[k] (a checkpoint's round) on; the last segment is still being recorded. Segments
     * below {@link #dropped} are kept as their bounds alone and replayed when read.
     */
    private int[] segStart = {0};
    private int[] segRound = {0};
    private int segments = 1;
    private int dropped;
    /** Recorded events kept in memory: past this, whole old segments are dropped. */
    private int keep = defaultKeep();
    private SegmentSource<Event> source;
    /** The history this one was copied from (a fork's branch), and how many of its first events this one shares. */
    private History parent;
    private int parentShare;
    /** Dropped segments being read again (at most a quarter of {@link #keep} events, but one segment). */
    private final ReplayedSegments<Event> replayed = new ReplayedSegments<>();
    /** roundFirst[r]: the index of the first event of round r (its begin), for the rounds reached. */
    private int[] roundFirst = new int[16];
    private int rounds;
    private final List<Event> view = new AbstractList<>() {
        @Override
        public Event get(int i) {
            return event(i);
        }

        @Override
        public int size() {
            return size;
        }
    };

    History() {
        this.live = new ArrayList<>();
        this.steps = new long[64];
        this.kinds = new byte[64];
    }

    /**
     * A quarter of what Java may use, at a kilobyte an event (they take about 400 bytes): a 4 GB
     * heap keeps the last million events, older ones are replayed when read.
     */
    static int defaultKeep() {
        return (int) Math.max(50_000, Math.min(Integer.MAX_VALUE, Runtime.getRuntime().maxMemory() / 4 / 1024));
    }

    /** Where dropped segments are replayed from (the branch's checkpoints and inputs). */
    void source(SegmentSource<Event> s) {
        source = s;
    }

    /** At most {@code events} recorded events stay in memory (tests use a few hundred). */
    void keep(int events) {
        keep = events;
    }

    /** Every event, in order (old ones replayed from a checkpoint when read, see {@link #segment}). */
    public List<Event> events() {
        return view;
    }

    public int size() {
        return size;
    }

    /** The step of event {@code i}, without replaying a dropped one. */
    public long step(int i) {
        if (i < 0 || i >= size) throw new IndexOutOfBoundsException(i);
        return steps[i];
    }

    /**
     * How many first events this history and {@code other} share: both are branches of one session
     * and one was copied from the other, or both from a third, when a fork cut it. A reader that
     * built something from one can keep what it built from the shared events (rebuilding it from
     * the start would replay a long session's dropped events).
     */
    public int sharedPrefix(History other) {
        Map<History, Integer> mine = new IdentityHashMap<>();
        int share = size;
        for (History h = this; h != null; h = h.parent) {
            mine.put(h, share);
            share = Math.min(share, h.parentShare);
        }
        share = other.size;
        for (History h = other; h != null; h = h.parent) {
            Integer m = mine.get(h);
            if (m != null) return Math.min(m, share);
            share = Math.min(share, h.parentShare);
        }
        return 0;
    }

    /** The kind of event {@code i}, without replaying a dropped one. */
    public Kind kind(int i) {
        if (i < 0 || i >= size) throw new IndexOutOfBoundsException(i);
        return Kind.ALL[kinds[i]];
    }

    /** Events up to and including step {@code step} (an execution at that step included). */
    public List<Event> upTo(long step) {
        return view.subList(0, countUpTo(step));
    }

    /**
     * The events stamped with steps {@code first} to {@code last}: a reader that looks at a few
     * rounds reads those alone (a long session's old events are replayed when read).
     */
    public List<Event> between(long first, long last) {
        int from = countUpTo(first - 1);
        return view.subList(from, Math.max(from, countUpTo(last)));
    }

    /** How many events are stamped with a step up to {@code step}. */
    int countUpTo(long step) {
        int hi = size;
        int lo = 0;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (steps[mid] <= step) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** The execution that began at {@code step} (1-based), or null. */
    public Executed execution(long step) {
        int end = countUpTo(step);
        for (int i = end - 1; i >= 0 && steps[i] == step; i--) {
            if (event(i) instanceof Executed x) return x;
        }
        return null;
    }

    /** Segments dropped from memory (replayed when read): for tests and the bench. */
    int droppedSegments() {
        return dropped;
    }

    /** Events held in memory as recorded (the others are replayed when read). */
    public int inMemory() {
        return live.size();
    }

    private Event event(int i) {
        if (i < 0 || i >= size) throw new IndexOutOfBoundsException(i);
        if (i >= offset) return live.get(i - offset);
        int k = segmentOf(i);
        int r = roundOf(i, k);
        IntUnaryOperator firstOf = round -> round == segRound[k] ? segStart[k] : roundFirst[round];
        return replayed.get(source, k, i, segRound[k], segRound[k + 1], r, firstOf, segStart[k + 1], keep / 4);
    }

    /** The segment holding event i. */
    private int segmentOf(int i) {
        int lo = 0;
        int hi = segments - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (segStart[mid] <= i) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }

    /** The round of segment k whose events hold event i: the segment's first round when its rounds' starts are not all known. */
    private int roundOf(int i, int k) {
        int lo = segRound[k];
        int hi = segRound[k + 1] - 1;
        if (rounds <= hi || roundFirst[lo] != segStart[k]) return lo;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (roundFirst[mid] <= i) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }

    /** Round {@code round} begins here (its start's changes and calls are the next events). */
    void roundBegins(int round) {
        if (round != rounds) return; // known already (or a round skipped: its segment is then replayed whole)
        if (rounds == roundFirst.length) roundFirst = Arrays.copyOf(roundFirst, rounds * 2);
        roundFirst[rounds++] = size;
    }

    /**
     * The events of rounds from {@code round} on begin here (a checkpoint was just kept at its
     * start). Past {@link #keep} events in memory, the oldest whole segments are dropped, down to
     * three quarters of it (so that dropping, which copies the rest, is rare): an interactive
     * session at 1,000 nodes records about 6,000 events a second, and the history must not fill
     * the heap ({@link #source} replays a dropped segment from its checkpoint when it is read).
     */
    void segment(int round) {
        if (round <= segRound[segments - 1]) return;
        if (segments == segStart.length) {
            segStart = Arrays.copyOf(segStart, segments * 2);
            segRound = Arrays.copyOf(segRound, segments * 2);
        }
        segStart[segments] = size;
        segRound[segments] = round;
        segments++;
        if (source == null || live.size() <= keep) return;
        int k = dropped;
        // the segment being recorded (the last) stays
        while (k < segments - 1 && size - segStart[k] > keep * 3L / 4) k++;
        if (k == dropped) return;
        live = new ArrayList<>(live.subList(segStart[k] - offset, live.size()));
        offset = segStart[k];
        dropped = k;
    }

    /**
     * The events up to the position right after execution {@code step}, in {@code round} (begun
     * or not): rounds in which nothing executes share a step, so the round decides among the
     * events at that step.
     */
    History copyUpTo(long step, int round, boolean begun) {
        int end = countUpTo(step);
        int start = end;
        while (start > 0 && steps[start - 1] == step) start--;
        History h = firstEvents(start, round, begun);
        for (int i = start; i < end; i++) {
            Event e = event(i);
            if (e.round() < round || (e.round() == round && begun)) h.add(e);
        }
        return h;
    }

    /**
     * The first {@code count} events, as a new history for a branch now in {@code round} (its
     * source is set by its branch). A segment that begins at {@code count} is the copy's only if
     * its round has come: rounds without events leave a segment empty.
     */
    History firstEvents(int count, int round, boolean begun) {
        History h = new History();
        h.keep = keep;
        h.parent = this;
        h.parentShare = count;
        h.steps = Arrays.copyOf(steps, Math.max(64, count));
        h.kinds = Arrays.copyOf(kinds, Math.max(64, count));
        h.size = count;
        int k = 0;
        while (k + 1 < segments && segStart[k + 1] <= count && segRound[k + 1] <= round) k++;
        // segments 0..k-1 are whole in the copy; k is its last, being recorded
        h.segStart = Arrays.copyOf(segStart, k + 1);
        h.segRound = Arrays.copyOf(segRound, k + 1);
        h.segments = k + 1;
        h.dropped = Math.min(dropped, k);
        h.offset = segStart[h.dropped];
        List<Event> kept = new ArrayList<>(count - h.offset);
        for (int i = h.offset; i < count; i++) kept.add(event(i));
        h.live = kept;
        int known = Math.min(rounds, begun ? round + 1 : round);
        while (known > 0 && roundFirst[known - 1] > count) known--;
        h.roundFirst = Arrays.copyOf(roundFirst, Math.max(16, known));
        h.rounds = known;
        return h;
    }

    void add(Event e) {
        if (size == steps.length) {
            steps = Arrays.copyOf(steps, size * 2);
            kinds = Arrays.copyOf(kinds, size * 2);
        }
        kinds[size] = (byte) Kind.of(e).ordinal();
        steps[size++] = e.step();
        live.add(e);
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
