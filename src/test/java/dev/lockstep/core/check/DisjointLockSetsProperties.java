package dev.lockstep.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Check;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Violation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.protocol.lme.Lme;
import dev.lockstep.protocol.lme.LmeState;
import dev.lockstep.protocol.lme.LmeVariant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * {@link Protocol#disjointLockSets()} lets a run's mutual-exclusion check of LME read no lock set.
 * That is sound only if no node is ever in two of LME's lock sets: generated LME runs (as printed
 * and corrected; churn, crashes, every policy; {@link IncrementalCheckProperties#generate}) count
 * every node's lock sets after every execution and at every end of round, and again with every
 * node's {@code lock} set to a random value (any port, cut or not, itself, ⊥), so the claim is
 * tested for configurations the protocol never reaches too. The run's own check and the full pass
 * are compared at every end of round by {@link IncrementalCheckProperties}. The suite fixes jqwik's
 * seeds (PropertySeeds).
 */
class DisjointLockSetsProperties {
    @Property(tries = 60)
    void noNodeIsInTwoOfLmesLockSets(@ForAll long seed) {
        IncrementalCheckProperties.Generated g = IncrementalCheckProperties.generate(seed);
        for (long s = seed + 1; !(g.config().protocol() instanceof Lme); s++) g = IncrementalCheckProperties.generate(s);
        Protocol<?> lme = g.config().protocol();
        assertTrue(lme.disjointLockSets());
        Simulation sim = new Simulation(g.config());
        Engine engine = new Engine(sim, g.adversary());
        Random scramble = new Random(seed);
        int round = sim.round();
        while (sim.round() < g.rounds() && engine.stepAction(g.rounds())) {
            assertAtMostOneOwner(lme, sim);
            if (sim.round() != round) {
                round = sim.round();
                assertAtMostOneOwnerWhateverTheLocks(lme, sim, scramble);
            }
        }
    }

    /** The counting can fail: a protocol whose lock sets take idle neighbours has nodes in two. */
    @Test
    void theCountingFindsANodeInTwoLockSets() {
        for (long seed = 0; seed < 200; seed++) {
            IncrementalCheckProperties.Generated g = IncrementalCheckProperties.generate(seed);
            if (!(g.config().protocol() instanceof LeechProtocol)) continue;
            Simulation sim = new Simulation(g.config());
            Engine engine = new Engine(sim, g.adversary());
            while (sim.round() < g.rounds()) {
                engine.stepRound();
                if (maxOwners(g.config().protocol(), sim) > 1) {
                    assertFalse(g.config().protocol().disjointLockSets());
                    List<Violation> out = new ArrayList<>();
                    new MutualExclusionCheck(g.config().protocol()).endOfRound(sim, out);
                    assertFalse(out.isEmpty(), "the full pass reports the shared node");
                    return;
                }
            }
        }
        throw new AssertionError("no generated leech run ended with a node in two lock sets");
    }

    /** A run's mutual-exclusion check of LME is its own instance and reads nothing. */
    @Test
    void aRunsCheckOfLmeIsItsOwnInstance() {
        Check declared = new MutualExclusionCheck(new Lme(4, LmeVariant.CORRECTED));
        Check running = declared.forRun();
        assertTrue(running != declared);
        List<Violation> out = new ArrayList<>();
        running.endOfRound(null, null, out); // would throw if it read the view
        assertEquals(List.of(), out);
    }

    private static void assertAtMostOneOwnerWhateverTheLocks(Protocol<?> lme, Simulation sim, Random r) {
        int n = sim.nodeCount();
        int[] saved = new int[n];
        for (int u = 0; u < n; u++) {
            LmeState s = (LmeState) sim.state(u);
            saved[u] = s.lock();
            s.lock(r.nextInt(sim.delta() + 2) - 1); // ⊥ (−1), itself (0) or any port 1..Δ
        }
        try {
            assertAtMostOneOwner(lme, sim);
        } finally {
            for (int u = 0; u < n; u++) ((LmeState) sim.state(u)).lock(saved[u]);
        }
    }

    private static void assertAtMostOneOwner(Protocol<?> protocol, Simulation sim) {
        int max = maxOwners(protocol, sim);
        assertTrue(max <= 1, "a node in " + max + " lock sets in round " + sim.round());
    }

    /** The most lock sets any node is in (a holder naming a member twice counts once). */
    private static int maxOwners(Protocol<?> protocol, Simulation sim) {
        int n = sim.nodeCount();
        int[] owners = new int[n];
        int max = 0;
        for (int holder = 0; holder < n; holder++) {
            int[] members = LockSets.of(protocol, sim, holder);
            for (int i = 0; i < members.length; i++) {
                if (i == 0 || members[i] != members[i - 1]) max = Math.max(max, ++owners[members[i]]);
            }
        }
        return max;
    }
}
