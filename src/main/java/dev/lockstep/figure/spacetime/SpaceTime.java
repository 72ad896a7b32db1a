package dev.lockstep.figure.spacetime;

import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.session.History;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The space-time diagram of a branch as data, free of any toolkit: one lane per node (in the
 * scenario's order), time flowing by execution (x in diagram units: one per execution, a little
 * room for a round boundary, a topology change or an application step), each execution a tick, each
 * message an arrow from its send to its receive or loss, topology changes, calls, violations and
 * the application's steps as marks, and the
 * cursor at the current moment. It reads the session's {@link History} incrementally, so it keeps
 * up with long runs. The window draws it; a figure could too.
 */
public final class SpaceTime {
    /** Room taken on the time axis by an execution, a round boundary and a topology change. */
    public static final double EXEC = 1;
    public static final double ROUND_GAP = 0.7;
    public static final double CHANGE = 0.5;
    /** Room taken by an application step: a node's steps of one round (an end, then a begin) side by side. */
    public static final double APP_STEP = 0.5;

    private Simulation sim;
    private History history;
    private FillVariable fill;
    private int processed;
    private double endX;
    private int lastRound = -1;
    private final List<Exec> execs = new ArrayList<>();
    private final List<Arrow> arrows = new ArrayList<>();
    private final Map<Long, Arrow> inTransit = new HashMap<>();
    private final List<Mark> marks = new ArrayList<>();
    /** The application steps' marks alone, by x (for hovering). */
    private final List<Mark> appSteps = new ArrayList<>();
    private final List<RoundStart> rounds = new ArrayList<>();
    /** The event that made each mark, application step, round start and arrow (to cut them back to a fork's events). */
    private final Trail markEvents = new Trail();
    private final Trail appStepEvents = new Trail();
    private final Trail roundEvents = new Trail();
    private final Trail arrowEvents = new Trail();
    /** x after each history event (the cursor after the k-th event is eventX[k - 1]). */
    private double[] eventX = new double[256];
    private double cursorX;

    /** A new session: starts over. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void setSimulation(Simulation s) {
        sim = s;
        history = null;
        clear();
        fill = new FillVariable((Protocol<NodeState>) (Protocol) s.protocol(), s.nodeCount() > 0 ? s.state(0) : null);
    }

    private void clear() {
        processed = 0;
        endX = 0.5;
        lastRound = -1;
        execs.clear();
        arrows.clear();
        inTransit.clear();
        marks.clear();
        appSteps.clear();
        rounds.clear();
        for (Trail t : List.of(markEvents, appStepEvents, roundEvents, arrowEvents)) t.count = 0;
        cursorX = 0;
    }

    /**
     * Back to the diagram of the first {@code p} events (p ≥ 1), which the new branch shares with
     * the one drawn: what later events added goes, and the messages they received or lost are in
     * transit again. A fork in a long session so keeps the drawn past instead of reading it all
     * again (a long session's old events are replayed when read).
     */
    private void cutBackTo(int p) {
        execs.subList(countBelow(p), execs.size()).clear();
        marks.subList(markEvents.keepBelow(p), marks.size()).clear();
        appSteps.subList(appStepEvents.keepBelow(p), appSteps.size()).clear();
        rounds.subList(roundEvents.keepBelow(p), rounds.size()).clear();
        int arrowsKept = arrowEvents.keepBelow(p);
        for (Arrow a : arrows.subList(arrowsKept, arrows.size())) if (a.kind() == ArrowKind.IN_TRANSIT) inTransit.remove(a.id());
        arrows.subList(arrowsKept, arrows.size()).clear();
        for (Arrow a : arrows) {
            if (a.endedBy() >= p) {
                a.reopen();
                inTransit.put(a.id(), a);
            }
        }
        processed = p;
        endX = eventX[p - 1];
        lastRound = history.events().get(p - 1).round();
    }

    /** How many executions come from the first p events. */
    private int countBelow(int p) {
        int n = execs.size();
        while (n > 0 && execs.get(n - 1).index() >= p) n--;
        return n;
    }

    /** The event index of each item of a list that grows in event order. */
    private static final class Trail {
        int[] index = new int[64];
        int count;

        void add(int i) {
            if (count == index.length) index = Arrays.copyOf(index, count * 2);
            index[count++] = i;
        }

        /** Drops the items made by events p and later; returns how many remain. */
        int keepBelow(int p) {
            while (count > 0 && index[count - 1] >= p) count--;
            return count;
        }
    }

    /** Reads the branch's new history events and puts the cursor after the first {@code momentCount}. */
    public void update(History h, int momentCount) {
        if (h != history || h.size() < processed) {
            int shared = history == null || h == history ? 0 : Math.min(processed, h.sharedPrefix(history));
            history = h;
            if (shared > 0) cutBackTo(shared);
            else clear();
        }
        List<History.Event> ev = h.events();
        if (eventX.length < ev.size()) eventX = Arrays.copyOf(eventX, Math.max(ev.size(), eventX.length * 2));
        for (int i = processed; i < ev.size(); i++) {
            add(ev.get(i), i);
            eventX[i] = endX;
        }
        processed = ev.size();
        int moment = Math.min(momentCount, processed);
        cursorX = moment == 0 ? 0.25 : eventX[moment - 1] + 0.15;
    }

