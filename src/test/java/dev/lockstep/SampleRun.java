package dev.lockstep;

import dev.lockstep.core.Call;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.check.LockSets;
import dev.lockstep.core.Violation;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * One sample of sample-runs/ run to its end with everything that happened recorded, so a test can
 * check what the gallery says the sample shows from the run itself rather than from numbers
 * copied out of an earlier run.
 */
final class SampleRun {
    /** A topology change: {@code kind} is cut, link or move ({@code v} = -1 for a move). */
    record Change(int round, String kind, int u, int v, NodeState uState) {}

    /**
     * A Lock that succeeded: the holder's lock set then, its neighbours at request and at success,
     * and those whose edge the graph's presence history says persisted from request to success
     * (asked at once: the history reaches back only to the oldest pending request).
     */
    record Acquisition(int round, int node, int requestRound, Set<Integer> lockSet, Set<Integer> neighboursAtRequest,
                       Set<Integer> neighboursAtSuccess, Set<Integer> persistedNeighbours) {}

    /** An execution, with a copy of the node's state after it (the record's own state is live). */
    record Exec(ExecutionRecord record, NodeState after) {
        String label() { return record.label(); }
        int node() { return record.node(); }
        int round() { return record.round(); }

        List<String> sentLabels() {
            return record.sent().stream().map(s -> s.message().label()).toList();
        }
    }

    final Scenario scenario;
    final Simulation sim;
    final List<Exec> executions = new ArrayList<>();
    final List<Change> changes = new ArrayList<>();
    final List<Acquisition> acquisitions = new ArrayList<>();
    final List<int[]> lockCalls = new ArrayList<>();
    /** The most nodes holding their locks at the end of one round. */
    int mostLockedAtOnce;
    /** Neighbours of each node when its current request was issued. */
    private final List<Set<Integer>> neighboursAtRequest = new ArrayList<>();

    private SampleRun(Scenario scenario, long seed) {
        this.scenario = scenario;
        Engine engine = scenario.engine(seed);
        this.sim = engine.simulation();
        OperationStatus[] last = new OperationStatus[sim.nodeCount()];
        Arrays.fill(last, OperationStatus.IDLE);
        for (int u = 0; u < sim.nodeCount(); u++) neighboursAtRequest.add(Set.of());
        sim.addListener(new SimulationListener() {
            @Override
            public void executed(ExecutionRecord r) {
                int u = r.node();
                executions.add(new Exec(r, r.state().copy()));
                OperationStatus now = sim.status(u);
                if (now == OperationStatus.LOCKING && last[u] != OperationStatus.LOCKING) {
                    neighboursAtRequest.set(u, neighbours(u));
                }
                if (now == OperationStatus.LOCKED && last[u] != OperationStatus.LOCKED) {
                    Set<Integer> lockSet = new TreeSet<>();
                    for (int v : LockSets.of(sim.protocol(), sim, u)) lockSet.add(v);
                    Set<Integer> persisted = new TreeSet<>();
                    for (int v : neighboursAtRequest.get(u)) {
                        if (sim.graph().persisted(u, v, sim.requestRound(u), r.round())) persisted.add(v);
                    }
                    acquisitions.add(new Acquisition(r.round(), u, sim.requestRound(u), lockSet,
                            neighboursAtRequest.get(u), neighbours(u), persisted));
                }
                last[u] = now;
            }

            @Override
            public void cut(int round, int u, int pu, int v, int pv, List<Envelope> lost) {
                changes.add(new Change(round, "cut", u, v, sim.state(u).copy()));
            }

            @Override
            public void linked(int round, int u, int pu, int v, int pv) {
                changes.add(new Change(round, "link", u, v, sim.state(u).copy()));
            }

            @Override
            public void moved(int round, int u, double x, double y) {
                changes.add(new Change(round, "move", u, -1, sim.state(u).copy()));
            }

            @Override
            public void roundEnded(int round) {
                int locked = 0;
                for (int u = 0; u < sim.nodeCount(); u++) if (sim.status(u) == OperationStatus.LOCKED) locked++;
                mostLockedAtOnce = Math.max(mostLockedAtOnce, locked);
            }

            @Override
            public void called(int round, int u, Call call) {
                if (call == Call.LOCK) lockCalls.add(new int[] {round, u});
            }
        });
        engine.runUntil(scenario.rounds());
    }

    static SampleRun of(String file) throws Exception {
        Scenario s = ScenarioLoader.load(Path.of("sample-runs", file));
        return new SampleRun(s, s.seed());
    }

    /** The sample under another seed (what a lecturer gets by changing the seed in the window). */
    static SampleRun of(String file, long seed) throws Exception {
        return new SampleRun(ScenarioLoader.load(Path.of("sample-runs", file)), seed);
    }

    int node(String name) {
        return sim.indexOf(name);
    }

    String name(int u) {
        return sim.nodeName(u);
    }

    Set<Integer> neighbours(int u) {
        Set<Integer> out = new TreeSet<>();
        for (long s = sim.ports(u) & ~1L; s != 0; s &= s - 1) out.add(sim.peer(u, Long.numberOfTrailingZeros(s)));
        return out;
    }

    List<Violation> violations() {
        return sim.violations();
    }

    List<Exec> executions(String label) {
        return executions.stream().filter(e -> e.label().equals(label)).toList();
    }

    List<Change> changes(String kind) {
        return changes.stream().filter(c -> c.kind().equals(kind)).toList();
    }
}
