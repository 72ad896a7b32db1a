package dev.lockstep.app.window;

import dev.lockstep.core.Choice;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Violation;
import dev.lockstep.core.adversary.Manual;
import dev.lockstep.explore.AdversaryMove;
import dev.lockstep.explore.ExplorationPath;
import dev.lockstep.explore.Finding;
import dev.lockstep.explore.PathStep;
import dev.lockstep.session.Session;
import java.util.List;

/**
 * "Show": an exploration's counterexample played into the session as its own recorded inputs,
 * on a new branch named after the check. From the exploration's start the scheduler is manual
 * and the workload off; then each of the path's moves becomes the matching input (a call, a
 * cut, a link, or a manual execution with the move's draws) and its round is ended, as the
 * explorer stepped. So it saves, reloads, undoes and travels like anything else the person did.
 *
 * <p>The scenario's own adversary keeps acting at the start of each round (scripted dynamics,
 * churn, mobility); the explorer did not model it. So every round is compared with the
 * explorer's own replay of the path before its move, and at the end the check must have fired
 * in the path's last round. If anything differs, the session goes back to where it was and the
 * outcome says why: it never shows a replay that is not the counterexample.
 */
final class ExploreReplay {
    /** What Show did: {@code shown} if the session now stands right after the violating round. */
    record Outcome(boolean shown, String message) {}

    private ExploreReplay() {}

    /** The branch a finding is shown on. */
    static String branchName(Finding f, int fromRound) {
        return f.check() + " (explored from round " + fromRound + ")";
    }

    /**
     * Plays {@code f} into {@code session}, which must stand where the exploration started
     * ({@code start}: the copy it explored from).
     */
    static Outcome play(Session session, Simulation start, Finding f) {
        Simulation sim = session.simulation();
        if (sim.round() != start.round() || sim.executionsThisRound() != 0 || !sim.configuration().equals(start.configuration())) {
            return new Outcome(false, "The session has moved since the search started at round " + start.round()
                    + ": go back there (or explore again from here).");
        }
        ExplorationPath path = f.path();
        List<PathStep> steps = path.steps();
        boolean error = f.violation() == null;
        int fromBranch = currentBranch(session);
        Session.Position from = session.position();
        session.fork(branchName(f, start.round()));
        session.policy(new Manual());
        session.workload(false);
        Simulation ref = path.start().copy();
        for (int i = 0; i < steps.size(); i++) {
            PathStep step = steps.get(i);
            session.beginRound();
            if (sim.round() != ref.round() || !sim.configuration().equals(ref.configuration())) {
                return back(session, fromBranch, from, "In round " + sim.round() + " the scenario's own adversary (its scripted "
                        + "topology changes, churn or mobility) changed what the explorer assumed, so the replay left the "
                        + "counterexample; the search does not model that adversary.");
            }
            if (error && i == steps.size() - 1) {
                return new Outcome(true, "Paused before the move that fails: " + step.text() + " — " + f.message());
            }
            String missing = input(session, step.move());
            if (missing != null) return back(session, fromBranch, from, "In round " + sim.round() + ": " + missing);
            step.move().apply(ref);
            ref.endRound();
            session.stepRound();
        }
        int last = steps.get(steps.size() - 1).round();
        for (Violation v : sim.violations()) {
            if (v.check().equals(f.check()) && v.round() == last && sim.configuration().equals(ref.configuration())) {
                return new Outcome(true, "Round " + last + ": " + f.check() + " violated, as the search found — "
                        + steps.size() + " rounds from round " + start.round() + ", on branch \"" + branchName(f, start.round()) + "\".");
            }
        }
        return back(session, fromBranch, from, "The replay did not reproduce " + f.check() + " in round " + last + ".");
    }

    /** The move as the session's input; a reason if the session cannot make it. */
    private static String input(Session session, AdversaryMove move) {
        Simulation sim = session.simulation();
        if (move instanceof AdversaryMove.CallMove c) {
            session.call(c.node(), c.call());
        } else if (move instanceof AdversaryMove.CutMove c) {
            if (!sim.graph().adjacent(c.u(), c.v())) return "there is no edge " + sim.nodeName(c.u()) + "–" + sim.nodeName(c.v()) + " to cut.";
            session.cut(c.u(), c.v());
        } else if (move instanceof AdversaryMove.LinkMove l) {
            if (sim.graph().adjacent(l.u(), l.v())) return sim.nodeName(l.u()) + "–" + sim.nodeName(l.v()) + " is linked already.";
            session.link(l.u(), l.v());
        } else if (move instanceof AdversaryMove.ExecuteMove e) {
            Choice c = available(sim, e.choice());
            if (c == null) return e.describe(sim) + " is not enabled.";
            session.execute(e.choice().draws() == null ? c : c.withDraws(e.choice().draws()));
        }
        return null;
    }

    /** The session's own enabled choice matching the explorer's: same node, action and message (by id). */
    private static Choice available(Simulation sim, Choice want) {
        for (Choice c : sim.choices(want.node())) {
            if (c.action() != want.action()) continue;
            if (c.message() == null ? want.message() == null : want.message() != null && c.message().id() == want.message().id()) return c;
        }
        return null;
    }

    private static int currentBranch(Session session) {
        for (Session.Branch b : session.branches()) if (b.current()) return b.id();
        throw new IllegalStateException("no current branch");
    }

    private static Outcome back(Session session, int branch, Session.Position at, String why) {
        String left = currentBranchName(session);
        session.switchTo(branch);
        session.jumpTo(at);
        return new Outcome(false, why + " The session is back where it was; the branch \"" + left
                + "\" keeps what the replay did.");
    }

    private static String currentBranchName(Session session) {
        for (Session.Branch b : session.branches()) if (b.current()) return b.name();
        return "";
    }
}
