package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.NodeChoice;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.protocol.krl.Krl;
import dev.lockstep.protocol.krl.KrlVariant;
import dev.lockstep.protocol.lamport.LogicalTimeMe;
import dev.lockstep.protocol.lme.Lme;
import dev.lockstep.protocol.lme.LmeVariant;
import dev.lockstep.protocol.ricartagrawala.RicartAgrawala;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * {@link Execution#receivedMessage()} is {@code received().message()} (null when nothing was
 * received) in every execution an operation sees: the simulation's context, whether it received
 * an envelope (someone listens) or the fields {@code ExecutionContext.take} read (nobody does: the
 * straight line, in-place rounds), in dry runs, in parallel and asynchronous rounds; and a
 * record's view (as {@code KrlReplay} re-runs one), which takes the interface's default. A state
 * or call action after a receive sees no message: a context keeping the previous execution's
 * would show it. Generated runs of LME (every variant), Ricart-Agrawala, Lamport and KRL whose
 * operations compare the two before running.
 */
class ReceivedMessageProperties {
    private static final int ROUNDS = 30;

    /** What the wrapped operations saw: mismatches (as text), and how many executions were compared. */
    private static final class Seen {
        final Queue<String> wrong = new ConcurrentLinkedQueue<>();
        final AtomicLong received = new AtomicLong();
        final AtomicLong fields = new AtomicLong();
        final AtomicLong none = new AtomicLong();
    }

    /** An execution as a record shows it, every other answer left to the interface's defaults. */
    private record Recorded(ExecutionRecord r) implements Execution {
        @Override public Envelope received() { return r.received(); }
        @Override public long disconnected() { return r.disconnected(); }
        @Override public long connected() { return 0; }
        @Override public long ports() { return 0; }
        @Override public int delta() { return 0; }
        @Override public void send(int port, Message m) { }
        @Override public int random(int bound) { return 0; }
        @Override public void lockRequested() { }
        @Override public void lockAcquired() { }
        @Override public void unlockRequested() { }
        @Override public void unlockCompleted() { }
        @Override public int id() { return r.node(); }
        @Override public int nodeCount() { return 0; }
        @Override public int peerId(int port) { return 0; }
        @Override public String region() { return null; }
        @Override public List<String> regions() { return List.of(); }
    }

    /**
     * Compares what {@code x} answers: assertions would be swallowed by the in-place round's redo,
     * so a mismatch is kept as text. Asked twice, before and after the envelope, in both orders.
     */
    private static void compare(Seen seen, Action<?> a, Execution x) {
        Message first = x.receivedMessage();
        Envelope e = x.received();
        Message want = e == null ? null : e.message();
        Message again = x.receivedMessage();
        boolean receives = a.trigger() == Action.Trigger.MESSAGE;
        if (first != want || again != want || (want == null) == receives || (receives && !a.messageType().isInstance(want))) {
            seen.wrong.add(a.label() + " saw " + first + " then " + again + ", its envelope " + e);
        }
        if (want == null) seen.none.incrementAndGet();
        else if (x.received() != e) seen.fields.incrementAndGet(); // made afresh each call: the fields' path
        else seen.received.incrementAndGet();
    }

    /** {@code base} whose operations compare first; no switch of its own, so every execution runs them. */
    private static <S extends NodeState> Protocol<S> comparing(Protocol<S> base, Seen seen) {
        List<Action<S>> actions = new ArrayList<>();
        for (Action<S> a : base.actions()) {
            actions.add(a.withOperation((s, x) -> {
                compare(seen, a, x);
                a.run(s, x);
            }));
        }
        return new ForwardingProtocol<>(base) {
            @Override public List<Action<S>> actions() { return actions; }
            @Override public ActionOperations<S> operations() { return null; }
        };
    }

    private static Protocol<?> protocol(Random r) {
        LmeVariant[] variants = LmeVariant.values();
        return switch (r.nextInt(6)) {
            case 0, 1 -> new Lme(2 + r.nextInt(15), variants[r.nextInt(variants.length)]);
            case 2 -> new RicartAgrawala();
            case 3 -> new LogicalTimeMe();
            case 4 -> new Krl(2 + r.nextInt(3), KrlVariant.values()[r.nextInt(KrlVariant.values().length)]);
            default -> new Lme();
        };
    }

    /** One generated run; returns how many records its listener compared (0 if nobody listened). */
    private static long run(long generator, Seen seen) {
        Random r = new Random(generator);
        Protocol<?> protocol = comparing(protocol(r), seen);
        int n = 3 + r.nextInt(40);
        Simulation sim = RandomLmeEngines.simulation(r, protocol, n, 2 + 4 * r.nextDouble());
        boolean complete = protocol.requirements().completeGraph();
        Engine engine = new Engine(sim, new ScenarioAdversary(new int[0], complete ? 1e6 : 1.0, List.of(), null,
                new RandomWorkload(0.2 + 0.7 * r.nextDouble(), 1 + r.nextInt(3), Integer.MAX_VALUE), ListedRoundProperties.policy(r)));
        AtomicLong records = new AtomicLong();
        if (r.nextBoolean()) {
            sim.addListener(new SimulationListener() {
                @Override
                public void executed(ExecutionRecord rec) {
                    Recorded x = new Recorded(rec);
                    Message want = rec.received() == null ? null : rec.received().message();
                    if (x.receivedMessage() != want) seen.wrong.add("record of " + rec.label() + " shows " + x.receivedMessage());
                    records.incrementAndGet();
                }
            });
        }
        int threads = r.nextInt(3);
        try (Workers w = new Workers(1 + threads)) {
            if (threads > 0) {
                sim.workers(w);
                sim.parallelGrain(1);
                sim.inPlaceRounds(r.nextBoolean());
            }
            for (int round = 0; round < ROUNDS; round++) engine.stepRound();
        }
        return records.get();
    }

    @Property(tries = 60, seed = "613")
    void theMessageIsTheEnvelopesInEveryExecution(@ForAll long generator) {
        Seen seen = new Seen();
        run(generator, seen);
        assertEquals(List.of(), List.copyOf(seen.wrong));
    }

    /** The generated runs compare on every path: envelopes, fields, nothing received, and records. */
    @Test
    void theRunsReachEveryPath() {
        Seen seen = new Seen();
        long records = 0;
        Random generators = new Random(29);
        for (int t = 0; t < 30; t++) records += run(generators.nextLong(), seen);
        assertEquals(List.of(), List.copyOf(seen.wrong));
        assertTrue(seen.received.get() > 1000 && seen.fields.get() > 1000 && seen.none.get() > 1000 && records > 1000,
                "envelopes " + seen.received + ", fields " + seen.fields + ", none " + seen.none + ", records " + records);
    }
}
