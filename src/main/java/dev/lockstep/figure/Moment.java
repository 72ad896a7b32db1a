package dev.lockstep.figure;

import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a session is and what just happened there, for a figure's header and caption: the round,
 * the step (action executions begun so far), and the events the picture is the result of. In the
 * middle of a round with executions done, that is the last execution; otherwise (between rounds,
 * or at a round whose start-of-round changes are applied but nothing has executed yet, which is
 * where the window rests after a step) it is the whole previous round. Violations and refused
 * topology changes of those rounds come along, for the marks.
 */
record Moment(int round, long step, boolean inProgress, List<History.Executed> executions,
              List<History.Violated> violations, List<History.Refused> refusals) {

    static Moment of(Session session) {
        var sim = session.simulation();
        int round = sim.round();
        long step = sim.executionsBegun();
        Session.Position pos = session.position();
        boolean inProgress = pos.done() > 0;
        // what a moment tells happened at or after its round's start (the round before's, between rounds)
        long told = session.roundStart(Math.max(0, inProgress ? round : round - 1));
        List<History.Event> past = session.history().between(told, step);
        List<History.Executed> executions = new ArrayList<>();
        List<History.Violated> violations = new ArrayList<>();
        List<History.Refused> refusals = new ArrayList<>();
        // Checks run at the end of a round and topology changes at its start, so a round's
        // violations belong to the moment it ends, its refusals to every moment after it began.
        if (inProgress) {
            for (History.Event e : past) {
                if (e instanceof History.Executed x && x.step() == step) executions.add(x);
                if (e instanceof History.Refused r && r.round() == round) refusals.add(r);
            }
        } else if (round > 0) {
            long from = session.roundStart(round - 1);
            long to = session.roundStart(round);
            for (History.Event e : past) {
                if (e instanceof History.Executed x && x.step() > from && x.step() <= to) executions.add(x);
                if (e instanceof History.Violated v && v.round() == round - 1) violations.add(v);
                // this round's start-of-round changes only once it has begun (the branch may know later ones)
                if (e instanceof History.Refused r && (r.round() == round - 1 || (r.round() == round && session.midRound()))) {
                    refusals.add(r);
                }
            }
        }
        return new Moment(round, step, inProgress, List.copyOf(executions), List.copyOf(violations),
                List.copyOf(refusals));
    }

    /** The round the caption tells about. */
    int toldRound() {
        return inProgress ? round : round - 1;
    }
}
