package dev.lockstep.protocol.lamport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.lockstep.core.Call;
import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Choice;
import dev.lockstep.core.NarrationLog;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Pseudocode;
import dev.lockstep.core.Pseudocode.Span;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.adversary.TopologyEvent;
import dev.lockstep.protocol.lamport.LtState.Region;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each action of LogicalTimeME, executed by hand on the triangle p0, p1, p2, against the slides'
 * rules: the state it leaves, its narration sentence and the pseudocode lines it lights.
 */
class LtActionsTest {

    /** p0, p1, p2 pairwise linked: p0 has p1 on port 1 and p2 on port 2; p1 has p0, p2; p2 has p0, p1. */
    static final class Run {
        final Simulation sim = new Simulation(new SimulationConfig(new LogicalTimeMe(), List.of("p0", "p1", "p2"),
                new double[3], new double[3], null, 2, ChannelDiscipline.FIFO, PortAssignment.LOWEST,
                new CheckSettings(10_000), 1));
        final List<NarrationLog.Entry> log = new ArrayList<>();

        Run() {
            sim.link(0, 1);
            sim.link(0, 2);
            sim.link(1, 2);
            sim.addListener(new NarrationLog(sim, log::add));
        }

        String say(String node, String label, int port) {
            int u = sim.indexOf(node);
            for (Choice c : sim.choices(u)) {
                if (!sim.actions().get(c.action()).label().equals(label)) continue;
                if (port >= 0 && (c.message() == null || c.message().toPort() != port)) continue;
                sim.execute(c);
                return log.get(log.size() - 1).sentence();
            }
            fail(node + " cannot run " + label + " on port " + port);
            return null;
        }

        String say(String node, String label) {
            return say(node, label, -1);
        }

        List<Span> lines() {
            return log.get(log.size() - 1).lines();
        }
    }

    static List<Span> lines(int... numbers) {
        Pseudocode.Lines l = new Pseudocode.Lines();
        l.add(0, numbers);
        return l.spans();
    }

    @Test
    void tryAckCritExitRem() {
        Run r = new Run();
        r.sim.call(1, Call.LOCK);
        r.sim.call(2, Call.LOCK);
        assertEquals("p1 ran Try: p1 asked for its critical section with logical time (1,1) and sent try(1,1) on "
                + "ports 0, 1, 2", r.say("p1", "Try"));
        assertEquals(lines(1, 2, 3, 4, 5), r.lines());
        LtState p1 = state(r, 1);
        assertEquals(Region.TRY, p1.region);
        assertEquals(0b110L, p1.expected);
        assertFalse(LogicalTimeMe.critEnabled(p1), "(a): its own try is not in its history yet");
        r.say("p2", "Try");
        r.sim.endRound();
        // ReceiveTry, slide "(2)": into history(j), ack with the clock after the receive rule.
        assertEquals("p0 ran ReceiveTry from p1 (port 1): p1's request (1,1) enters the history and p0 answers "
                + "ack(2,0) (clock 0 → 2)", r.say("p0", "ReceiveTry", 1));
        assertEquals(lines(6, 7, 8, 9), r.lines());
        assertEquals("p1 ran ReceiveTry from itself (port 0): its own try(1,1) is in its history and needs no ack "
                + "(clock 1 → 2)", r.say("p1", "ReceiveTry", 0));
        assertTrue(state(r, 1).ownTryArrived());
        r.say("p2", "ReceiveTry", 0);
        r.sim.endRound();
        r.say("p1", "ReceiveTry", 2);                                          // p2's (1,2): later than p1's (1,1)
        assertEquals(0L, state(r, 1).earlierPending());
        assertEquals(0b100L, state(r, 1).laterHeard(), "try(1,2) from p2 is later than (1,1)");
        r.say("p2", "ReceiveTry", 2);                                          // p1's (1,1) on p2's port 2
        assertEquals(0b100L, state(r, 2).earlierPending(), "p2 has heard of the earlier (1,1)");
        r.say("p0", "ReceiveTry", 2);
        r.sim.endRound();
        assertEquals("p1 ran ReceiveAck from p0 (port 1): ack(2,0) enters p1's history; p1 has a later message "
                + "from 2 of 2 and no earlier request pending", r.say("p1", "ReceiveAck", 1));
        assertEquals(lines(10, 11), r.lines());
        assertTrue(LogicalTimeMe.critEnabled(state(r, 1)));
        assertFalse(LogicalTimeMe.critEnabled(state(r, 2)), "(b): p2 waits for p1's earlier request");
        r.sim.endRound();
        assertEquals("p1 entered its critical section: its try(1,1) is in its own history, no earlier request is "
                + "pending, and both others have sent a later message", r.say("p1", "Crit"));
        assertEquals(lines(14, 15, 16, 17), r.lines());
        r.sim.endRound();
        r.sim.call(1, Call.UNLOCK);
        assertEquals("p1 ran Exit: p1 left its critical section and sent exit(5,1) on ports 0, 1, 2", r.say("p1", "Exit"));
        assertEquals(lines(18, 19, 20, 21), r.lines());
        assertEquals(Region.EXIT, state(r, 1).region);
        r.sim.endRound();
        r.say("p2", "ReceiveAck", 2);                                          // FIFO: p1's ack before its exit
        r.sim.endRound();                                                      // one execution per node and round
        r.say("p2", "ReceiveExit", 2);
        // clocks: p1 Try 1, own try 2, p2's try 3, ack(2,0) 4, Exit 5
        assertEquals(lines(12, 13), r.lines());
        assertEquals(0L, state(r, 2).earlierPending(), "the exit granted (1,1)");
        assertTrue(r.log.get(r.log.size() - 1).sentence().startsWith("p2 ran ReceiveExit from p1 (port 2): p1's "
                + "request is granted by exit("), r.log.get(r.log.size() - 1).sentence());
        assertEquals("p1 ran ReceiveExit from itself (port 0): its own exit(5,1) is in its history: its request is "
                + "granted", r.say("p1", "ReceiveExit", 0));
        r.sim.endRound();
        assertEquals("p1 ran Rem: its own exit is in its history, so it is back in its remainder region",
                r.say("p1", "Rem"));
        assertEquals(lines(22, 23), r.lines());
        assertEquals(Region.REM, state(r, 1).region);
        assertEquals("⊥", state(r, 1).variables().get(2).value());
        r.sim.endRound();
        r.sim.call(1, Call.UNLOCK);
        assertEquals("p1 ran Exit: exit was called, but p1 is not in its critical section (rem), so the call had no "
                + "effect", r.say("p1", "Exit"));
        assertEquals(lines(18, 19), r.lines());
    }

