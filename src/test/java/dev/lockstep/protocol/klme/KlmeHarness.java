package dev.lockstep.protocol.klme;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.NeighbourhoodArea;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.Violation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.TopologyEvent;
import dev.lockstep.core.adversary.Workload;
import dev.lockstep.protocol.permission.CompleteGraphHarness;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs of KLME on a complete graph with FIFO channels, nodes "1".."n" at given positions, and
 * neighbourhoods as areas of the plane: {@link #AREAS} are two squares side by side, A (x < 5)
 * and B (x ≥ 5).
 */
final class KlmeHarness {
    static final List<NeighbourhoodArea> AREAS = List.of(new NeighbourhoodArea("A", 0, 0, 5, 5),
            new NeighbourhoodArea("B", 5, 0, 5, 5));

    final Simulation sim;
    final Engine engine;
    final List<ExecutionRecord> executed = new ArrayList<>();

    /** Three areas: A and B as {@link #AREAS}, and C (y ≥ 5) below both. */
    static final List<NeighbourhoodArea> THREE_AREAS = List.of(AREAS.get(0), AREAS.get(1),
            new NeighbourhoodArea("C", 0, 5, 10, 5));

    KlmeHarness(Protocol<?> protocol, double[] x, double[] y, long seed, int lockoutBound, List<TopologyEvent> dynamics,
                Workload workload, SchedulerPolicy policy) {
        this(protocol, x, y, seed, lockoutBound, dynamics, workload, policy, AREAS);
    }

    KlmeHarness(Protocol<?> protocol, double[] x, double[] y, long seed, int lockoutBound, List<TopologyEvent> dynamics,
                Workload workload, SchedulerPolicy policy, List<NeighbourhoodArea> areas) {
        int n = x.length;
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) names.add(Integer.toString(i + 1));
        sim = new Simulation(new SimulationConfig(protocol, names, x, y, null, n - 1, ChannelDiscipline.FIFO,
                PortAssignment.LOWEST, new CheckSettings(lockoutBound), seed, areas));
        sim.addListener(new SimulationListener() {
            @Override
            public void executed(ExecutionRecord r) {
                executed.add(r);
            }
        });
        engine = new Engine(sim, new ScenarioAdversary(CompleteGraphHarness.completeGraph(n), 0, dynamics, null,
                workload, policy));
    }

    KlmeState state(int u) {
        return (KlmeState) sim.state(u);
    }

    List<Violation> violations(String check) {
        return sim.violations().stream().filter(v -> v.check().equals(check)).toList();
    }

    boolean quiescent() {
        for (int u = 0; u < sim.nodeCount(); u++) {
            if (sim.status(u) != OperationStatus.IDLE || sim.hasPendingCalls(u)) return false;
        }
        return true;
    }

    /** Runs to {@code round}, then on until quiescent; false if that takes more than {@code cap} extra rounds. */
    boolean runAndDrain(int round, int cap) {
        engine.runUntil(round);
        for (int i = 0; i < cap && !quiescent(); i++) engine.stepRound();
        return quiescent();
    }

    /** Tokens of each neighbourhood now (held or live in transit), e.g. {A=1, B=1}. */
    String tokens() {
        return new Neighbourhoods(sim).tokenNodes.toString();
    }
}
