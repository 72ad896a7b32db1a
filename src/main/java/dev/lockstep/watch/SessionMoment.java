package dev.lockstep.watch;

import dev.lockstep.core.Simulation;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * "That moment": which of the branch's history events have happened at the session's current
 * position (a prefix of {@link Session#history()}), and the narration entries of that prefix.
 * After a jump the window shows exactly these; a breakpoint looks at the events between two
 * moments, so it works in the past (replaying a branch's known future) as at the frontier.
 */
public final class SessionMoment {
    private History history;
    /** violationsBefore[i]: Violated events among the first i events of {@link #history}. */
    private int[] violationsBefore = new int[1];
    private int known;

    /** How many events of the current branch's history have happened at the current position. */
    public int count(Session s) {
        History h = s.history();
        List<History.Event> ev = h.events();
        if (h != history || ev.size() < known) {
            history = h;
            known = 0;
        }
        if (violationsBefore.length < ev.size() + 1) {
            int[] bigger = new int[Math.max(ev.size() + 1, violationsBefore.length * 2)];
            System.arraycopy(violationsBefore, 0, bigger, 0, known + 1);
            violationsBefore = bigger;
        }
        for (int i = known; i < ev.size(); i++) {
            violationsBefore[i + 1] = violationsBefore[i] + (h.kind(i) == History.Kind.VIOLATED ? 1 : 0);
        }
        known = ev.size();

        Simulation sim = s.simulation();
        long step = sim.executionsBegun();
        Session.Position p = s.position();
        int end = h.upTo(step).size();
        int start = end;
        while (start > 0 && h.step(start - 1) == step) start--;
        // events stamped with the current step happened before now only if their round has begun;
        // violations (after an execution or at a round's end): as many as the simulation has
        int violations = violationsBefore[start];
        int k = start;
        for (; k < end; k++) {
            History.Event e = ev.get(k);
            boolean happened = e.round() < p.round() || (e.round() == p.round() && p.done() >= 0);
            if (e instanceof History.Violated) {
                happened = violations < sim.violationCount();
                if (happened) violations++;
            }
            if (!happened) break;
        }
        return k;
    }

    /** The events of the current branch that have happened at the current position. */
    public List<History.Event> events(Session s) {
        return s.history().events().subList(0, count(s));
    }

    /** The narration panel's lines for these events (the last {@code max} of them). */
    public static List<NarrationEntry> narration(Simulation sim, List<History.Event> events, int max) {
        List<NarrationEntry> out = new ArrayList<>();
        History.Moved pendingMove = null;
        // only the tail that gives the last max lines is read: a long session's old events are replayed when read
        for (History.Event e : events.subList(tailStart(events, max), events.size())) {
            if (pendingMove != null && !(e instanceof History.Moved m && m.node() == pendingMove.node() && m.round() == pendingMove.round())) {
                out.add(entry(sim, pendingMove));
                pendingMove = null;
            }
            if (e instanceof History.Moved m) {
                pendingMove = m; // a drag's many moves: the last one is told
                continue;
            }
            NarrationEntry x = entry(sim, e);
            if (x != null) out.add(x);
        }
        if (pendingMove != null) out.add(entry(sim, pendingMove));
        return out.size() > max ? out.subList(out.size() - max, out.size()) : out;
    }

    /**
     * Where the events that give the last {@code max} narration lines begin: walking back, each
     * told event is a line, except a move followed by another of the same drag (one line for all).
     */
    private static int tailStart(List<History.Event> events, int max) {
        int lines = 0;
        int i = events.size();
        History.Event later = null;
        while (i > 0 && lines < max) {
            History.Event e = events.get(--i);
            boolean sameDrag = e instanceof History.Moved m && later instanceof History.Moved n
                    && n.node() == m.node() && n.round() == m.round();
            if (!sameDrag && History.Kind.of(e) != History.Kind.OTHER) lines++; // the kinds entry() tells, without writing them
            later = e;
        }
        return i;
    }

    /** The narration line of one event (null for an event the narration does not tell). */
    public static NarrationEntry entry(Simulation sim, History.Event e) {
        if (e instanceof History.Executed x) return Sentences.action(x.round(), x.node(), x.narration());
        if (e instanceof History.Called c) {
            return Sentences.called(sim, c.round(), c.node(), c.call().toLowerCase(Locale.ROOT).startsWith("lock"));
        }
        if (e instanceof History.AppStep a) return Sentences.application(a.round(), a.node(), a.partner(), a.sentence());
        if (e instanceof History.Linked l) return Sentences.linked(sim, l.round(), l.u(), l.pu(), l.v(), l.pv());
        if (e instanceof History.Cut c) {
            List<String> labels = new ArrayList<>();
            for (History.Msg m : c.lost()) labels.add(m.label());
            return Sentences.cut(sim, c.round(), c.u(), c.v(), labels);
        }
        if (e instanceof History.Moved m) return Sentences.moved(sim, m.round(), m.node(), m.x(), m.y());
        if (e instanceof History.Lost l) return Sentences.lost(sim, l.round(), l.msg().from(), l.msg().to(), l.msg().label());
        if (e instanceof History.Crashed c) return Sentences.crashed(sim, c.round(), c.node());
        if (e instanceof History.Refused r) return Sentences.refused(sim, r.round(), r.change(), r.u(), r.v(), r.reason());
        if (e instanceof History.Violated v) return Sentences.violated(v.round(), v.violation());
        return null;
    }

    /** The nodes an event involves (to highlight them). */
    public static List<Integer> nodesOf(History.Event e) {
        if (e instanceof History.Executed x) return List.of(x.node());
        if (e instanceof History.Called c) return List.of(c.node());
        if (e instanceof History.AppStep a) return a.partner() >= 0 && a.partner() != a.node() ? List.of(a.node(), a.partner()) : List.of(a.node());
        if (e instanceof History.Linked l) return List.of(l.u(), l.v());
        if (e instanceof History.Cut c) return List.of(c.u(), c.v());
        if (e instanceof History.Moved m) return List.of(m.node());
        if (e instanceof History.Lost l) return List.of(l.msg().from(), l.msg().to());
        if (e instanceof History.Crashed c) return List.of(c.node());
        if (e instanceof History.Refused r) return List.of(r.u(), r.v());
        if (e instanceof History.Violated v) return v.violation().nodes();
        return List.of();
    }
}
