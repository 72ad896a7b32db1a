package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Check;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import dev.lockstep.core.Workers;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.check.BothWays;
import dev.lockstep.core.check.BothWays.Tally;
import dev.lockstep.core.check.LockoutCheck;
import dev.lockstep.core.check.MutualExclusionCheck;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A check told which nodes changed this round ({@link Check#endOfRound(SystemView, int[], List)})
 * must report exactly what its full pass over every node reports, in the same round. Every live
 * check of every sample run is run both ways at every end of round ({@link BothWays}), on one,
 * two and three threads; the broken printed LME of flaw 1 must still trip the incremental
 * acyclic-dependencies check.
 */
class IncrementalChecksTest {
    private static Simulation run(Scenario s, Map<String, Tally> tallies, int threads) {
        Simulation sim = new Simulation(BothWays.twinned(s.config(s.seed()), tallies));
        try (Workers w = new Workers(threads)) {
            sim.workers(w);
            new Engine(sim, s.adversary()).runUntil(s.rounds());
        }
        return sim;
    }

    private static List<Path> samples() throws Exception {
        try (Stream<Path> all = Files.list(Path.of("sample-runs"))) {
            return all.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    @Test
    void theBrokenPrintedLmeStillTripsTheIncrementalCycleCheck() throws Exception {
        Map<String, Tally> tallies = new TreeMap<>();
        Simulation sim = run(ScenarioLoader.load(Path.of("sample-runs/flaw-1-two-node-deadlock.json")), tallies, 1);
        Tally acyclic = tallies.get(AcyclicDependenciesCheck.NAME);
        assertTrue(acyclic.incremental > 5, "ends of round told the changed nodes: " + acyclic.incremental);
        assertTrue(acyclic.foundIncrementally >= 1, "the deadlock's cycle was found by the incremental pass");
        assertTrue(sim.violations().stream().anyMatch(v -> v.check().equals(AcyclicDependenciesCheck.NAME)
                && v.message().startsWith("waits-for cycle: ")), sim.violations().toString());
    }

    @Test
    void everySampleRunReportsTheSameBothWaysOnAnyThreadCount() throws Exception {
        int violations = 0;
        Map<String, Tally> tallies = new TreeMap<>();
        for (Path f : samples()) {
            Scenario s = ScenarioLoader.load(f);
            List<Violation> one = null;
            for (int threads = 1; threads <= 3; threads++) {
                Simulation sim = run(s, threads == 1 ? tallies : new TreeMap<>(), threads);
                if (one == null) one = sim.violations();
                else assertEquals(one, sim.violations(), f + " on " + threads + " threads");
            }
            violations += one.size();
        }
        assertTrue(violations > 5, "the samples include flaws: " + violations);
        assertTrue(tallies.get(AcyclicDependenciesCheck.NAME).incremental > 500, "incremental ends of round");
        // LME's lock sets are disjoint by definition: a run's own mutual-exclusion check answers without reading them
        Tally mutex = tallies.get(MutualExclusionCheck.NAME);
        assertTrue(mutex.fromMemory > 500, "mutual exclusion from memory: " + mutex.fromMemory);
        Tally lockout = tallies.get(LockoutCheck.NAME);
        assertTrue(lockout.fromMemory > 500, "lockout from its timers: " + lockout.fromMemory);
    }

    /** Lockouts are reported from the timers in every round, also after a finding (no full pass is forced then). */
    @Test
    void lockoutReportsFromItsTimersAfterAFinding() throws Exception {
        int found = 0;
        for (Path f : samples()) {
            Map<String, Tally> tallies = new TreeMap<>();
            run(ScenarioLoader.load(f), tallies, 1);
            Tally lockout = tallies.get(LockoutCheck.NAME);
            if (lockout == null) continue;
            assertEquals(lockout.all.size(), lockout.foundIncrementally, f + ": lockouts reported with the changes known");
            found += lockout.foundIncrementally;
        }
        assertTrue(found > 10, "lockouts reported from the timers: " + found);
    }
}
