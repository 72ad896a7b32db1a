package dev.lockstep.session;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One branch of a session: its inputs (and how many are applied), its checkpoints and round
 * starts, the furthest position it reached, the rounds whose start changed the topology, and its
 * history. A position is a round and the executions done in it (-1: the round has not begun),
 * ordered as {@link Session.Position} is; kept as two numbers here because the session, which
 * owns that record, is built on this class.
 */
final class BranchState {
    int id;
    String name;
    List<Input> inputs = new ArrayList<>();
    int applied;
    TreeMap<Integer, Checkpoint> checkpoints = new TreeMap<>();
    /** roundStart.get(r): executions begun before round r started. */
    List<Long> roundStart = new ArrayList<>();
    int furthestRound;
    int furthestDone = -1;
    TreeSet<Integer> topologyRounds = new TreeSet<>();
    History history = new History();
    /**
     * eventsAfter[k]: the history's size right after the k-th execution, as the branch first
     * went past it (-1: not known). Events stamped k can follow that moment (asynchronous
     * executions taking effect at the round's end, inputs given there), so stamps cannot cut
     * the history there.
     */
    int[] eventsAfter = new int[0];

    /** The position (round, done) compared with the furthest one: negative if before it. */
    int compareToFurthest(int round, int done) {
        return round != furthestRound ? Integer.compare(round, furthestRound) : Integer.compare(done, furthestDone);
    }

    void markEvents(long step) {
        if (step <= 0 || step >= Integer.MAX_VALUE) return;
        int k = (int) step;
        if (k >= eventsAfter.length) {
            int old = eventsAfter.length;
            eventsAfter = Arrays.copyOf(eventsAfter, Math.max(k + 1, old * 2));
            Arrays.fill(eventsAfter, old, eventsAfter.length, -1);
        }
        eventsAfter[k] = history.size();
    }

    /** Executions begun in total at the furthest position. */
    long furthestStep() {
        return roundStart.get(furthestRound) + Math.max(0, furthestDone);
    }

    /** The round containing execution {@code step} (≥ 1): the largest r reached with roundStart(r) < step. */
    int roundOfStep(long step) {
        int lo = 0;
        int hi = Math.min(roundStart.size(), furthestRound + 1) - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (roundStart.get(mid) < step) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }

    /**
     * The branch's past up to position (round, done) (history: the events up to {@code step}),
     * as a new branch.
     */
    BranchState copyUpTo(int round, int done, int keepInputs, long step) {
        BranchState b = new BranchState();
        int known = done > 0 && step < eventsAfter.length ? eventsAfter[(int) step] : -1;
        b.history = known >= 0 ? history.firstEvents(known, round, true) : history.copyUpTo(step, round, done >= 0);
        b.eventsAfter = Arrays.copyOf(eventsAfter, (int) Math.min(eventsAfter.length, step + 1));
        b.inputs = new ArrayList<>(inputs.subList(0, keepInputs));
        b.applied = keepInputs;
        b.checkpoints = new TreeMap<>(checkpoints.headMap(round, true));
        b.roundStart = new ArrayList<>(roundStart.subList(0, Math.min(roundStart.size(), round + 1)));
        b.furthestRound = round;
        b.furthestDone = done;
        b.topologyRounds = new TreeSet<>(topologyRounds.headSet(round, true));
        return b;
    }
}
