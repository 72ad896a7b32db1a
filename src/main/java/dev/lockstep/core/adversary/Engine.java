package dev.lockstep.core.adversary;

import dev.lockstep.core.Choice;
import dev.lockstep.core.Simulation;
import java.util.ArrayList;
import java.util.List;

/**
 * Drives a simulation with an adversary: one round at a time, or one action execution at a time
 * (the GUI's single step). A round is: the adversary's topology changes and calls, then its
 * planned executions, then {@link Simulation#endRound()}.
 */
public final class Engine {
    private final Simulation sim;
    private final Adversary adversary;
    private List<Planned> plan;
    private int next;
    /** The plan of a round {@link #stepRound} runs whole, as codes (reused). */
    private final ListedPlan listed = new ListedPlan();

    public Engine(Simulation sim, Adversary adversary) {
        this.sim = sim;
        this.adversary = adversary;
    }

    public Simulation simulation() {
        return sim;
    }

    public Adversary adversary() {
        return adversary;
    }

    /** Drops what is left of the begun round's plan (the adversary changed its mind mid-round). */
    public void dropRest() {
        if (plan != null) next = plan.size();
    }

    /** Forgets the begun round's plan (after the simulation was restored to a round boundary). */
    public void reset() {
        plan = null;
        next = 0;
    }

    /** Whether the current round has begun (topology and calls applied) but not ended. */
    public boolean midRound() {
        return plan != null;
    }

    private void begin() {
        adversary.beginRound(sim);
        plan = adversary.plan(sim);
        next = 0;
    }

    /** Begins the current round (the adversary's topology changes and calls, then its plan) unless begun. */
    public void beginRound() {
        if (plan == null) begin();
    }

    /**
     * Asks the adversary for a new plan of the current round, after inputs changed the
     * configuration before any execution (e.g. a node dragged while paused).
     */
    public void replan() {
        if (plan == null) throw new IllegalStateException("the round has not begun");
        if (next > 0 || sim.executionsThisRound() > 0) {
            throw new IllegalStateException("the round's executions have started; changes wait for the next round");
        }
        plan = adversary.plan(sim);
    }

    /** Executes (or starts) the next planned action of the begun round; false when the plan is done. */
    public boolean executeNext() {
        if (plan == null) throw new IllegalStateException("the round has not begun");
        if (next >= plan.size()) return false;
        execute(plan.get(next++));
        return true;
    }

    /** Whether the begun round has planned executions left. */
    public boolean hasNext() {
        return plan != null && next < plan.size();
    }

    /** Ends the begun round (beginning it first if needed, with nothing executed). */
    public void finishRound() {
        if (plan == null) begin();
        endRound();
    }

    private void execute(Planned p) {
        if (p.duration() == 0) sim.act(p.choice());
        else sim.start(p.choice(), p.duration());
    }

    /**
     * Executes (or starts) the next planned action, beginning and ending rounds as needed.
     * Returns false if {@code maxRounds} rounds passed without any execution.
     */
    public boolean stepAction(int maxRounds) {
        int ended = 0;
        while (true) {
            if (plan == null) begin();
            if (next < plan.size()) {
                execute(plan.get(next++));
                return true;
            }
            endRound();
            if (++ended >= maxRounds) return false;
        }
    }

    /**
     * Finishes the current round (beginning it first if needed). A rest of the plan made of
     * synchronous executions goes to {@link Simulation#act(List)} as a whole, which may run it on
     * the simulation's workers (same outcome); anything asynchronous runs one by one. The
     * single steps ({@link #executeNext}, {@link #stepAction}) stay one by one, so that whoever
     * steps can look (or change course) between executions. A round not begun yet whose whole
     * plan is synchronous goes as its listing codes, with no {@link Planned} made ({@link #wholeRound}).
     */
    public void stepRound() {
        if (plan == null && wholeRound()) return;
        if (sim.workers().threads() > 1 && plan.size() - next > 1) actTogether();
        while (next < plan.size()) execute(plan.get(next++));
        endRound();
    }

    /**
     * Begins the round and, if the adversary plans in codes and the plan is all synchronous,
     * runs and ends it: nothing happens between the listing and the executions, so each
     * node's code still says which message it receives ({@link Simulation#actListed}). Else
     * leaves the round begun with its plan as {@link Planned} executions (decoded at once, as
     * the adversary's own {@link Adversary#plan(Simulation)} would) and returns false.
     */
    private boolean wholeRound() {
        adversary.beginRound(sim);
        next = 0;
        listed.clear();
        if (!adversary.plan(sim, listed)) {
            plan = adversary.plan(sim);
            return false;
        }
        if (listed.timed) {
            plan = listed.planned(sim);
            return false;
        }
        plan = List.of(); // mid-round, nothing left to step
        sim.actListed(listed.nodes, listed.codes, listed.size);
        endRound();
        return true;
    }

    private void actTogether() {
        List<Choice> choices = new ArrayList<>(plan.size() - next);
        for (int i = next; i < plan.size(); i++) {
            Planned p = plan.get(i);
            if (p.duration() != 0) return;
            choices.add(p.choice());
        }
        next = plan.size();
        sim.act(choices);
    }

    private void endRound() {
        sim.endRound();
        plan = null;
    }

    /** Runs until the simulation reaches round {@code round} (rounds 0..round-1 done). */
    public void runUntil(int round, ProgressListener progress) {
        while (sim.round() < round) {
            stepRound();
            if (progress != null) progress.roundDone(sim.round(), round);
        }
    }

    public void runUntil(int round) {
        runUntil(round, null);
    }

    /** Called after every round of a long run. */
    @FunctionalInterface
    public interface ProgressListener {
        void roundDone(int roundsDone, int roundsTotal);
    }
}
