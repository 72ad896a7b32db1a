package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.fail;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Choice;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.Violation;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** Builds small LME simulations and drives them by hand: the adversary is the test. */
final class LmeHarness {
    final Simulation sim;

    LmeHarness(Protocol<?> protocol, int delta, int lockoutBound, String... names) {
        double[] x = new double[names.length];
        double[] y = new double[names.length];
        sim = new Simulation(new SimulationConfig(protocol, List.of(names), x, y, null, delta,
                ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, new CheckSettings(lockoutBound), 1));
    }

    LmeHarness(LmeVariant variant, int delta, String... names) {
        this(new Lme(8, variant), delta, 10_000, names);
    }

    int node(String name) {
        int u = sim.indexOf(name);
        if (u < 0) fail("no node " + name);
        return u;
    }

    LmeState state(String name) {
        return (LmeState) sim.state(node(name));
    }

    void link(String a, String b) {
        if (!sim.link(node(a), node(b))) fail("link refused: " + a + "-" + b);
    }

    /** Executes action {@code label} at {@code name}, receiving on {@code port} (-1: any/none), with draws. */
    ExecutionRecord step(String name, String label, int port, int... draws) {
        int u = node(name);
        for (Choice c : sim.choices(u)) {
            if (!sim.actions().get(c.action()).label().equals(label)) continue;
            if (port >= 0 && (c.message() == null || c.message().toPort() != port)) continue;
            return sim.execute(draws.length > 0 ? c.withDraws(draws) : c);
        }
        fail(name + " cannot execute " + label + (port >= 0 ? " via port " + port : "") + " in round " + sim.round()
                + "; enabled: " + sim.choices(u).stream().map(c -> sim.actions().get(c.action()).label()
                + (c.message() == null ? "" : "@" + c.message().toPort())).collect(Collectors.joining(", ")));
        return null;
    }

    ExecutionRecord step(String name, String label) {
        return step(name, label, -1);
    }

    /**
     * Rounds 0-5 of README's flaw-1 schedule on two nodes x, y: both Lock, the prepare/ready
     * exchange (own port first), and CheckStart with the given priorities.
     */
    void bothPrepare(int priorityX, int priorityY) {
        step("x", "InitLock");
        step("y", "InitLock");
        endRound();
        for (String action : List.of("ReceivePrepare", "ReceiveReady")) {
            for (int port : new int[] {0, 1}) {
                step("x", action, port);
                step("y", action, port);
                endRound();
            }
        }
        step("x", "CheckStart", -1, priorityX);
        step("y", "CheckStart", -1, priorityY);
        endRound();
    }

    List<Violation> endRound() {
        return sim.endRound();
    }

    List<String> checksFired() {
        return sim.violations().stream().map(Violation::check).distinct().sorted().toList();
    }

    /** Records every execution. */
    List<ExecutionRecord> record() {
        List<ExecutionRecord> out = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override
            public void executed(ExecutionRecord r) {
                out.add(r);
            }
        });
        return out;
    }

    static Scenario sample(String file) throws Exception {
        return ScenarioLoader.load(Path.of("sample-runs", file));
    }

    /** A sample with its text edited (e.g. another variant), loaded under the same name. */
    static Scenario sample(String file, String from, String to) throws Exception {
        String text = Files.readString(Path.of("sample-runs", file));
        if (!text.contains(from)) fail(file + " does not contain " + from);
        try {
            return ScenarioLoader.parse(text.replace(from, to), file);
        } catch (ScenarioException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }
}
