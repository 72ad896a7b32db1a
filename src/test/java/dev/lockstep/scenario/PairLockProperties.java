package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.application.population.Agents;
import dev.lockstep.application.population.ConservationCheck;
import dev.lockstep.application.population.IsolationCheck;
import dev.lockstep.core.Call;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Sent;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.protocol.lme.LmeState;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The paper's second implementation (Sec. 6): u chooses its partner v first and calls a Lock
 * scoped to u and v. LME's own checks (mutual exclusion, persistent lock set, transit bound,
 * acyclic dependencies, lockout, deadlock) and the application's (isolation, #A − #B) never fire
 * over random unit-disk graphs, schedules and mobility; a scoped Lock talks only to the partner
 * and locks {u, v}; a partner gone before the Lock leaves u locking only itself; runs replay.
 */
class PairLockProperties {

    @Property(tries = 60)
    void pairLocksKeepEveryCheckQuiet(
            @ForAll @IntRange(min = 4, max = 18) int n, @ForAll @IntRange(min = 0, max = 1000) int layout,
            @ForAll @IntRange(min = 1, max = 1000) int seed, @ForAll @IntRange(min = 0, max = 2) int policy,
            @ForAll @DoubleRange(min = 0, max = 0.6) double move, @ForAll @IntRange(min = 0, max = 3) int hold,
            @ForAll boolean exact) throws Exception {
        String app = exact ? PopulationTexts.exact(n, "pair", 0.4, hold) : PopulationTexts.approximate(n, "pair", 0.4, hold);
        Engine engine = ApplicationRunProperties.load(
                PopulationTexts.scenario(n, layout, seed, 200, PopulationTexts.POLICIES[policy], move, app)).engine();
        Simulation sim = engine.simulation();
        int before = ((Agents) sim.application()).conserved();
        engine.runUntil(200);
        Agents end = (Agents) sim.application();
        // every check: the application's and LME's own (lockout with its default bound)
        assertEquals(List.of(), sim.violations());
        assertEquals(before, end.conserved(), "the conserved quantity");
        for (int u = 0; u < n; u++) {
            int v = end.partnerOf(u);
            if (v >= 0) assertTrue(sim.graph().adjacent(u, v), "open interaction across a cut edge");
            // a lock set is never more than the holder and its chosen partner
            if (sim.status(u) == OperationStatus.LOCKED) assertTrue(lockSet(sim, u).size() <= 2, "lock set " + lockSet(sim, u));
        }
    }

    @Test
    void pairAgentsDoInteractAndConverge() throws Exception {
        Engine engine = ApplicationRunProperties.load(PopulationTexts.scenario(10, 3, 5, 1500, PopulationTexts.POLICIES[1], 0.2,
                PopulationTexts.exact(10, "pair", 0.5, 1))).engine();
        engine.runUntil(1500);
        Agents a = (Agents) engine.simulation().application();
        assertTrue(a.interactions() > 20, "interactions: " + a.interactions());
        assertTrue(a.consensusSince() > 0, "consensus");
        assertEquals(List.of(), engine.simulation().violations());
    }

    private static TreeSet<Integer> lockSet(Simulation sim, int u) {
        TreeSet<Integer> out = new TreeSet<>();
        sim.protocol().lockSet(u, sim, out::add);
        return out;
    }

    /**
     * A static unit disk of 10 nodes where nobody calls Lock on its own ({@code interact} 0), its
     * round 0 begun (the disk's edges are in): inputs given now need {@link Engine#replan()}.
     */
    private static Engine quiet() throws Exception {
        Engine engine = ApplicationRunProperties.load(PopulationTexts.scenario(10, 3, 5, 100, PopulationTexts.POLICIES[0], 0,
                PopulationTexts.exact(10, "pair", 0, 1))).engine();
        engine.beginRound();
        return engine;
    }

    /** The node with the most neighbours (the lowest among ties). */
    private static int busiest(Simulation sim) {
        int best = 0;
        for (int u = 1; u < sim.nodeCount(); u++) if (Long.bitCount(sim.ports(u)) > Long.bitCount(sim.ports(best))) best = u;
        return best;
    }

