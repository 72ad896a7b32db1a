package dev.lockstep.watch;

import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.List;

/** The timeline's marks (round starts, topology changes, violations) as steps, read incrementally. */
public final class TimelineMarks {
    /** Beyond this many rounds the round ticks would be a grey smear: none are drawn. */
    public static final int MAX_ROUND_TICKS = 2000;

    private History history;
    private int processed;
    private final List<Long> topology = new ArrayList<>();
    private final List<Long> violations = new ArrayList<>();
    private List<Long> roundStarts = List.of();
    private int roundsFor = -1;

    public void reset() {
        history = null;
        processed = 0;
        topology.clear();
        violations.clear();
        roundStarts = List.of();
        roundsFor = -1;
    }

    public void update(Session s) {
        History h = s.history();
        if (h != history || h.size() < processed) {
            reset();
            history = h;
        }
        List<History.Event> ev = h.events();
        for (int i = processed; i < ev.size(); i++) {
            History.Event e = ev.get(i);
            if (e instanceof History.Linked || e instanceof History.Cut || e instanceof History.Moved
                    || e instanceof History.Lost || e instanceof History.Crashed) {
                if (topology.isEmpty() || topology.get(topology.size() - 1) != e.step()) topology.add(e.step());
            } else if (e instanceof History.Violated) {
                violations.add(e.step());
            }
        }
        processed = ev.size();
    }

    public List<Long> roundStarts(Session s) {
        int last = s.furthest().round();
        if (last == roundsFor) return roundStarts;
        roundsFor = last;
        if (last > MAX_ROUND_TICKS) {
            roundStarts = List.of();
        } else {
            List<Long> out = new ArrayList<>(last + 1);
            for (int r = 0; r <= last; r++) out.add(s.roundStart(r));
            roundStarts = out;
        }
        return roundStarts;
    }

    public List<Long> topology() {
        return topology;
    }

    public List<Long> violations() {
        return violations;
    }
}
