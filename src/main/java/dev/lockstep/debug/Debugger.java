package dev.lockstep.debug;

import dev.lockstep.core.SystemView;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Runs a session step by step against breakpoints (the command line's {@code run --until}).
 *
 * <p>A <em>step</em> is the smallest move of the run: the start of a round (the adversary's
 * topology changes and the application's calls), one action execution (or the start of an
 * asynchronous one), or the end of a round (asynchronous executions that are due take effect, the
 * end-of-round checks run, the round counter advances). After every step the events it added to
 * the history are tested in order, with the configuration after the step as the view; the run
 * stops right after the first event for which an enabled condition holds. A step that added no
 * event (a quiet round, an asynchronous execution that only began) is tested as one
 * {@link History.Tick}: otherwise {@code round >= N} or {@code wait > N} could not hold in a
 * round where nothing happens, and would stop late or never.
 */
public final class Debugger {
    private Debugger() {}

    /** Where a run stopped: the breakpoint that held and the index of its event in the history. */
    public record Stop(Breakpoints.Hit hit, int eventIndex) {
        public History.Event event() {
            return hit.event();
        }

        public Condition condition() {
            return hit.condition();
        }
    }

    /** One step (see the class comment); returns the events it added to the history. */
    public static List<History.Event> step(Session s) {
        int from = s.history().size();
        if (!s.midRound()) s.beginRound();
        else s.stepAction(1);
        return s.history().events().subList(from, s.history().size());
    }

    /**
     * What breakpoints are tested on after a step: the events it added ({@code fresh}, as
     * {@link #step} returns them) or, if it added none, a {@link History.Tick} for it.
     * {@code roundBefore} and {@code midRoundBefore} describe the session before the step.
     */
    public static List<History.Event> tested(Session s, List<History.Event> fresh, int roundBefore, boolean midRoundBefore) {
        if (!fresh.isEmpty()) return fresh;
        String what;
        if (!midRoundBefore) what = "round " + roundBefore + " begins";
        else if (!s.midRound() || s.round() != roundBefore) what = "round " + roundBefore + " ends";
        else what = "an asynchronous execution begins (step " + s.simulation().executionsBegun() + ")";
        return List.of(new History.Tick(s.simulation().executionsBegun(), roundBefore, what));
    }

    /**
     * Steps until a breakpoint holds or the run reaches round {@code rounds} (rounds 0..rounds-1
     * done, as {@code run} without breakpoints): the stop, or empty if no condition held. The
     * stop's event index is its position in the history (for a {@link History.Tick}, which is
     * not in the history: the index of the last event before it, -1 if none).
     */
    public static Optional<Stop> runUntil(Session s, Breakpoints breakpoints, int rounds, Engine.ProgressListener progress) {
        while (s.round() < rounds) {
            int round = s.round();
            boolean mid = s.midRound();
            int from = s.history().size();
            List<History.Event> fresh = tested(s, step(s), round, mid);
            Optional<Breakpoints.Hit> hit = breakpoints.firstHit(fresh, s.simulation());
            if (hit.isPresent()) {
                if (hit.get().event() instanceof History.Tick) return Optional.of(new Stop(hit.get(), from - 1));
                int k = 0;
                while (fresh.get(k) != hit.get().event()) k++;
                return Optional.of(new Stop(hit.get(), from + k));
            }
            if (progress != null && s.round() != round) progress.roundDone(s.round(), rounds);
        }
        return Optional.empty();
    }

    /**
     * Ends the begun round where the run stands, with no further executions (the nodes not yet
     * activated in it stay idle, as the adversary may choose): its due asynchronous executions
     * take effect and the end-of-round checks run, so the run up to here is a complete prefix
     * that a trace replays exactly. Returns whether a round was ended. The session must not be
     * stepped afterwards.
     */
    public static boolean closeRound(Session s) {
        if (!s.midRound()) return false;
        s.simulation().endRound();
        return true;
    }

    /**
     * The part of a condition that holds after the event: for {@code A or B} the first of A, B that
     * holds (innermost), else the condition itself.
     */
    public static Condition which(Condition c, History.Event e, SystemView view) {
        if (c instanceof Condition.Any any) {
            for (Condition part : any.conditions()) if (part.holdsAfter(e, view)) return which(part, e, view);
        }
        return c;
    }

    /** The last {@code count} executions up to and including the event at {@code index}, oldest first. */
    public static List<History.Executed> lastExecutions(History history, int index, int count) {
        List<History.Event> events = history.events();
        List<History.Executed> out = new ArrayList<>();
        for (int k = Math.min(index, events.size() - 1); k >= 0 && out.size() < count; k--) {
            if (events.get(k) instanceof History.Executed x) out.add(x);
        }
        Collections.reverse(out);
        return out;
    }

    /**
     * The last {@code count} narrated events up to and including the one at {@code index}, oldest
     * first: executions, topology changes, refusals and the application's calls (what the
     * window's narration shows); violations and ticks are left out.
     */
    public static List<History.Event> lastNarrated(History history, int index, int count) {
        List<History.Event> events = history.events();
        List<History.Event> out = new ArrayList<>();
        for (int k = Math.min(index, events.size() - 1); k >= 0 && out.size() < count; k--) {
            History.Event e = events.get(k);
            if (!(e instanceof History.Violated) && !(e instanceof History.Tick)) out.add(e);
        }
        Collections.reverse(out);
        return out;
    }

    /** What happened at an event, in one line (an execution: its narration). */
    public static String describe(History.Event e, SystemView view) {
        if (e instanceof History.Executed x) {
            return x.narration() != null && !x.narration().isBlank() ? x.narration() : name(view, x.node()) + " ran " + x.action();
        }
        if (e instanceof History.Violated v) {
            return "violation of " + v.violation().check() + ": " + v.violation().message();
        }
        if (e instanceof History.Linked l) {
            return "link " + name(view, l.u()) + "–" + name(view, l.v()) + " (ports " + l.pu() + ", " + l.pv() + ")";
        }
        if (e instanceof History.Cut c) {
            StringBuilder sb = new StringBuilder("cut " + name(view, c.u()) + "–" + name(view, c.v()));
            if (!c.lost().isEmpty()) {
                List<String> lost = new ArrayList<>();
                for (History.Msg m : c.lost()) lost.add(m.label() + " " + name(view, m.from()) + "→" + name(view, m.to()));
                sb.append(", lost in transit: ").append(String.join(", ", lost));
            }
            return sb.toString();
        }
        if (e instanceof History.Called c) {
            String call = c.call().isEmpty() ? c.call() : c.call().substring(0, 1).toUpperCase(Locale.ROOT) + c.call().substring(1);
            return "the application called " + call + " at " + name(view, c.node());
        }
        if (e instanceof History.AppStep a) {
            return a.sentence();
        }
        if (e instanceof History.Lost l) {
            return "lost " + l.msg().label() + " " + name(view, l.msg().from()) + "→" + name(view, l.msg().to());
        }
        if (e instanceof History.Crashed c) {
            return name(view, c.node()) + " crashed";
        }
        if (e instanceof History.Moved m) {
            return name(view, m.node()) + " moved to (" + m.x() + ", " + m.y() + ")";
        }
        if (e instanceof History.Tick t) {
            return t.what();
        }
        if (e instanceof History.Refused r) {
            return "refused " + r.change() + " " + name(view, r.u()) + "–" + name(view, r.v()) + ": " + r.reason();
        }
        return e.toString();
    }

    private static String name(SystemView view, int u) {
        return u >= 0 && u < view.nodeCount() ? view.nodeName(u) : "#" + u;
    }
}
