package dev.lockstep.session;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.ScenarioAdversary;
import java.util.ArrayList;
import java.util.List;

/**
 * A branch's dropped history, recorded again: the rounds from one of its checkpoints to the next,
 * replayed on a copy of that checkpoint with the branch's inputs and a recorder of their own, the
 * rounds before the first one read re-executed muted, as a jump does. A
 * session is a function of scenario, seed and inputs, so the events are those first recorded
 * (equal, not the same objects); the live session is not touched.
 */
final class Replay implements SegmentSource<History.Event> {
    private final ScenarioAdversary base;
    private final BranchState branch;

    Replay(ScenarioAdversary base, BranchState branch) {
        this.base = base;
        this.branch = branch;
    }

    @Override
    public SegmentReplay<History.Event> replay(int from, int round, int to) {
        Checkpoint cp = branch.checkpoints.get(from);
        if (cp == null) throw new IllegalStateException("no checkpoint at round " + from + " to replay the history from");
        Simulation sim = cp.sim().copy();
        InteractiveAdversary adversary = new InteractiveAdversary(base);
        adversary.policy(cp.policy());
        adversary.workload(cp.workload());
        Timeline scratch = new Timeline(cp);
        BranchState b = scratch.current();
        b.inputs = branch.inputs;
        b.applied = cp.applied();
        b.furthestRound = round; // the rounds before are the past: re-executed muted, not recorded
        b.roundStart = new ArrayList<>();
        b.checkpoints.put(to, cp); // a checkpoint is "kept" at the end already: no copy of the run is made there
        HistoryRecorder recorder = new HistoryRecorder(sim, scratch);
        sim.addListener(recorder);
        Stepper stepper = new Stepper(sim, adversary, new Engine(sim, adversary), scratch, recorder);
        stepper.runTo(round, -1);
        recorder.resync(); // executions under way are narrated from before they began, as after a jump
        return new SegmentReplay<>() {
            @Override
            public List<History.Event> events() {
                return b.history.events();
            }

            @Override
            public boolean next() {
                if (done()) return false;
                stepper.stepRound();
                return true;
            }

            @Override
            public boolean done() {
                return sim.round() >= to;
            }
        };
    }
}
