package dev.lockstep.protocol.krl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.SimulationListener;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** One seed, one run, under every adversary and with churn: every choice comes from the seeded stream. */
class KrlDeterminismTest {
    private static List<String> run(String policy, boolean forwarding, long seed) {
        KrlSetup s = KrlSetup.of(new Krl(2, KrlVariant.of(forwarding, "corrected")), 9, policy, true, 0.3, 2, seed);
        List<String> trace = new ArrayList<>();
        s.sim().addListener(new SimulationListener() {
            @Override
            public void executed(ExecutionRecord r) {
                trace.add(r.startRound() + "-" + r.round() + " n" + r.node() + " " + r.label() + " "
                        + (r.received() == null ? "-" : r.received().toString()) + " " + r.sent() + " "
                        + r.state().variables());
            }
        });
        s.engine().runUntil(120);
        return trace;
    }

    @ParameterizedTest
    @ValueSource(strings = {"synchronous", "semi-synchronous", "sequential", "asynchronous"})
    void sameSeedSameRunOtherSeedOtherRun(String policy) {
        for (boolean forwarding : new boolean[] {false, true}) {
            List<String> a = run(policy, forwarding, 42);
            assertTrue(a.size() > 100, "too little happened to compare: " + a.size());
            assertEquals(a, run(policy, forwarding, 42));
            assertNotEquals(a, run(policy, forwarding, 43));
        }
    }
}
