package dev.lockstep.session;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * The branches of a session: the current one and those left behind by forks, each with its
 * checkpoints. An input given in the past forks: the old future is kept as a branch that can be
 * returned to.
 */
final class Timeline {
    /** A checkpoint is kept at the start of every such round. */
    static final int CHECKPOINT_EVERY = 16;

    private BranchState current;
    private final List<BranchState> others = new ArrayList<>();
    private int nextBranchId = 2;
    /** Where a branch's dropped history is replayed from (null: a replay's own timeline, which drops nothing). */
    private Function<BranchState, SegmentSource<History.Event>> sources;

    /** A timeline of one branch, "main", at round 0 with its first checkpoint. */
    Timeline(Checkpoint start) {
        current = new BranchState();
        current.id = 1;
        current.name = "main";
        current.roundStart.add(0L);
        current.checkpoints.put(0, start);
    }

    /** From now on every branch's history can drop old segments and replay them (from {@code sources}) when read. */
    void replayWith(Function<BranchState, SegmentSource<History.Event>> sources) {
        this.sources = sources;
        current.history.source(sources.apply(current));
    }

    BranchState current() {
        return current;
    }

    /** Every branch, by id. */
    List<BranchState> all() {
        List<BranchState> all = new ArrayList<>(others);
        all.add(current);
        all.sort(Comparator.comparingInt(b -> b.id));
        return all;
    }

    /** Makes another branch the current one (the caller brings the run to its furthest position). */
    void switchTo(int branchId) {
        BranchState target = null;
        for (BranchState b : others) if (b.id == branchId) target = b;
        if (target == null) throw new IllegalArgumentException("no branch " + branchId);
        others.remove(target);
        others.add(current);
        current = target;
    }

    /**
     * Ends the current branch at position (round, done), after {@code step} executions: its
     * future is kept as another branch, and the current one continues from there.
     */
    void fork(int round, int done, long step) {
        BranchState fork = current.copyUpTo(round, done, current.applied, step);
        fork.id = nextBranchId++;
        if (sources != null) fork.history.source(sources.apply(fork));
        fork.name = "branch " + fork.id + " (from round " + round + ")";
        others.add(current);
        current = fork;
    }

    /** Keeps a checkpoint at the start of round r if it is one of every {@link #CHECKPOINT_EVERY}th. */
    boolean checkpointDue(int r) {
        return r % CHECKPOINT_EVERY == 0 && !current.checkpoints.containsKey(r);
    }
}