    private static LtState state(Run r, int u) {
        return (LtState) r.sim.state(u);
    }

    @Test
    void pseudocodeFromTheSlides() {
        Pseudocode p = new LogicalTimeMe().presentation().pseudocode();
        assertEquals(1, p.blocks().size());
        List<String> lines = p.blocks().get(0).lines();
        assertEquals(23, lines.size());
        for (var a : new LogicalTimeMe().actions()) {
            List<Span> spans = p.spansOf(a.label());
            assertEquals(1, spans.size(), a.label());
            assertTrue(lines.get(spans.get(0).first() - 1).startsWith(a.label() + ":"), a.label());
            assertTrue(spans.get(0).last() <= lines.size());
        }
        assertTrue(lines.get(8).contains("if ℓ ≠ 0 then Send(ack((clock, i)), ℓ)"));
        assertTrue(lines.get(14).contains("requests[ℓ] > t"));
    }

    /** Every execution of random runs, with a cut link stalling some, gets LogicalTimeME's own sentence and lines. */
    @Test
    void everyExecutionIsNarrated() {
        List<SchedulerPolicy> policies = List.of(new Synchronous(), new SemiSynchronous(0.5), new Sequential(),
                new Asynchronous(0.5, 3));
        int runs = 0;
        for (SchedulerPolicy policy : policies) {
            for (int n = 2; n <= 5; n++) {
                for (long seed = 1; seed <= 3; seed++) {
                    List<TopologyEvent> cut = seed == 3 ? List.of(new TopologyEvent.Cut(40, 0, 1, "test")) : List.of();
                    LtHarness h = new LtHarness(new LogicalTimeMe(), n, seed, 10_000, cut,
                            new RandomWorkload(0.4, 2, 100), policy);
                    Pseudocode code = h.sim.protocol().presentation().pseudocode();
                    h.sim.addListener(new NarrationLog(h.sim, e -> {
                        String who = h.sim.nodeName(e.record().node());
                        String direct = LtNarration.sentence(e.record(), (LtState) e.before(), h.sim);
                        assertEquals(direct, e.sentence());
                        assertTrue(direct.startsWith(who + " "), direct);
                        assertFalse(direct.contains("null"), direct);
                        List<Span> all = code.spansOf(e.record().label());
                        assertFalse(e.lines().isEmpty());
                        for (Span s : e.lines()) {
                            assertTrue(all.stream().anyMatch(a -> a.first() <= s.first() && s.last() <= a.last()),
                                    e.record().label() + " " + s);
                        }
                    }));
                    h.engine.runUntil(150);
                    runs++;
                }
            }
        }
        assertEquals(48, runs);
    }
}