    private void add(History.Event e, int index) {
        if (e.round() != lastRound) {
            if (lastRound >= 0) {
                endX += ROUND_GAP;
                rounds.add(new RoundStart(endX - ROUND_GAP / 2, e.round()));
                roundEvents.add(index);
            } else {
                rounds.add(new RoundStart(endX - 0.25, e.round()));
                roundEvents.add(index);
            }
            lastRound = e.round();
        }
        if (e instanceof History.Executed x) {
            endX += EXEC;
            double at = endX - EXEC / 2;
            String before = fill.name();
            fill.observe(x);
            if (!java.util.Objects.equals(before, fill.name())) {
                // the fill variable is settled by what executions show, early in a run: the ticks drawn so far follow it
                for (Exec old : execs) old.fill(fill.valueAfter(old.event()));
            }
            execs.add(new Exec(history, index, x.node(), fill.valueAfter(x), at));
            if (x.received() != null) {
                Arrow a = inTransit.remove(x.received().id());
                if (a != null) a.end(at, ArrowKind.RECEIVED, index);
            }
            for (History.Msg m : x.sent()) {
                Arrow a = new Arrow(m.id(), m.label(), x.node(), m.to(), at, ArrowKind.IN_TRANSIT);
                arrows.add(a);
                arrowEvents.add(index);
                inTransit.put(m.id(), a);
            }
            for (History.Msg m : x.lostOnSend()) {
                Arrow a = new Arrow(-1, m.label(), x.node(), m.to() >= 0 ? m.to() : x.node(), at, ArrowKind.LOST_SEND);
                a.end(at + 0.45, ArrowKind.LOST_SEND, index);
                arrows.add(a);
                arrowEvents.add(index);
            }
        } else if (e instanceof History.Cut c) {
            endX += CHANGE;
            double at = endX - CHANGE / 2;
            marks.add(new Mark(at, MarkKind.CUT, c.u(), c.v(), e));
            markEvents.add(index);
            for (History.Msg m : c.lost()) {
                Arrow a = inTransit.remove(m.id());
                if (a != null) a.end(at, ArrowKind.LOST_CUT, index);
            }
        } else if (e instanceof History.Linked l) {
            endX += CHANGE;
            marks.add(new Mark(endX - CHANGE / 2, MarkKind.LINK, l.u(), l.v(), e));
            markEvents.add(index);
        } else if (e instanceof History.Violated v) {
            List<Integer> ns = v.violation().nodes();
            marks.add(new Mark(endX, MarkKind.VIOLATION, ns.isEmpty() ? -1 : ns.get(0), ns.size() > 1 ? ns.get(ns.size() - 1) : -1, e));
            markEvents.add(index);
        } else if (e instanceof History.Called c) {
            marks.add(new Mark(endX, MarkKind.CALL, c.node(), -1, e));
            markEvents.add(index);
        } else if (e instanceof History.AppStep a) {
            // generic over the application's steps: the node, its partner if any, the sentence in the event
            endX += APP_STEP;
            Mark m = new Mark(endX - APP_STEP / 2, MarkKind.APPLICATION, a.node(), a.partner() != a.node() ? a.partner() : -1, e);
            marks.add(m);
            markEvents.add(index);
            appSteps.add(m);
            appStepEvents.add(index);
        }
    }

    // ------------------------------------------------------------------ reading

    /** The simulation whose branch this is (null before the first). */
    public Simulation simulation() {
        return sim;
    }

    /** Lanes: one per node. */
    public int lanes() {
        return sim == null ? 0 : sim.nodeCount();
    }

    public String laneName(int u) {
        return sim.nodeName(u);
    }

    /** The end of the known branch on the time axis. */
    public double endX() {
        return endX;
    }

    /** The current moment on the time axis. */
    public double cursorX() {
        return cursorX;
    }

    /** The executions, by x. */
    public List<Exec> executions() {
        return execs;
    }

    public List<Arrow> arrows() {
        return arrows;
    }

    public List<Mark> marks() {
        return marks;
    }

    /** Round boundaries, by x. */
    public List<RoundStart> rounds() {
        return rounds;
    }

    /** The protocol's fill values, in legend order. */
    public List<String> fillValues() {
        return fill == null ? List.of() : fill.values();
    }

    /** The node variable taken for the fill value, or null. */
    public String fillVariable() {
        return fill == null ? null : fill.name();
    }

    /** The index of the last round boundary before x (0 if none): drawing from there covers x. */
    public int roundBefore(double x) {
        int lo = 0;
        int hi = rounds.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (rounds.get(mid).x() < x) lo = mid + 1;
            else hi = mid;
        }
        return Math.max(0, lo - 1);
    }

    /** The application steps' marks, by x (a run without an application has none). */
    public List<Mark> applicationSteps() {
        return java.util.Collections.unmodifiableList(appSteps);
    }

    /** The index of the first application step at or after x. */
    public int firstStepAtOrAfter(double x) {
        int lo = 0;
        int hi = appSteps.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (appSteps.get(mid).x() < x) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** The index of the first execution at or after x. */
    public int firstExecAtOrAfter(double x) {
        int lo = 0;
        int hi = execs.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (execs.get(mid).x() < x) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }
}
