package dev.lockstep.protocol.klme;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.SchedulerPolicy;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * Messages per critical section of the corrected KLME on a static neighbourhood (everybody in A,
 * no moves) over random workloads and schedulers (Sec. 5.1; README, "Protocols"): besides the
 * initialisation (n(n − 1) I_am_here and the elected leader's n − 1 Leader_info), every CS is
 * paid for by the counts {@link MessageCountTest} isolates — nothing at the holder, Req_CS +
 * Req_ack + Per_grant + Release for a grant, Req_CS + Req_ack + Token + Token_ack + (n − 1)
 * Leader_info for a hand-over — plus at most one Req_CS resent per hand-over to each waiting node
 * whose request was not yet acknowledged (A, ll. 7–8).
 */
class MessageCountProperties {
    @Provide
    Arbitrary<SchedulerPolicy> policies() {
        return new KlmeProperties().policies();
    }

    @Property(tries = 100)
    void everyCriticalSectionCostsWhatTheCountsSay(
            @ForAll @IntRange(min = 2, max = 7) int n, @ForAll @IntRange(min = 1, max = 3) int k, @ForAll long seed,
            @ForAll("policies") SchedulerPolicy policy, @ForAll @DoubleRange(min = 0.02, max = 0.5) double lock) {
        Random r = new Random(seed);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int u = 0; u < n; u++) {
            x[u] = r.nextInt(50) / 10.0;                              // all in A
            y[u] = r.nextInt(50) / 10.0;
        }
        KlmeHarness h = new KlmeHarness(new Klme(k, KlmeVariant.CORRECTED), x, y, seed, 40 * n * n, List.of(),
                new RandomWorkload(lock, 2, 200), policy);
        TreeMap<String, Long> sent = new TreeMap<>();
        h.sim.addListener(new SimulationListener() {
            @Override
            public void executed(ExecutionRecord e) {
                for (var s : e.sent()) sent.merge(s.envelope().message().label().replaceAll("\\(.*", ""), 1L, Long::sum);
            }
        });
        check(h.runAndDrain(200, 20 * 40 * n * n), "requests still pending");
        check(h.sim.violations().isEmpty(), "violations: " + h.sim.violations());
        long cs = h.sim.stats().locksAcquired();
        long tokens = sent.getOrDefault("Token", 0L);
        long grants = sent.getOrDefault("Per_grant", 0L);
        long reqCs = sent.getOrDefault("Req_CS", 0L);
        long reqAck = sent.getOrDefault("Req_ack", 0L);
        String counts = sent + " for " + cs + " CS";
        check(sent.getOrDefault("I_am_here", 0L) == (long) n * (n - 1), "I_am_here beyond initialisation: " + counts);
        check(sent.getOrDefault("Leader_info", 0L) == (n - 1) * (1 + tokens), "Leader_info not n − 1 per hand-over: " + counts);
        check(sent.getOrDefault("Token_ack", 0L) == tokens, "a Token not acknowledged once: " + counts);
        long releases = sent.getOrDefault("Release", 0L);
        check(releases >= grants && releases <= grants + (n - 1) * tokens, "Release not one per Per_grant (+ resends to a new leader): " + counts);
        check(tokens + grants <= cs, "more hand-overs and grants than CS: " + counts);
        // a request stored at a non-leader (C, l. 4) is absorbed by H unacknowledged
        check(reqAck <= cs && reqAck <= reqCs, "more than one Req_ack per CS: " + counts);
        check(reqCs <= cs + (n - 1) * tokens, "Req_CS resent beyond A, ll. 7–8: " + counts);
        check(sent.keySet().stream().allMatch(List.of("I_am_here", "Leader_info", "Req_CS", "Req_ack", "Token",
                "Token_ack", "Per_grant", "Release")::contains), "a message a static neighbourhood does not need: " + counts);
        long perCs = (long) n + 3;
        long paid = sent.values().stream().mapToLong(Long::longValue).sum() - (long) n * (n - 1) - (n - 1);
        check(paid <= cs * perCs + 3L * (n - 1) * tokens, "more than n + 3 per CS (+ resends): " + counts);
    }

    private static void check(boolean ok, String why) {
        if (!ok) throw new AssertionError(why);
    }
}
