package dev.lockstep.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import dev.lockstep.core.Workers;
import dev.lockstep.core.adversary.Adversary;
import dev.lockstep.core.adversary.Engine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntConsumer;

/**
 * Runs every live check of a run both ways at every end of round: as the run's own instance
 * ({@link Check#forRun()}, told the changed nodes) and as the declared check's full pass over
 * every node, and asserts they report the same violations in the same order.
 */
public final class BothWays {
    private BothWays() {}

    /** Per check name: ends of round it was told the changed nodes, what it reported then, and everything it reported. */
    public static final class Tally {
        public int incremental;
        /** Of those, ends of round where the check answered from its own memory ({@link Check#forRun()} not itself). */
        public int fromMemory;
        public int foundIncrementally;
        public final List<Violation> all = new ArrayList<>();
    }

    /** A check run both ways; the incremental result is passed on. */
    public record Twin(Check inner, Check running, Tally tally) implements Check {
        @Override public String name() { return inner.name(); }

        @Override public void afterExecution(SystemView view, int node, long sentPorts, List<Violation> out) {
            inner.afterExecution(view, node, sentPorts, out);
        }

        @Override public void endOfRound(SystemView view, List<Violation> out) {
            inner.endOfRound(view, out);
        }

        @Override public void endOfRound(SystemView view, int[] changed, List<Violation> out) {
            List<Violation> incremental = new ArrayList<>();
            running.endOfRound(view, changed, incremental);
            List<Violation> full = new ArrayList<>();
            inner.endOfRound(view, full);
            assertEquals(full, incremental, () -> name() + " in round " + view.round());
            if (changed != null) {
                tally.incremental++;
                if (running != inner) tally.fromMemory++;
                tally.foundIncrementally += incremental.size();
            }
            tally.all.addAll(incremental);
            out.addAll(incremental);
        }

        /** The run's own twin when the inner check keeps memory; else this (told no changes after findings). */
        @Override public Check forRun() {
            Check r = inner.forRun();
            return r == inner ? this : new Twin(inner, r, tally);
        }
    }

    /** The protocol with every live check wrapped in a {@link Twin}. */
    public record Twinned(Protocol<NodeState> base, Map<String, Tally> tallies) implements Protocol<NodeState> {
        @Override public String name() { return base.name(); }

        @Override public Requirements requirements() { return base.requirements(); }

        @Override public NodeState initialState(int delta) { return base.initialState(delta); }

        @Override public NodeState initialState(int delta, int id) { return base.initialState(delta, id); }

        @Override public List<Action<NodeState>> actions() { return base.actions(); }

        @Override public void lockSet(int holder, SystemView view, IntConsumer member) { base.lockSet(holder, view, member); }

        @Override public boolean localLockSets() { return base.localLockSets(); }

        @Override public boolean lockScopes() { return base.lockScopes(); }

        @Override public List<Check> checks(CheckSettings settings) {
            List<Check> out = new ArrayList<>();
            for (Check c : base.checks(settings)) out.add(new Twin(c, c, tallies.computeIfAbsent(c.name(), k -> new Tally())));
            return out;
        }

        @Override public int sendsPerPort() { return base.sendsPerPort(); }

        @Override public ProtocolPresentation<NodeState> presentation() { return base.presentation(); }
    }

    /** The configuration with its protocol's checks twinned, tallied into {@code tallies}. */
    @SuppressWarnings("unchecked") // the configuration's protocol, its state type erased
    public static SimulationConfig twinned(SimulationConfig c, Map<String, Tally> tallies) {
        Protocol<NodeState> twinned = new Twinned((Protocol<NodeState>) c.protocol(), tallies);
        return new SimulationConfig(twinned, c.names(), c.x(), c.y(), c.regions(), c.delta(),
                c.channels(), c.portAssignment(), c.checks(), c.seed(), c.areas(), c.application());
    }

    /** Runs the configuration with twinned checks on {@code threads} threads until {@code rounds}; returns the tallies. */
    public static Map<String, Tally> run(SimulationConfig c, Adversary adversary, int rounds, int threads) {
        Map<String, Tally> tallies = new TreeMap<>();
        Simulation sim = new Simulation(twinned(c, tallies));
        try (Workers w = new Workers(threads)) {
            sim.workers(w);
            new Engine(sim, adversary).runUntil(rounds);
        }
        return tallies;
    }
}
