package dev.lockstep.experiment;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Sent;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.protocol.lme.LmeState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * LME's competition trials and the open ones among them (Sec. 4, before Lemma 7: a trial of u is
 * open when none of the nodes v ∈ L(u) is locked during it). A trial of u starts with its
 * request-lock broadcast (Alg. 1, l. 19; Alg. 2, l. 18) to L(u) and ends with u's next one or when
 * u holds its locks; trials still running when the run stops are not counted. "During" is read at
 * the end of every round of the trial: a v whose lock(v) names u (it has granted u its lock, as a
 * won trial ends) does not close it; any other lock(v) ≠ ⊥ does. Other protocols have no trials
 * (both counts stay 0).
 */
final class OpenTrials implements SimulationListener {
    private static final String REQUEST = "request-lock";

    private final Simulation sim;
    /** The running trial of each node: the nodes its request reached, and whether it is still open. */
    private final Map<Integer, Trial> running = new TreeMap<>();
    private long trials;
    private long open;

    private static final class Trial {
        final List<Integer> others;
        boolean open = true;

        Trial(List<Integer> others) {
            this.others = others;
        }
    }

    OpenTrials(Simulation sim) {
        this.sim = sim;
    }

    @Override
    public void executed(ExecutionRecord record) {
        if (!(record.state() instanceof LmeState)) return;
        List<Integer> others = new ArrayList<>();
        for (Sent s : record.sent()) {
            if (MessageTally.type(s.message().label()).equals(REQUEST) && s.envelope() != null) others.add(s.envelope().to());
        }
        boolean broadcast = record.sent().stream().anyMatch(s -> MessageTally.type(s.message().label()).equals(REQUEST));
        if (!broadcast) return;
        end(record.node());
        running.put(record.node(), new Trial(others));
    }

    @Override
    public void roundEnded(int round) {
        for (int u : List.copyOf(running.keySet())) {
            if (sim.status(u) == OperationStatus.LOCKED) {
                end(u);
                continue;
            }
            Trial t = running.get(u);
            for (int v : t.others) {
                if (t.open && lockedToAnother(v, u)) t.open = false;
            }
        }
    }

    /**
     * lock(v) ≠ ⊥ and does not name u: v's lock is on its port to u when v granted it to u, and
     * u's own (u ∈ L(u)) is 0 when u locked itself.
     */
    private boolean lockedToAnother(int v, int u) {
        if (!(sim.state(v) instanceof LmeState s) || s.lock() == LmeState.UNLOCKED) return false;
        if (v == u) return s.lock() != 0;
        return !sim.graph().adjacent(v, u) || s.lock() != sim.graph().portTo(v, u);
    }

    private void end(int u) {
        Trial t = running.remove(u);
        if (t == null) return;
        trials++;
        if (t.open) open++;
    }

    /** Completed trials. */
    long trials() {
        return trials;
    }

    /** Completed trials that were open throughout. */
    long open() {
        return open;
    }
}
