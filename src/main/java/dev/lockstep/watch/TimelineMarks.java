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
        // kinds and steps only: a long session's old events are replayed when read, these never
        for (int i = processed; i < h.size(); i++) {
            History.Kind k = h.kind(i);
            long step = h.step(i);
            if (k.topology()) {
                if (topology.isEmpty() || topology.get(topology.size() - 1) != step) topology.add(step);
            } else if (k == History.Kind.VIOLATED) {
                violations.add(step);
            }
        }
        processed = h.size();
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
