package dev.lockstep.figure;

import dev.lockstep.core.Envelope;
import dev.lockstep.core.Simulation;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.Session;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** Sessions at chosen moments, and what the simulation says is there (for the figure tests). */
final class Moments {
    private Moments() {}

    static final List<String> SAMPLES = List.of("figure-1-persistent-neighbourhood.json", "flaw-1-two-node-deadlock.json",
            "flaw-2-stuck-in-win.json", "flaw-3-stale-late-mark.json", "grid-5x5-churn.json",
            "ricart-agrawala-complete-5.json", "ring-8.json", "unit-disk-swarm-30.json");

    static Scenario sample(String file) throws Exception {
        return ScenarioLoader.load(Path.of("sample-runs", file));
    }

    /**
     * A session after {@code rounds} rounds, with the next round begun (where the window rests after
     * a step) and then {@code actions} more action executions.
     */
    static Session at(Scenario scenario, long seed, int rounds, int actions) {
        Session s = Session.start(scenario, seed);
        s.runUntil(rounds);
        s.beginRound();
        for (int i = 0; i < actions; i++) s.stepAction(5);
        return s;
    }

    static Session at(String sample, long seed, int rounds, int actions) throws Exception {
        return at(sample(sample), seed, rounds, actions);
    }

    /** The edges as "u-v" with u < v, from the simulation's ports. */
    static TreeSet<String> edges(Simulation sim) {
        TreeSet<String> out = new TreeSet<>();
        for (int u = 0; u < sim.nodeCount(); u++) {
            for (int p = 1; p <= sim.delta(); p++) {
                int v = sim.peer(u, p);
                if (v > u) out.add(u + "-" + v);
            }
        }
        return out;
    }

    /** Every message in transit, as "from->to:label", sorted. */
    static List<String> messages(Simulation sim) {
        List<String> out = new ArrayList<>();
        for (int v = 0; v < sim.nodeCount(); v++) {
            for (int i = 0; i < sim.channels().size(v); i++) {
                Envelope e = sim.channels().get(v, i);
                out.add(e.from() + "->" + e.to() + ":" + e.message().label());
            }
        }
        out.sort(null);
        return out;
    }
}
