package dev.lockstep.protocol.krl;

import static org.junit.jupiter.api.Assertions.fail;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Choice;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import java.util.ArrayList;
import java.util.List;

/** Small KRL systems driven by hand (nodes n0, n1, ...; ids are indices), one action at a time. */
final class KrlHarness {
    final Simulation sim;

    KrlHarness(Protocol<?> protocol, int n, int delta) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) names.add("n" + i);
        sim = new Simulation(new SimulationConfig(protocol, names, new double[n], new double[n], null, delta,
                ChannelDiscipline.FIFO, PortAssignment.LOWEST, new CheckSettings(50), 1));
    }

    KrlHarness(KrlVariant v, int k, int n) {
        this(new Krl(k, v), n, 3);
    }

    KrlState s(int u) {
        return (KrlState) sim.state(u);
    }

    void link(int u, int v) {
        if (!sim.link(u, v)) fail("link refused " + u + "-" + v);
    }

    /** Runs {@code label} at u (receiving the oldest receivable message of that type when it is a receive). */
    ExecutionRecord step(int u, String label) {
        for (Choice c : sim.choices(u)) {
            if (sim.actions().get(c.action()).label().equals(label)) return sim.execute(c);
        }
        fail("n" + u + " cannot run " + label + " in round " + sim.round() + "; enabled: "
                + sim.choices(u).stream().map(c -> sim.actions().get(c.action()).label()).toList());
        return null;
    }

    void call(int u, dev.lockstep.core.Call c) {
        sim.call(u, c);
    }

    void endRound() {
        sim.endRound();
    }

    /** Rounds in which every node runs every effective action it has, until nothing changes. */
    void settle(int maxRounds) {
        for (int r = 0; r < maxRounds; r++) {
            boolean any = false;
            int[] buf = new int[64];
            for (int u = 0; u < sim.nodeCount(); u++) {
                int c = sim.enumerateEffective(u, buf);
                if (c > 0) {
                    sim.execute(sim.decode(u, buf[0]));
                    any = true;
                }
            }
            sim.endRound();
            if (!any && sim.totalInTransit() == 0) return;
        }
    }

    static HeightTriple h(int h1, int h2, int id) {
        return new HeightTriple(h1, h2, id);
    }
}
