package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.app.window.panel.NarrationPanel;
import dev.lockstep.app.window.panel.PseudocodePanel;
import dev.lockstep.core.Action;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Pseudocode;
import dev.lockstep.core.Requirements;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.Check;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.watch.NarrationEntry;
import dev.lockstep.watch.Watcher;
import dev.lockstep.workspace.SessionFiles;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/**
 * The narration and pseudocode panels with a protocol that has real narration and pseudocode
 * (as the protocol packages will): {@code before} is the node's state before the execution, and
 * the last action's lines are highlighted.
 */
class PanelsTest extends AppFixture {
    /** LME, narrating "before -> after" and with a two-block pseudocode. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static final class Narrated implements Protocol<NodeState> {
        final Protocol<NodeState> base;

        Narrated(Protocol<?> base) {
            this.base = (Protocol) base;
        }

        @Override public String name() { return "narrated"; }
        @Override public Requirements requirements() { return base.requirements(); }
        @Override public NodeState initialState(int delta) { return base.initialState(delta); }
        @Override public List<Action<NodeState>> actions() { return base.actions(); }
        @Override public void lockSet(int h, SystemView v, IntConsumer m) { base.lockSet(h, v, m); }
        @Override public List<Check> checks(CheckSettings s) { return base.checks(s); }
        @Override public int sendsPerPort() { return base.sendsPerPort(); }
        @Override
        public ProtocolPresentation<NodeState> presentation() {
            ProtocolPresentation<NodeState> shown = base.presentation();
            return new ProtocolPresentation<>() {
                @Override public String fill(NodeState s) { return shown.fill(s); }
                @Override public List<String> fillValues() { return shown.fillValues(); }

                @Override
                public String narrate(ExecutionRecord r, NodeState before, SystemView view) {
                    return view.nodeName(r.node()) + " " + r.label() + " " + before.variables() + " -> " + r.state().variables();
                }

                @Override
                public Pseudocode pseudocode() {
                    return new Pseudocode(List.of(new Pseudocode.Block("Algorithm 1", List.of("l1", "l2", "l3", "l4")),
                            new Pseudocode.Block("Algorithm 2", List.of("m1", "m2", "m3"))),
                            Map.of("InitLock", List.of(new Pseudocode.Span(0, 2, 3)),
                                    "ReceivePrepare", List.of(new Pseudocode.Span(1, 1, 1), new Pseudocode.Span(0, 4, 4))));
                }
            };
        }
    }

    @Test
    void narrationGetsTheStateBeforeEachExecution() {
        Scenario sc = SessionFiles.defaultScenario();
        SimulationConfig c = sc.config(3);
        Simulation sim = new Simulation(new SimulationConfig(new Narrated(sc.protocol()), c.names(), sc_x(sc), sc_y(sc), null,
                c.delta(), c.channels(), c.portAssignment(), c.checks(), 3));
        Engine engine = new Engine(sim, sc.adversary());
        Watcher watcher = new Watcher(sim);
        // an independent record of each node's previous state
        Map<Integer, String> previous = new HashMap<>();
        for (int u = 0; u < sim.nodeCount(); u++) previous.put(u, sim.state(u).variables().toString());
        List<String> expected = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override
            public void executed(ExecutionRecord r) {
                String after = r.state().variables().toString();
                expected.add(sim.nodeName(r.node()) + " " + r.label() + " " + previous.get(r.node()) + " -> " + after);
                previous.put(r.node(), after);
            }
        });
        engine.runUntil(30);
        List<String> told = watcher.drainEntries().stream().filter(e -> e.kind() == NarrationEntry.Kind.ACTION)
                .map(NarrationEntry::text).toList();
        assertTrue(told.size() > 20, "executions: " + told.size());
        assertEquals(expected, told);
    }

    private static double[] sc_x(Scenario s) {
        double[] x = new double[s.nodes().size()];
        for (int i = 0; i < x.length; i++) x[i] = s.x(i);
        return x;
    }

    private static double[] sc_y(Scenario s) {
        double[] y = new double[s.nodes().size()];
        for (int i = 0; i < y.length; i++) y[i] = s.y(i);
        return y;
    }

    @Test
    void pseudocodeHighlightsTheLinesOfTheLastAction() {
        PseudocodePanel p = fx(() -> new PseudocodePanel());
        fx(() -> p.setProtocol("narrated", new Narrated(SessionFiles.defaultScenario().protocol()).presentation().pseudocode()));
        fx(() -> p.highlight("InitLock", "a ran InitLock in round 0"));
        assertEquals(List.of("2  l2", "3  l3"), fx(() -> p.highlighted()));
        fx(() -> p.highlight("ReceivePrepare", "b ran ReceivePrepare in round 1"));
        assertEquals(List.of("1  m1", "4  l4"), fx(() -> p.highlighted()));
        assertEquals("Last: b ran ReceivePrepare in round 1.", fx(() -> p.caption()));
        fx(() -> p.highlight("CheckWin", "c ran CheckWin in round 2"));
        assertEquals(List.of(), fx(() -> p.highlighted()));
        assertTrue(fx(() -> p.caption()).contains("no lines of the pseudocode are marked for CheckWin"));
    }

    @Test
    void withoutPseudocodeThePanelSaysSo() {
        PseudocodePanel p = fx(() -> new PseudocodePanel());
        fx(() -> p.setProtocol("greedy", dev.lockstep.core.Pseudocode.NONE));
        assertEquals("No pseudocode is available for greedy yet.",
                fx(() -> p.emptyMessage()));
        fx(() -> p.highlight("Grab", "a ran Grab in round 0"));
        assertEquals("Last: a ran Grab in round 0.", fx(() -> p.caption()));
    }

    @Test
    void theWindowHighlightsExactlyTheLinesTheLastExecutionRan() {
        fx(() -> window.stepAction());
        assertTrue(fx(() -> window.pseudocode().caption()).matches("Last: \\w+ ran \\w+ in round \\d+\\."),
                fx(() -> window.pseudocode().caption()));
        List<String> lit = fx(() -> window.pseudocode().highlighted());
        assertTrue(!lit.isEmpty(), "LME has pseudocode: some lines are lit");
        // The first execution of the default run is an InitLock: Alg. 1 l. 1-5 (its CleanUp helper
        // with nothing to clean runs l. 22, 23, 27, 30/31 at most) — never the whole of Alg. 1.
        assertTrue(lit.size() < 20, lit.toString());
    }

    @Test
    void theNarrationFiltersByNodeAndStaysBounded() {
        fx(() -> window.runRounds(30));
        int d = node("d");
        List<NarrationEntry> all = fx(() -> window.narration().shownEntries());
        fx(() -> window.narration().filterTo(d));
        List<NarrationEntry> onlyD = fx(() -> window.narration().shownEntries());
        assertTrue(onlyD.size() > 0 && onlyD.size() < all.size());
        assertTrue(onlyD.stream().allMatch(e -> e.nodes().contains(d)));
        assertEquals(all.stream().filter(e -> e.nodes().contains(d)).count(), onlyD.size());
        fx(() -> window.narration().filterTo(-1));
        fx(() -> window.runRounds(400));
        assertEquals(NarrationPanel.CAPACITY, (int) fx(() -> window.narration().shownEntries().size()));
    }
}
