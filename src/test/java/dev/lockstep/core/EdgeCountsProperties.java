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
import dev.lockstep.core.check.TransitBoundCheck;
import dev.lockstep.protocol.lme.Lme;
import dev.lockstep.protocol.lme.LmeMessages;
import dev.lockstep.protocol.lme.LmeState;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * The counts on the sent edges that a commit makes for the {@link EdgeCountedCheck}s (the
 * receiver's row right after each append, the sender's in one scan for all its sent ports,
 * {@link Channels#addCounts}) are what the view's {@link SystemView#inTransit} reads: on random
 * pools of sends, receptions, cuts, layouts and copies; and in generated LME runs (every policy,
 * FIFO or not, messages lost and edges cut and made between executions, and a variant that
 * announces twice on every port, its self-channel's included, and one that sends itself a third
 * time, so that the bound breaks on edges and on self-channels), at every execution the transit-bound check told the counts reports
 * what it reports reading the view, and the run's violations, in order with their texts, are
 * those of the run whose check reads the view.
 */
class EdgeCountsProperties {

    // ------------------------------------------------------------------ the pool's counts

    @Property(tries = 60)
    void addCountsAddsEachSentPortsMessagesOnce(@ForAll long seed) {
        Random r = new Random(seed);
        int n = 1 + r.nextInt(12);
        int ports = 1 + r.nextInt(64);
        Channels ch = new Channels(n, r.nextBoolean() ? ChannelDiscipline.FIFO : ChannelDiscipline.UNORDERED);
        long id = 1;
        int checked = 0;
        for (int step = 0; step < 400; step++) {
            int u = r.nextInt(n);
            switch (r.nextInt(10)) {
                case 0, 1, 2, 3 -> {
                    // bursts at one port, so that a port holds several messages
                    int q = r.nextInt(3) == 0 ? 0 : r.nextInt(ports);
                    for (int k = 1 + r.nextInt(3); k > 0; k--) {
                        ch.add(id++, r.nextInt(n), r.nextInt(ports), u, q, step, ChannelsProperties.MESSAGES[r.nextInt(3)]);
                    }
                }
                case 4, 5 -> {
                    if (ch.size(u) > 0) ch.removeAt(u, r.nextInt(ch.size(u)));
                }
                case 6 -> ch.drop(u, r.nextInt(ports));
                case 7 -> ch.settle();
                case 8 -> ch = ch.copy();
                default -> {
                    long mask = r.nextLong() & r.nextLong() | (r.nextBoolean() ? 1L : 0L);
                    int[] counts = new int[64];
                    for (int p = 0; p < 64; p++) counts[p] = r.nextInt(5);
                    int[] before = counts.clone();
                    ch.addCounts(u, mask, counts);
                    for (int p = 0; p < 64; p++) {
                        int expected = before[p] + (p != 0 && (mask >>> p & 1) != 0 ? onPort(ch, u, p) : 0);
                        assertEquals(expected, counts[p], "node " + u + ", port " + p + ", mask " + Long.toHexString(mask));
                        assertEquals(onPort(ch, u, p), ch.count(u, p));
                    }
                    checked++;
                }
            }
        }
        assertTrue(checked > 0);
    }

    /** The messages to u on port p, read envelope by envelope. */
    private static int onPort(Channels ch, int u, int p) {
        int c = 0;
        for (int i = 0; i < ch.size(u); i++) if (ch.get(u, i).toPort() == p) c++;
        return c;
    }

    // ------------------------------------------------------------------ the transit-bound check in runs

    /** The transit-bound check both ways at every execution told the counts; the counted answer is passed on. */
    static final class CountedTwin implements EdgeCountedCheck {
        final TransitBoundCheck inner;
        long counted;
        long viewed;
        long found;

        CountedTwin(TransitBoundCheck inner) { this.inner = inner; }

        @Override public String name() { return inner.name(); }

        @Override public boolean watchesTransitOnly() { return true; }

        @Override
        public void afterExecution(SystemView view, int u, long sentPorts, List<Violation> out) {
            viewed++;
            inner.afterExecution(view, u, sentPorts, out);
        }

        @Override
        public void afterSends(SystemView view, int u, long sentPorts, int[] onEdge, List<Violation> out) {
            counted++;
            List<Violation> byCount = new ArrayList<>();
            inner.afterSends(view, u, sentPorts, onEdge, byCount);
            List<Violation> byView = new ArrayList<>();
            inner.afterExecution(view, u, sentPorts, byView);
            assertEquals(byView, byCount, "after " + view.nodeName(u) + "'s execution in round " + view.round());
            for (long s = sentPorts; s != 0; s &= s - 1) {
                int p = Long.numberOfTrailingZeros(s);
                int v = view.peer(u, p);
                int viewCount = p == 0 ? view.inTransit(u, 0) : view.inTransit(v, view.peerPort(u, p)) + view.inTransit(u, p);
                assertEquals(viewCount, onEdge[p], "port " + p + " of " + view.nodeName(u));
            }
            found += byCount.size();
            out.addAll(byCount);
        }

        @Override public void endOfRound(SystemView view, List<Violation> out) { inner.endOfRound(view, out); }
    }

    /** The transit-bound check as a plain check: always asked through the view. */
    record ViewedTransitBound(TransitBoundCheck inner) implements Check {
        @Override public String name() { return inner.name(); }

        @Override public boolean watchesTransitOnly() { return true; }

        @Override
        public void afterExecution(SystemView view, int u, long sentPorts, List<Violation> out) {
            inner.afterExecution(view, u, sentPorts, out);
        }

        @Override public void endOfRound(SystemView view, List<Violation> out) { inner.endOfRound(view, out); }
    }

    /** A protocol as it is, but with its transit-bound check replaced. */
    static final class TransitReplaced<S extends NodeState> extends ForwardingProtocol<S> {
        private final UnaryOperator<Check> replace;

        TransitReplaced(Protocol<S> base, UnaryOperator<Check> replace) {
            super(base);
            this.replace = replace;
        }

        /** Three on port 0 for the variant that sends itself a third prepare(). */
        @Override public int sendsPerPort() { return Math.max(3, base.sendsPerPort()); }

        @Override
        public List<Check> checks(CheckSettings settings) {
            List<Check> out = new ArrayList<>();
            for (Check c : base.checks(settings)) out.add(c instanceof TransitBoundCheck ? replace.apply(c) : c);
            return out;
        }
    }

    /** 0: LME; 1: prepare() twice on every port of L, port 0 (its self-channel) included; 2: and a third time on port 0. */
    private static Protocol<LmeState> lme(int kind) {
        if (kind == 0) return new Lme();
        return DerivedProtocol.withAction(new Lme(), "InitLock", a -> a.withOperation((s, x) -> {
            a.run(s, x);
            if (s.state() == LmeState.State.PREPARE) {
                for (long p = s.L(); p != 0; p &= p - 1) x.send(Long.numberOfTrailingZeros(p), new LmeMessages.Prepare());
                if (kind == 2) x.send(0, new LmeMessages.Prepare());
            }
        }));
    }

    private static SchedulerPolicy policy(Random r) {
        NodeChoice choice = r.nextBoolean() ? NodeChoice.EFFECTIVE : NodeChoice.ANY;
        return switch (r.nextInt(4)) {
            case 0 -> new Synchronous(choice);
            case 1 -> new SemiSynchronous(0.3 + 0.6 * r.nextDouble(), choice);
            case 2 -> new Asynchronous(0.3 + 0.6 * r.nextDouble(), 1 + r.nextInt(3), choice);
            default -> new Sequential(choice);
        };
    }

    /** The run's violations, configuration and statistics, with inputs between executions. */
    private static String run(long generator, UnaryOperator<Check> replace) {
        Random r = new Random(generator);
        int n = 5 + r.nextInt(40);
        double degree = 2 + 5 * r.nextDouble();
        Protocol<LmeState> protocol = new TransitReplaced<>(lme(Math.floorMod(generator, 3)), replace);
        Simulation sim = RandomLmeEngines.simulation(r, protocol, n, degree);
        Engine engine = new Engine(sim, new ScenarioAdversary(new int[0], 1.0, List.of(), null,
                new RandomWorkload(0.3 + 0.6 * r.nextDouble(), 1 + r.nextInt(3), Integer.MAX_VALUE), policy(r)));
        boolean between = r.nextBoolean();
        Random inputs = new Random(r.nextLong());
        StringBuilder out = new StringBuilder();
        for (int round = 0; round < 30; round++) {
            try {
                if (!between) {
                    engine.stepRound();
                } else {
                    engine.beginRound();
                    while (true) {
                        if (inputs.nextInt(8) == 0) out.append(input(sim, inputs)).append('\n');
                        if (!engine.executeNext()) break;
                    }
                    sim.endRound();
                    engine.reset();
                }
            } catch (RuntimeException e) {
                out.append("failed: ").append(e.getMessage()).append('\n');
                break;
            }
        }
        out.append(sim.violations()).append('\n').append(sim.configuration().hashCode()).append(' ')
                .append(TransitIds.of(sim)).append(' ').append(sim.stats().messagesSent()).append(' ')
                .append(sim.stats().messagesLost());
        return out.toString();
    }

    private static String input(Simulation sim, Random r) {
        int n = sim.nodeCount();
        int u = r.nextInt(n);
        int v = r.nextInt(n);
        try {
            return switch (r.nextInt(3)) {
                case 0 -> sim.channels().size(v) == 0 ? "nothing at " + v
                        : "lose " + sim.lose(v, sim.channels().get(v, r.nextInt(sim.channels().size(v))).id());
                case 1 -> "cut " + (u != v && sim.cut(u, v));
                default -> "link " + (u != v && sim.link(u, v));
            };
        } catch (RuntimeException e) {
            return e.toString();
        }
    }

    @Property(tries = 30, seed = "1313")
    void theCountedTransitBoundCheckReportsWhatTheViewShows(@ForAll long generator) {
        CountedTwin[] twin = new CountedTwin[1];
        String counted = run(generator, c -> twin[0] = new CountedTwin((TransitBoundCheck) c));
        String viewed = run(generator, c -> new ViewedTransitBound((TransitBoundCheck) c));
        assertEquals(viewed, counted);
        assertEquals(viewed, run(generator, c -> c));
        assertTrue(twin[0].counted > 0, "the commits counted: " + counted);
        assertEquals(0, twin[0].viewed, "nothing asked the view but the twin");
    }

    /** The variants break the bound on edges and on self-channels: the runs compare violations, not only silence. */
    @Test
    void theVariantsBreakTheBoundOnEdgesAndSelfChannels() {
        long found = 0;
        boolean self = false;
        for (long g = 1; g <= 18; g++) {
            if (Math.floorMod(g, 3) == 0) continue;
            CountedTwin[] twin = new CountedTwin[1];
            String counted = run(g, c -> twin[0] = new CountedTwin((TransitBoundCheck) c));
            assertEquals(run(g, c -> new ViewedTransitBound((TransitBoundCheck) c)), counted);
            found += twin[0].found;
            self |= counted.contains("self-channel");
        }
        assertTrue(found > 0, "transit-bound violations found");
        assertTrue(self, "a self-channel over the bound");
    }
}
