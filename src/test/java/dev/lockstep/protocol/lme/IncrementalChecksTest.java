package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Action;
import dev.lockstep.core.Check;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Requirements;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A check told which nodes changed this round ({@link Check#endOfRound(SystemView, int[], List)})
 * must report exactly what its full pass over every node reports, in the same round. Every live
 * check of every sample run is run both ways at every end of round; the broken printed LME of
 * flaw 1 must still trip the incremental acyclic-dependencies check.
 */
class IncrementalChecksTest {
    /** Per check name: ends of round it was told the changed nodes, and violations it reported then. */
    static final class Tally {
        int incremental;
        int foundIncrementally;
    }

    /** Runs the check both ways, asserts the same violations and passes the incremental ones on. */
    record Twin(Check inner, Tally tally) implements Check {
        @Override public String name() { return inner.name(); }

        @Override public void afterExecution(SystemView view, int node, long sentPorts, List<Violation> out) {
            inner.afterExecution(view, node, sentPorts, out);
        }

        @Override public void endOfRound(SystemView view, List<Violation> out) {
            inner.endOfRound(view, out);
        }

        @Override public void endOfRound(SystemView view, int[] changed, List<Violation> out) {
            List<Violation> incremental = new ArrayList<>();
            inner.endOfRound(view, changed, incremental);
            List<Violation> full = new ArrayList<>();
            inner.endOfRound(view, full);
            assertEquals(full, incremental, () -> name() + " in round " + view.round());
            if (changed != null) {
                tally.incremental++;
                tally.foundIncrementally += incremental.size();
            }
            out.addAll(incremental);
        }
    }

    /** The protocol with every live check wrapped in a {@link Twin}. */
    record Twinned(Protocol<NodeState> base, java.util.Map<String, Tally> tallies) implements Protocol<NodeState> {
        @Override public String name() { return base.name(); }

        @Override public Requirements requirements() { return base.requirements(); }

        @Override public NodeState initialState(int delta) { return base.initialState(delta); }

        @Override public NodeState initialState(int delta, int id) { return base.initialState(delta, id); }

        @Override public List<Action<NodeState>> actions() { return base.actions(); }

        @Override public void lockSet(int holder, SystemView view, IntConsumer member) { base.lockSet(holder, view, member); }

        @Override public List<Check> checks(CheckSettings settings) {
            List<Check> out = new ArrayList<>();
            for (Check c : base.checks(settings)) out.add(new Twin(c, tallies.computeIfAbsent(c.name(), k -> new Tally())));
            return out;
        }

        @Override public int sendsPerPort() { return base.sendsPerPort(); }

        @Override public ProtocolPresentation<NodeState> presentation() { return base.presentation(); }
    }

    @SuppressWarnings("unchecked") // the scenario's protocol, its state type erased
    private static Simulation run(Scenario s, java.util.Map<String, Tally> tallies) {
        SimulationConfig c = s.config(s.seed());
        Protocol<NodeState> twinned = new Twinned((Protocol<NodeState>) c.protocol(), tallies);
        SimulationConfig twin = new SimulationConfig(twinned, c.names(), c.x(), c.y(), c.regions(), c.delta(),
                c.channels(), c.portAssignment(), c.checks(), c.seed(), c.areas());
        Engine engine = new Engine(new Simulation(twin), s.adversary());
        engine.runUntil(s.rounds());
        return engine.simulation();
    }

    @Test
    void theBrokenPrintedLmeStillTripsTheIncrementalCycleCheck() throws Exception {
        java.util.Map<String, Tally> tallies = new java.util.TreeMap<>();
        Simulation sim = run(ScenarioLoader.load(Path.of("sample-runs/flaw-1-two-node-deadlock.json")), tallies);
        Tally acyclic = tallies.get(AcyclicDependenciesCheck.NAME);
        assertTrue(acyclic.incremental > 5, "ends of round told the changed nodes: " + acyclic.incremental);
        assertTrue(acyclic.foundIncrementally >= 1, "the deadlock's cycle was found by the incremental pass");
        assertTrue(sim.violations().stream().anyMatch(v -> v.check().equals(AcyclicDependenciesCheck.NAME)
                && v.message().startsWith("waits-for cycle: ")), sim.violations().toString());
    }

    @Test
    void everySampleRunReportsTheSameBothWays() throws Exception {
        List<Path> files;
        try (Stream<Path> all = Files.list(Path.of("sample-runs"))) {
            files = all.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        java.util.Map<String, Tally> tallies = new java.util.TreeMap<>();
        int violations = 0;
        for (Path f : files) violations += run(ScenarioLoader.load(f), tallies).violationCount();
        assertTrue(violations > 5, "the samples include flaws: " + violations);
        assertTrue(tallies.get(AcyclicDependenciesCheck.NAME).incremental > 500, "incremental ends of round");
    }
}
