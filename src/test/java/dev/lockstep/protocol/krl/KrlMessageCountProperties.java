package dev.lockstep.protocol.krl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Sent;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * KRL's messages per critical section over random static graphs and workloads: a request climbs
 * the DAG to a token and the token comes back down, so on n nodes neither a Request nor a Token
 * travels more than n - 1 links per critical section. (The exact 4d - 1 on a path of d links is
 * {@code KrlMessagesPerCsTest}; LinkInfos follow every height change and are bounded by the
 * degrees instead.)
 */
class KrlMessageCountProperties {
    /** Messages of each kind sent over the run. */
    static final class Count implements SimulationListener {
        long requests;
        long tokens;
        long linkInfos;

        @Override
        public void executed(ExecutionRecord r) {
            for (Sent s : r.sent()) {
                if (s.message() instanceof KrlMessages.Request) requests++;
                else if (s.message() instanceof KrlMessages.Token) tokens++;
                else linkInfos++;
            }
        }
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<String> policies() {
        return net.jqwik.api.Arbitraries.of("synchronous", "semi-synchronous", "sequential", "asynchronous");
    }

    @Property(tries = 200)
    void requestsAndTokensPerCriticalSectionStayWithinThePathLength(
            @ForAll @IntRange(min = 2, max = 14) int n, @ForAll @IntRange(min = 1, max = 3) int k,
            @ForAll("policies") String policy, @ForAll @DoubleRange(min = 0.02, max = 0.5) double lock, @ForAll @IntRange(min = 0, max = 4) int hold,
            @ForAll long seed) {
        KrlSetup s = KrlSetup.of(new Krl(Math.min(k, n - 1), KrlVariant.of(false, "corrected")), n, policy, false,
                lock, hold, seed);
        Count c = new Count();
        s.sim().addListener(c);
        assertTrue(s.runAndSettle(20 * n * n + 400));
        Simulation sim = s.sim();
        assertEquals(List.of(), sim.violations());
        long cs = sim.stats().locksAcquired();
        assertTrue(c.tokens <= cs * (n - 1), c.tokens + " Tokens for " + cs + " critical sections on " + n + " nodes");
        assertTrue(c.requests <= cs * (n - 1), c.requests + " Requests for " + cs + " critical sections on " + n + " nodes");
        assertEquals(c.requests + c.tokens + c.linkInfos, sim.stats().messagesSent(), "every message is one of the three");
    }
}
