package dev.lockstep.protocol.ricartagrawala;

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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Ricart-Agrawala in the narration log and the pseudocode panel. */
class RaNarrationTest {

    /** p0, p1, p2 pairwise linked: p0 has p1 on port 1 and p2 on port 2; p1 has p0, p2; p2 has p0, p1. */
    static final class Run {
        final Simulation sim = new Simulation(new SimulationConfig(new RicartAgrawala(), List.of("p0", "p1", "p2"),
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
    void tryOkDeferCritExit() {
        Run r = new Run();
        r.sim.call(1, Call.LOCK);
        r.sim.call(2, Call.LOCK);
        assertEquals("p1 ran Try: p1 asked for its critical section with logical time (1,1) and sent try(1,1) on "
                + "ports 0, 1, 2", r.say("p1", "Try"));
        assertEquals(lines(1, 2, 3, 4, 5), r.lines());
        assertEquals("p2 ran Try: p2 asked for its critical section with logical time (1,2) and sent try(1,2) on "
                + "ports 0, 1, 2", r.say("p2", "Try"));
        r.sim.endRound();
        assertEquals("p0 ran ReceiveTry from p1 (port 1): p0 is not competing (rem), so it answers ok(2)",
                r.say("p0", "ReceiveTry", 1));
        assertEquals(lines(6, 7, 8, 9), r.lines());
        assertEquals("p1 ran ReceiveTry from itself (port 0): its own try(1,1) needs no ok (clock 1 → 2)",
                r.say("p1", "ReceiveTry", 0));
        assertEquals(lines(6, 7, 8), r.lines());
        assertEquals("p2 ran ReceiveTry from p1 (port 2): p1's request (1,1) is earlier than p2's (1,2), so p2 "
                + "answers ok(2)", r.say("p2", "ReceiveTry", 2));
        assertEquals(lines(6, 7, 8, 9, 10, 11), r.lines());
        r.sim.endRound();
        assertEquals("p1 ran ReceiveTry from p2 (port 2): p1's own request (1,1) is earlier than p2's (1,2), so it "
                + "defers its ok", r.say("p1", "ReceiveTry", 2));
        assertEquals(lines(6, 7, 8, 9, 10, 11, 12), r.lines());
        r.say("p0", "ReceiveTry", 2);
        r.sim.endRound();
        assertEquals("p1 ran ReceiveOk from p0 (port 1): 1 of 2 oks in", r.say("p1", "ReceiveOk", 1));
        assertEquals(lines(13, 14), r.lines());
        r.sim.endRound();
        assertEquals("p1 ran ReceiveOk from p2 (port 2): both oks in", r.say("p1", "ReceiveOk", 2));
        r.sim.endRound();
        assertEquals("p1 entered its critical section: oks from both others", r.say("p1", "Crit"));
        assertEquals(lines(15, 16), r.lines());
        r.sim.call(0, Call.LOCK);
        r.say("p0", "Try");
        r.sim.endRound();
        assertEquals("p1 ran ReceiveTry from p0 (port 1): p1 is in its critical section, so it defers its ok",
                r.say("p1", "ReceiveTry", 1));
        assertEquals(lines(6, 7, 8, 9, 10), r.lines());
        r.sim.endRound();
        r.sim.call(1, Call.UNLOCK);
        assertEquals("p1 ran Exit: p1 left its critical section and sent its deferred oks on ports 1, 2",
                r.say("p1", "Exit"));
        assertEquals(lines(17, 18, 19, 20), r.lines());
        r.sim.endRound();
        r.sim.call(1, Call.UNLOCK);
        assertEquals("p1 ran Exit: exit was called, but p1 is not in its critical section (rem), so the call had no "
                + "effect", r.say("p1", "Exit"));
        assertEquals(lines(17, 18), r.lines());
    }

    @Test
    void pseudocodeFromTheSlides() {
        Pseudocode p = new RicartAgrawala().presentation().pseudocode();
        assertEquals(1, p.blocks().size());
        List<String> lines = p.blocks().get(0).lines();
        assertEquals(20, lines.size());
        for (var a : new RicartAgrawala().actions()) {
            List<Span> spans = p.spansOf(a.label());
            assertEquals(1, spans.size(), a.label());
            assertTrue(lines.get(spans.get(0).first() - 1).startsWith(a.label() + ":"), a.label());
            assertTrue(spans.get(0).last() <= lines.size());
        }
        assertTrue(lines.get(9).contains("region = crit then set deferred ← deferred ∪ {ℓ}"));
        assertTrue(lines.get(10).contains("tⱼ < t then Send(ok(clock), ℓ)"));
    }

    /** Every execution of random runs, with a cut link stalling some, gets RA's own sentence and lines. */
    @Test
    void everyExecutionIsNarrated() {
        List<SchedulerPolicy> policies = List.of(new Synchronous(), new SemiSynchronous(0.5), new Sequential(),
                new Asynchronous(0.5, 3));
        int runs = 0;
        for (SchedulerPolicy policy : policies) {
            for (int n = 2; n <= 5; n++) {
                for (long seed = 1; seed <= 3; seed++) {
                    List<TopologyEvent> cut = seed == 3 ? List.of(new TopologyEvent.Cut(40, 0, 1, "test")) : List.of();
                    RaHarness h = new RaHarness(new RicartAgrawala(), n, seed, 10_000, cut,
                            new RandomWorkload(0.4, 2, 100), policy);
                    Pseudocode code = h.sim.protocol().presentation().pseudocode();
                    h.sim.addListener(new NarrationLog(h.sim, e -> {
                        String who = h.sim.nodeName(e.record().node());
                        String direct = RaNarration.sentence(e.record(), (RaState) e.before(), h.sim);
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