    /** Every send of u's executions, by label. */
    private static List<String> sendsOf(Simulation sim, int u) {
        List<String> out = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override
            public void executed(ExecutionRecord r) {
                if (r.node() != u) return;
                for (Sent s : r.sent()) out.add(r.label() + "@" + s.port());
            }
        });
        return out;
    }

    @Test
    void aScopedLockPreparesOnlyTheChosenPartnerAndLocksTheTwo() throws Exception {
        Engine engine = quiet();
        Simulation sim = engine.simulation();
        int u = busiest(sim);
        assertTrue(Long.bitCount(sim.ports(u) & ~1L) >= 3, "u has at least three neighbours");
        int v = sim.peer(u, Long.numberOfTrailingZeros(sim.ports(u) & ~1L));
        int pv = sim.portTo(u, v);
        List<String> sends = sendsOf(sim, u);
        sim.applicationStep(u, "choose", v);
        sim.call(u, Call.LOCK);
        engine.replan();
        engine.stepRound();
        assertEquals(List.of("InitLock@0", "InitLock@" + pv), sends, "prepare() only on port 0 and the partner's port");
        assertEquals(1L | 1L << pv, ((LmeState) sim.state(u)).L(), "L = N[u] ∩ scope");
        int rounds = 0;
        while (sim.status(u) != OperationStatus.LOCKED && rounds++ < 60) engine.stepRound();
        assertEquals(OperationStatus.LOCKED, sim.status(u));
        assertEquals(new TreeSet<>(List.of(u, v)), lockSet(sim, u), "the lock set is {u, v}");
        for (long s = sim.ports(u) & ~1L; s != 0; s &= s - 1) {
            int w = sim.peer(u, Long.numberOfTrailingZeros(s));
            if (w != v) assertEquals(LmeState.UNLOCKED, ((LmeState) sim.state(w)).lock(), "a neighbour outside the scope stays unlocked");
        }
        for (String s : sends) assertTrue(s.endsWith("@0") || s.endsWith("@" + pv), "u sent outside the scope: " + sends);
        // the application then meets the partner and unlocks
        engine.runUntil(sim.round() + 40);
        Agents a = (Agents) sim.application();
        assertEquals(1, a.interactions());
        assertEquals(OperationStatus.IDLE, sim.status(u));
        assertEquals(-1, a.lockPartner(u), "the choice is used up");
        assertEquals(List.of(), sim.violations());
    }

    @Test
    void aPartnerGoneBeforeTheLockLeavesULockingOnlyItself() throws Exception {
        Engine engine = quiet();
        Simulation sim = engine.simulation();
        int u = busiest(sim);
        int v = sim.peer(u, Long.numberOfTrailingZeros(sim.ports(u) & ~1L));
        List<String> sends = sendsOf(sim, u);
        List<String> says = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override
            public void applicationStep(int round, int node, String kind, int partner, String sentence) {
                says.add(kind + ": " + sentence);
            }
        });
        sim.applicationStep(u, "choose", v);
        assertTrue(sim.cut(u, v), "v moves out of range after u chose it");
        sim.call(u, Call.LOCK);
        engine.replan();
        engine.stepRound();
        assertEquals(List.of("InitLock@0"), sends, "prepare() to u itself only");
        int rounds = 0;
        while (sim.status(u) != OperationStatus.LOCKED && rounds++ < 60) engine.stepRound();
        assertEquals(new TreeSet<>(List.of(u)), lockSet(sim, u), "u locked only itself");
        engine.runUntil(sim.round() + 20);
        Agents a = (Agents) sim.application();
        assertEquals(0, a.interactions(), "no interaction");
        assertEquals(1, a.alone());
        assertEquals(OperationStatus.IDLE, sim.status(u), "u unlocked itself");
        assertEquals(2, says.size(), says::toString);
        assertTrue(says.get(1).startsWith("alone: ") && says.get(1).contains("moved out of range"), says::toString);
        for (String s : sends) assertTrue(s.endsWith("@0"), "u sent to a neighbour: " + sends);
        assertEquals(List.of(), sim.violations(), "persistent-lock-set expects {u}");
    }

    @Property(tries = 8)
    void pairRunsAreDeterministicAndReplayExactly(@ForAll @IntRange(min = 1, max = 500) int seed,
                                                 @ForAll @IntRange(min = 0, max = 2) int policy) throws Exception {
        String text = PopulationTexts.scenario(10, seed, seed, 80, PopulationTexts.POLICIES[policy], 0.3,
                PopulationTexts.exact(10, "pair", 0.4, 2));
        String first = ApplicationRunProperties.trace(text, 80);
        assertEquals(first, ApplicationRunProperties.trace(text, 80), "same seed, same trace");
        assertTrue(first.contains("\"step\":\"choose\""), "the trace records the partner chosen before each Lock");
        TraceReplay.Result r = TraceReplay.replay(first, "population.trace");
        assertTrue(r.identical(), () -> "line " + r.differingLine() + ": expected " + r.expected() + "\n got " + r.actual());
    }

    @Test
    void copiesCarryTheChosenPartner() throws Exception {
        Engine engine = quiet();
        Simulation sim = engine.simulation();
        int u = busiest(sim);
        int v = sim.peer(u, Long.numberOfTrailingZeros(sim.ports(u) & ~1L));
        sim.applicationStep(u, "choose", v);
        Simulation copy = sim.copy();
        assertEquals(v, copy.application().lockPartner(u));
        sim.call(u, Call.LOCK);
        engine.replan();
        engine.runUntil(40);
        assertEquals(-1, sim.application().lockPartner(u), "used up in the run");
        assertEquals(v, copy.application().lockPartner(u), "the copy keeps its own");
        assertFalse(sim.violations().stream().anyMatch(x -> x.check().equals(IsolationCheck.NAME)
                || x.check().equals(ConservationCheck.NAME)));
    }
}
