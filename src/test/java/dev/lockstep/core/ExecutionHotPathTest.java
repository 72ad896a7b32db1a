package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.bench.LmeBench;
import dev.lockstep.core.adversary.Adversary;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.Planned;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The allocation-free execution path ({@link Simulation#act}, the string-free re-validation, the
 * exact-class message test) must do exactly what {@link Simulation#execute} did: same
 * configurations, same random stream, same records for whoever listens, same refusals.
 */
class ExecutionHotPathTest {
    private static final int NODES = 150;
    private static final int ROUNDS = 40;

    /** LME on a random unit-disk graph of mean degree about 6, lock 0.5 / hold 1, synchronous: the lme bench's run. */
    static Engine lme(int n, double degree, long seed) {
        return LmeBench.build(n, degree, seed, 0);
    }

    /** One line per execution, with everything a trace writes of it. */
    static String line(ExecutionRecord r) {
        StringBuilder sb = new StringBuilder();
        sb.append(r.startRound()).append('/').append(r.round()).append(' ').append(r.node()).append(' ')
                .append(r.label()).append(' ').append(r.received()).append(" d=").append(r.disconnected())
                .append(" draws=").append(Arrays.toString(r.draws())).append(" async=").append(r.asynchronous());
        for (Sent s : r.sent()) sb.append(" sent ").append(s.port()).append(':').append(s.message().label())
                .append(s.envelope() == null ? " lost" : " #" + s.envelope().id());
        return sb.append(" -> ").append(r.state().variables()).toString();
    }

    /** Runs {@code rounds} rounds of the LME bench's adversary, every planned choice through {@code how}. */
    private static void run(Engine engine, int rounds, java.util.function.BiConsumer<Simulation, Choice> how) {
        Simulation sim = engine.simulation();
        Adversary adversary = engine.adversary();
        for (int r = 0; r < rounds; r++) {
            adversary.beginRound(sim);
            for (Planned p : adversary.plan(sim)) how.accept(sim, p.choice());
            sim.endRound();
        }
    }

    @Test
    void actLeavesTheSameConfigurationsAndTraceAsExecute() {
        Engine byExecute = lme(NODES, 6, 7);
        Engine byAct = lme(NODES, 6, 7);
        Engine byActHeard = lme(NODES, 6, 7);
        List<String> returned = new ArrayList<>();
        List<String> heard = new ArrayList<>();
        byActHeard.simulation().addListener(new SimulationListener() {
            @Override public void executed(ExecutionRecord r) {
                heard.add(line(r));
            }
        });
        for (int chunk = 0; chunk < ROUNDS / 10; chunk++) {
            run(byExecute, 10, (sim, c) -> returned.add(line(sim.execute(c))));
            run(byAct, 10, Simulation::act);
            run(byActHeard, 10, Simulation::act);
            Configuration expected = byExecute.simulation().configuration();
            assertEquals(expected, byAct.simulation().configuration(), "after " + (chunk + 1) * 10 + " rounds");
            assertEquals(expected, byActHeard.simulation().configuration());
        }
        assertEquals(returned, heard, "a listener hears exactly the records execute returns");
        Stats s = byExecute.simulation().stats();
        assertTrue(s.actions() > NODES, "the run did work: " + s.actions());
        assertEquals(s.actions(), heard.size(), "every execution was heard");
        for (Engine e : List.of(byAct, byActHeard)) {
            Simulation sim = e.simulation();
            assertEquals(s.actions(), sim.stats().actions());
            assertEquals(s.messagesSent(), sim.stats().messagesSent());
            assertEquals(s.locksAcquired(), sim.stats().locksAcquired());
            assertEquals(byExecute.simulation().violations(), sim.violations());
            assertEquals(byExecute.simulation().random().copy().nextLong(), sim.random().nextLong(), "same random stream");
        }
    }

    @Test
    void aRefusedChoiceGivesTheSameSentenceWhicheverWayItIsExecuted() {
        Engine engine = lme(40, 6, 3);
        engine.runUntil(3);
        Simulation sim = engine.simulation();
        engine.beginRound();
        List<Choice> wrong = new ArrayList<>();
        List<Choice> right = new ArrayList<>();
        for (int u = 0; u < sim.nodeCount(); u++) {
            right.addAll(sim.choices(u));
            for (int a = 0; a < sim.actions().size(); a++) {
                wrong.add(new Choice(u, a, null, null));
                for (int v = 0; v < sim.nodeCount(); v++) {
                    for (int i = 0; i < sim.channels().size(v); i++) wrong.add(new Choice(u, a, sim.channels().get(v, i), null));
                }
            }
        }
        wrong.add(new Choice(-1, 0, null, null));
        wrong.add(new Choice(sim.nodeCount(), 0, null, null));
        wrong.add(new Choice(0, sim.actions().size(), null, null));
        wrong.add(new Choice(0, -1, null, null));
        wrong.removeAll(right);
        assertFalse(right.isEmpty());
        assertTrue(wrong.size() > 100, "candidates: " + wrong.size());
        for (Choice c : wrong) {
            String why = sim.whyNotEnabled(c);
            assertNotNull(why, () -> c + " is not listed, so it must be refused");
            assertEquals(why, assertThrows(IllegalArgumentException.class, () -> sim.act(c)).getMessage());
            assertEquals(why, assertThrows(IllegalArgumentException.class, () -> sim.execute(c)).getMessage());
            assertEquals(why, assertThrows(IllegalArgumentException.class, () -> sim.start(c, 2)).getMessage());
        }
        assertEquals(0, sim.executionsThisRound(), "a refused choice changes nothing");
        for (Choice c : right) assertNull(sim.whyNotEnabled(c), c::toString);
        Choice done = right.get(0);
        sim.act(done);
        String again = sim.whyNotEnabled(done);
        assertTrue(again.contains("already acted in round " + sim.round()), again);
        assertEquals(again, assertThrows(IllegalArgumentException.class, () -> sim.act(done)).getMessage());
    }

    @Test
    void aMessageSentThisRoundIsRefusedUntilTheNextRound() {
        Engine engine = lme(40, 6, 5);
        engine.runUntil(2);
        Simulation sim = engine.simulation();
        engine.beginRound();
        int sentThisRound = 0;
        while (engine.executeNext()) {
            for (int v = 0; v < sim.nodeCount(); v++) {
                for (int i = 0; i < sim.channels().size(v); i++) {
                    Envelope e = sim.channels().get(v, i);
                    if (e.sentRound() != sim.round() || sim.actedThisRound(v)) continue;
                    for (int a = 0; a < sim.actions().size(); a++) {
                        Choice c = new Choice(v, a, e, null);
                        String why = sim.whyNotEnabled(c);
                        assertNotNull(why);
                        assertEquals(why, assertThrows(IllegalArgumentException.class, () -> sim.act(c)).getMessage());
                        sentThisRound++;
                    }
                }
            }
        }
        assertTrue(sentThisRound > 0, "the round sent messages to nodes yet to act");
    }

    record Plain(int n) implements Message {
        @Override public String label() { return "plain"; }
    }

    interface Kind extends Message {}

    record Special(int n) implements Kind {
        @Override public String label() { return "special"; }
    }

    @Test
    void anActionAcceptsItsExactFinalTypeOrAnySubtypeOfAnOpenOne() {
        Action<NodeState> exact = Action.onReceive("exact", Plain.class, (s, x) -> {});
        Action<NodeState> open = Action.onReceive("open", Kind.class, (s, x) -> {});
        assertTrue(exact.accepts(new Plain(1)));
        assertFalse(exact.accepts(new Special(1)));
        assertFalse(exact.accepts(null));
        assertTrue(open.accepts(new Special(2)));
        assertFalse(open.accepts(new Plain(2)));
        assertFalse(open.accepts(null));
    }

    @Test
    void aGuardGivenLaterIsNotSkipped() {
        Action<NodeState> call = Action.onCall("call", Call.LOCK, (s, x) -> {});
        assertTrue(call.guard(null, null), "a call action without a guard is enabled by its call");
        assertFalse(call.withGuard(s -> false).guard(null, null));
        Action<NodeState> recv = Action.onReceive("recv", Plain.class, (s, x) -> {});
        assertTrue(recv.guard(null, new Plain(1)));
        assertFalse(recv.withGuard(s -> false).guard(null, new Plain(1)));
        assertFalse(Action.onReceive("g", Plain.class, (s, m) -> ((Plain) m).n() > 1, (s, x) -> {}).guard(null, new Plain(1)));
        assertTrue(Action.when("w", s -> true, (s, x) -> {}).guard(null, null));
        assertFalse(Action.when("w", s -> false, (s, x) -> {}).guard(null, null));
    }
}
