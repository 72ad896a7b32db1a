package dev.lockstep.protocol.permission;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.TopologyEvent;
import dev.lockstep.core.adversary.Workload;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds runs of a permission-based protocol (Ricart-Agrawala, Lamport) on a complete graph with
 * FIFO channels, as those protocols require; nodes p0, p1, ... on a circle.
 */
public class CompleteGraphHarness<S extends NodeState> {
    public final Simulation sim;
    public final Engine engine;
    /** Every finished execution, in commit order. */
    public final List<ExecutionRecord> executed = new ArrayList<>();

    public CompleteGraphHarness(Protocol<?> protocol, int n, long seed, int lockoutBound, List<TopologyEvent> dynamics,
              Workload workload, SchedulerPolicy policy) {
        List<String> names = new ArrayList<>();
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            names.add("p" + i);
            x[i] = Math.cos(2 * Math.PI * i / n);
            y[i] = Math.sin(2 * Math.PI * i / n);
        }
        sim = new Simulation(new SimulationConfig(protocol, names, x, y, null, n - 1, ChannelDiscipline.FIFO,
                PortAssignment.LOWEST, new CheckSettings(lockoutBound), seed));
        sim.addListener(new SimulationListener() {
            @Override
            public void executed(ExecutionRecord r) {
                executed.add(r);
            }
        });
        engine = new Engine(sim, new ScenarioAdversary(completeGraph(n), 0, dynamics, null, workload, policy));
    }

    public static int[] completeGraph(int n) {
        int[] edges = new int[n * (n - 1)];
        int k = 0;
        for (int u = 0; u < n; u++) {
            for (int v = u + 1; v < n; v++) {
                edges[k++] = u;
                edges[k++] = v;
            }
        }
        return edges;
    }

    @SuppressWarnings("unchecked")
    public S state(int u) {
        return (S) sim.state(u);
    }

    /** Whether every node is idle with no call waiting: every request issued so far has completed. */
    public boolean quiescent() {
        for (int u = 0; u < sim.nodeCount(); u++) {
            if (sim.status(u) != OperationStatus.IDLE || sim.hasPendingCalls(u)) return false;
        }
        return true;
    }

    /** Runs to {@code round}, then on until quiescent; false if that takes more than {@code cap} extra rounds. */
    public boolean runAndDrain(int round, int cap) {
        engine.runUntil(round);
        for (int i = 0; i < cap && !quiescent(); i++) engine.stepRound();
        return quiescent();
    }

    /** Nodes whose Crit executions committed, in order. */
    public List<Integer> critOrder() {
        List<Integer> out = new ArrayList<>();
        for (ExecutionRecord r : executed) if (r.label().equals("Crit")) out.add(r.node());
        return out;
    }
}
