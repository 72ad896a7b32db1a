package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Envelope;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.Engine;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A long run with churn keeps bounded edge history: the graph forgets the connections no pending
 * request can ask about, so its memory does not grow with the rounds (issue 9, item 7).
 */
class LongRunHistoryTest {
    static final Path SCENARIO = Path.of("src/test/resources/long-run-churn.json");

    @Test
    void presenceHistoryStaysBoundedOver200000ChurnRounds() throws Exception {
        Scenario s = ScenarioLoader.load(SCENARIO);
        Engine engine = s.engine(s.seed());
        Simulation sim = engine.simulation();
        long[] cuts = {0};
        sim.addListener(new SimulationListener() {
            @Override
            public void cut(int round, int u, int pu, int v, int pv, List<Envelope> lost) {
                cuts[0]++;
            }
        });
        int most = 0;
        int mostAt = 0;
        while (sim.round() < 200_000) {
            engine.stepRound();
            int kept = sim.graph().historySize();
            if (kept > most) {
                most = kept;
                mostAt = sim.round();
            }
        }
        assertEquals(List.of(), sim.violations());
        assertTrue(cuts[0] > 100_000, "the run churns: " + cuts[0] + " cuts");
        // Pruning waits for 1,024 ended connections, then keeps those since the oldest pending
        // request (a few hundred rounds at most here): a bound that does not depend on the rounds.
        assertTrue(most <= 2_048, "at most 2,048 ended connections kept at once, but " + most + " in round " + mostAt
                + " (of " + cuts[0] + " cuts)");
        assertTrue(sim.graph().historyHorizon() > 199_000, "the horizon follows the run: " + sim.graph().historyHorizon());
    }
}
