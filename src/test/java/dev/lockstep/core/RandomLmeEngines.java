package dev.lockstep.core;

import dev.lockstep.bench.LmeBench;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.protocol.lme.Lme;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * Generated LME runs for the properties that compare two ways of running the same schedule: a
 * random unit-disk graph of 3 to 2 + {@code maxNodes} nodes, FIFO or not, a random workload and
 * the policy {@code policy} draws, all from {@code r} in a fixed order (so a generator number
 * names one run).
 */
final class RandomLmeEngines {
    private RandomLmeEngines() {}

    static Engine engine(Random r, int maxNodes, Function<Random, SchedulerPolicy> policy) {
        int n = 3 + r.nextInt(maxNodes);
        double degree = 2 + 4 * r.nextDouble();
        Simulation sim = simulation(r, new Lme(), n, degree);
        return new Engine(sim, new ScenarioAdversary(new int[0], 1.0, List.of(), null,
                new RandomWorkload(0.2 + 0.6 * r.nextDouble(), 1 + r.nextInt(3), Integer.MAX_VALUE), policy.apply(r)));
    }

    /**
     * {@code protocol} on a random unit-disk graph of n nodes of mean degree about {@code degree}, FIFO or
     * not (FIFO if it requires it), Δ = 16 (n if it requires a complete graph), its seed drawn last.
     */
    static <S extends NodeState> Simulation simulation(Random r, Protocol<S> protocol, int n, double degree) {
        double side = LmeBench.side(n, degree);
        double[] x = new double[n];
        double[] y = new double[n];
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            x[i] = r.nextDouble() * side;
            y[i] = r.nextDouble() * side;
            names.add("n" + i);
        }
        // FIFO where the protocol needs it (no draw then), Δ = n where it needs a complete graph
        boolean fifo = protocol.requirements().fifo() || r.nextBoolean();
        int delta = protocol.requirements().completeGraph() ? Math.max(16, n) : 16;
        return new Simulation(new SimulationConfig(protocol, names, x, y, null, delta,
                fifo ? ChannelDiscipline.FIFO : ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, CheckSettings.DEFAULTS,
                r.nextLong()));
    }
}
