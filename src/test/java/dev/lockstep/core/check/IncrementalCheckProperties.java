package dev.lockstep.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.Churn;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.adversary.TopologyEvent;
import dev.lockstep.core.check.BothWays.Tally;
import dev.lockstep.protocol.lme.Lme;
import dev.lockstep.protocol.lme.LmeVariant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;

/**
 * Generated runs (LME as printed and corrected, a greedy protocol and one whose lock sets take
 * idle neighbours; random graphs with churn and crashes; every scheduling policy; small lockout
 * bounds): every live check reports at every end of round exactly what its full pass reports, and
 * the same on one and three threads. The suite fixes jqwik's seeds (PropertySeeds).
 */
class IncrementalCheckProperties {
    record Generated(SimulationConfig config, ScenarioAdversary adversary, int rounds) {}

    static Generated generate(long seed) {
        Random r = new Random(seed);
        int n = 3 + r.nextInt(28);
        Protocol<?> protocol = switch (r.nextInt(4)) {
            case 0 -> new Lme(2 + r.nextInt(7), LmeVariant.PAPER);
            case 1 -> new Lme(2 + r.nextInt(7), LmeVariant.CORRECTED);
            case 2 -> new GreedyProtocol(r.nextBoolean());
            default -> new LeechProtocol();
        };
        List<Integer> edges = new ArrayList<>();
        int[] degree = new int[n];
        double density = 3.0 / n + 0.3 * r.nextDouble();
        for (int u = 0; u < n; u++) {
            for (int v = u + 1; v < n; v++) {
                if (v == u + 1 || r.nextDouble() < density) {
                    edges.add(u);
                    edges.add(v);
                    degree[u]++;
                    degree[v]++;
                }
            }
        }
        int delta = 2;
        for (int d : degree) delta = Math.max(delta, d);
        delta = Math.min(62, delta + r.nextInt(3));
        SchedulerPolicy policy = switch (r.nextInt(4)) {
            case 0 -> new Synchronous();
            case 1 -> new SemiSynchronous(0.2 + 0.7 * r.nextDouble());
            case 2 -> new Sequential();
            default -> new Asynchronous(0.3 + 0.6 * r.nextDouble(), 1 + r.nextInt(3));
        };
        List<TopologyEvent> dynamics = new ArrayList<>();
        for (int i = r.nextInt(3); i > 0; i--) dynamics.add(new TopologyEvent.Crash(1 + r.nextInt(40), r.nextInt(n), "generated"));
        Churn churn = r.nextBoolean() ? new Churn(0.2 * r.nextDouble(), 0.3 * r.nextDouble(), 20 + r.nextInt(60)) : null;
        List<String> names = new ArrayList<>();
        for (int u = 0; u < n; u++) names.add("n" + u);
        SimulationConfig config = new SimulationConfig(protocol, names, new double[n], new double[n], null, delta,
                r.nextBoolean() ? ChannelDiscipline.UNORDERED : ChannelDiscipline.FIFO,
                r.nextBoolean() ? PortAssignment.LOWEST : PortAssignment.RANDOM, new CheckSettings(1 + r.nextInt(8)), seed);
        ScenarioAdversary adversary = new ScenarioAdversary(edges.stream().mapToInt(Integer::intValue).toArray(), 0,
                dynamics, churn, new RandomWorkload(0.05 + 0.5 * r.nextDouble(), r.nextInt(5), Integer.MAX_VALUE), policy);
        return new Generated(config, adversary, 30 + r.nextInt(70));
    }

    @Property(tries = 200)
    void everyCheckReportsWhatItsFullPassReportsOnAnyThreadCount(@ForAll long seed) {
        Generated one = generate(seed);
        Map<String, Tally> single = BothWays.run(one.config(), one.adversary(), one.rounds(), 1);
        Generated again = generate(seed);
        Map<String, Tally> three = BothWays.run(again.config(), again.adversary(), again.rounds(), 3);
        for (String check : single.keySet()) {
            assertEquals(single.get(check).all, three.get(check).all, check);
            Statistics.collect(check, single.get(check).all.isEmpty() ? "silent" : "reported");
        }
    }
}
