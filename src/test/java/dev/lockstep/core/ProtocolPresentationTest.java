package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/**
 * A protocol's presentation is apart from its semantics: one without its own is shown plainly
 * (no colours, no pseudocode, neutral sentences), and a derived protocol is shown like its base.
 */
class ProtocolPresentationTest {
    @Test
    void aProtocolWithoutPresentationIsShownPlainly() {
        Simulation sim = PingProtocol.simulation(2, 1, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, 1);
        sim.link(0, 1);
        sim.call(0, Call.LOCK);
        List<NarrationLog.Entry> log = new ArrayList<>();
        sim.addListener(new NarrationLog(sim, log::add));
        ExecutionRecord r = sim.execute(sim.choices(0).get(0));
        ProtocolPresentation<NodeState> shown = sim.protocol().presentation();
        assertEquals("", shown.fill(sim.state(0)));
        assertEquals("", shown.ring(sim.state(0)));
        assertTrue(shown.fillValues().isEmpty() && shown.ringValues().isEmpty());
        assertSame(Pseudocode.NONE, shown.pseudocode());
        assertEquals(List.of(), shown.executedLines(r, sim.state(0), sim));
        assertEquals(Narration.describe(r, sim), shown.narrate(r, sim.state(0), sim));
        assertEquals(1, log.size());
        assertEquals("a ran Broadcast: sent ping(1) on ports 0, 1", log.get(0).sentence());
    }

    @Test
    void aDerivedProtocolIsShownLikeItsBase() {
        ProtocolPresentation<NodeState> base = new ProtocolPresentation<>() {
            @Override public String fill(NodeState s) { return "base"; }
        };
        Protocol<NodeState> p = new Protocol<>() {
            @Override public String name() { return "shown"; }
            @Override public Requirements requirements() { return Requirements.NONE; }
            @Override public NodeState initialState(int delta) { return new PingProtocol.S(); }
            @Override public List<Action<NodeState>> actions() { return List.of(Action.when("Idle", s -> false, (s, x) -> {})); }
            @Override public void lockSet(int holder, SystemView view, IntConsumer member) {}
            @Override public List<Check> checks(CheckSettings settings) { return List.of(); }
            @Override public ProtocolPresentation<NodeState> presentation() { return base; }
        };
        Protocol<NodeState> derived = DerivedProtocol.withAction(p, "Idle", a -> a.withGuard(s -> true));
        assertSame(base, derived.presentation());
    }
}
