package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.Churn;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.NodeChoice;
import dev.lockstep.core.adversary.RandomWalk;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.adversary.TopologyEvent;
import dev.lockstep.protocol.lamport.LogicalTimeMe;
import dev.lockstep.protocol.lme.Lme;
import dev.lockstep.protocol.lme.LmeMessages;
import dev.lockstep.protocol.lme.LmeState;
import dev.lockstep.protocol.lme.LmeVariant;
import dev.lockstep.protocol.ricartagrawala.RicartAgrawala;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * A listed synchronous plan nobody listens to takes {@link QuietExecutions}' straight line; with
 * it turned off the same runs take {@link Executions#executeAt}'s general one. Generated runs
 * (every LME variant, K 2..16, LME whose InitLock sends prepare() twice, Ricart-Agrawala, Lamport;
 * random unit-disk graphs, FIFO or not, with churn, moving nodes and crashes; every policy)
 * end every round in the same configuration with the same violations, and the runs in the same
 * messages in transit (ids in box order), statistics, execution count and random stream position.
 */
class QuietExecutionsProperties {
    private static final int ROUNDS = 40;

    /** The protocol a generator number draws: LME (any variant, K 2..16, or the default), LME sending twice, Ricart-Agrawala, Lamport. */
    private static Protocol<?> protocol(Random r) {
        int kind = r.nextInt(8);
        LmeVariant[] variants = LmeVariant.values();
        return switch (kind) {
            case 0, 1, 2 -> new Lme(2 + r.nextInt(15), variants[r.nextInt(variants.length)]);
            case 3 -> doubleSending(r.nextBoolean());
            case 4 -> new RicartAgrawala();
            case 5 -> new LogicalTimeMe();
            default -> new Lme();
        };
    }

    /**
     * LME whose InitLock also sends prepare() a second time on every port of L (the transit bound
     * breaks), its operations still offered as LME's switch when {@code offerSwitch}: the switch
     * no longer runs the actions' operations, and the straight line must see it and call the
     * replaced operation.
     */
    static Protocol<LmeState> doubleSending(boolean offerSwitch) {
        Lme lme = new Lme();
        List<Action<LmeState>> actions = new ArrayList<>();
        for (Action<LmeState> a : lme.actions()) {
            actions.add(!a.label().equals("InitLock") ? a : a.withOperation((s, x) -> {
                a.run(s, x);
                if (s.state() == LmeState.State.PREPARE) {
                    for (long p = s.L(); p != 0; p &= p - 1) x.send(Long.numberOfTrailingZeros(p), new LmeMessages.Prepare());
                }
            }));
        }
        return new ForwardingProtocol<>(lme) {
            @Override public String name() { return "lme (InitLock sends twice)"; }
            @Override public List<Action<LmeState>> actions() { return actions; }
            @Override public ActionOperations<LmeState> operations() { return offerSwitch ? base.operations() : null; }
        };
    }

    private static SchedulerPolicy policy(Random r) {
        NodeChoice choice = r.nextBoolean() ? NodeChoice.EFFECTIVE : NodeChoice.ANY;
        return switch (r.nextInt(6)) {
            case 0, 1, 2 -> new Synchronous(choice);
            case 3 -> new SemiSynchronous(0.3 + 0.6 * r.nextDouble(), choice);
            case 4 -> new Asynchronous(0.3 + 0.6 * r.nextDouble(), 1 + r.nextInt(3), choice);
            default -> new Sequential(choice);
        };
    }

    private static Engine engine(long generator) {
        Random r = new Random(generator);
        Protocol<?> protocol = protocol(r);
        int n = 3 + r.nextInt(50);
        Simulation sim = RandomLmeEngines.simulation(r, protocol, n, 2 + 5 * r.nextDouble());
        boolean complete = protocol.requirements().completeGraph();
        List<TopologyEvent> dynamics = new ArrayList<>();
        for (int i = r.nextInt(3); i > 0; i--) dynamics.add(new TopologyEvent.Crash(1 + r.nextInt(ROUNDS), r.nextInt(n), "generated"));
        Churn churn = r.nextBoolean() && !complete ? new Churn(0.2 * r.nextDouble(), 0.3 * r.nextDouble(), 5 + r.nextInt(ROUNDS)) : null;
        RandomWalk walk = r.nextInt(3) == 0 && !complete ? new RandomWalk(0.1 + 0.4 * r.nextDouble(), 0.3, ROUNDS) : null;
        // a protocol for complete graphs gets one: every pair within the radius
        return new Engine(sim, new ScenarioAdversary(new int[0], complete ? 1e6 : 1.0, dynamics, churn, null, null, walk,
                new RandomWorkload(0.1 + 0.8 * r.nextDouble(), r.nextInt(4), Integer.MAX_VALUE), policy(r)));
    }

    /** What one run shows, round by round and at its end; and how many executions took the straight line. */
    private record Outcome(String shown, long straight) {}

    private static Outcome run(long generator, boolean quiet) {
        Engine engine = engine(generator);
        Simulation sim = engine.simulation();
        SimulationInternals.rounds(sim).quiet = quiet;
        StringBuilder out = new StringBuilder();
        for (int round = 0; round < ROUNDS; round++) {
            int before = sim.violationCount();
            engine.stepRound();
            out.append(sim.violations().subList(before, sim.violationCount())).append(' ')
                    .append(sim.configuration().hashCode()).append('\n');
        }
        Stats s = sim.stats();
        out.append(TransitIds.of(sim)).append('\n').append(s.actions()).append(' ').append(s.messagesSent()).append(' ')
                .append(s.messagesLost()).append(' ').append(s.tokensLost()).append(' ').append(s.lockRequests()).append(' ')
                .append(s.locksAcquired()).append(' ').append(s.unlocks()).append(' ').append(s.maxWaitRounds()).append(' ')
                .append(s.meanWaitRounds()).append(' ').append(sim.executionsBegun()).append(' ').append(sim.random().nextLong())
                .append('\n').append(sim.configuration());
        return new Outcome(out.toString(), SimulationInternals.executions(sim).quiet.executed);
    }

    @Property(tries = 60)
    void theStraightLineEndsEveryRoundAsTheGeneralPath(@ForAll long generator) {
        Outcome general = run(generator, false);
        Outcome straight = run(generator, true);
        assertEquals(0, general.straight(), "turned off, the straight line runs nothing");
        assertEquals(general.shown(), straight.shown());
        Statistics.collect(straight.straight() > 0 ? "straight line taken" : "not taken");
    }

    /** Over the generated runs the straight line is taken, for LME and for the other protocols. */
    @Test
    void theGeneratedRunsTakeTheStraightLine() {
        int lme = 0;
        int others = 0;
        Random generators = new Random(17); // java.util.Random's first draws barely differ for seeds 0, 1, 2, ...
        for (int t = 0; t < 40; t++) {
            long g = generators.nextLong();
            Outcome o = run(g, true);
            if (o.straight() == 0) continue;
            if (engine(g).simulation().protocol().name().startsWith(Lme.NAME)) lme++;
            else others++;
        }
        assertTrue(lme >= 5 && others >= 5, "runs that took it: LME " + lme + ", others " + others);
    }

    /**
     * LME's switch is taken only while it runs the actions' own operations: a replaced InitLock
     * turns it off (even when the protocol still offers it), Ricart-Agrawala has none.
     */
    @Test
    void theSwitchIsTakenOnlyForTheActionsOwnOperations() {
        assertTrue(SimulationInternals.executions(simulation(new Lme(3, LmeVariant.PAPER))).quiet.switched());
        assertFalse(SimulationInternals.executions(simulation(doubleSending(true))).quiet.switched());
        assertFalse(SimulationInternals.executions(simulation(doubleSending(false))).quiet.switched());
        assertFalse(SimulationInternals.executions(simulation(new RicartAgrawala())).quiet.switched());
    }

    /** Each of LME's sixteen operations, through the switch and through its action, does the same to random states. */
    @Test
    void lmeSwitchRunsEachActionsOperation() {
        Lme lme = new Lme();
        ActionOperations<LmeState> ops = lme.operations();
        assertEquals(lme.actions().size(), ops.operations().size());
        for (int a = 0; a < lme.actions().size(); a++) assertTrue(ops.operations().get(a) == lme.actions().get(a).operation());
        // run whole: every action of LME is executed through the switch in some of these runs
        Random r = new Random(11);
        for (int t = 0; t < 5; t++) {
            long g = r.nextLong();
            Engine general = lmeEngine(g);
            Engine straight = lmeEngine(g);
            SimulationInternals.rounds(general.simulation()).quiet = false;
            general.runUntil(60);
            straight.runUntil(60);
            assertEquals(general.simulation().configuration(), straight.simulation().configuration());
            assertEquals(TransitIds.of(general.simulation()), TransitIds.of(straight.simulation()));
            assertTrue(SimulationInternals.executions(straight.simulation()).quiet.executed > 100);
        }
    }

    private static Engine lmeEngine(long g) {
        Random r = new Random(g);
        Simulation sim = RandomLmeEngines.simulation(r, new Lme(2 + r.nextInt(6), LmeVariant.CORRECTED), 30, 4);
        return new Engine(sim, new ScenarioAdversary(new int[0], 1.0, List.of(), new Churn(0.05, 0.1, 50), null, null, null,
                new RandomWorkload(0.5, 1, Integer.MAX_VALUE), new Synchronous()));
    }

    private static Simulation simulation(Protocol<?> protocol) {
        return RandomLmeEngines.simulation(new Random(3), protocol, 10, 3);
    }
}
