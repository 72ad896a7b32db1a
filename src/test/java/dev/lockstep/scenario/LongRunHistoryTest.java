package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.bench.LmeBench;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.OperationStatus;
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

    /**
     * The oldest pending request alone bounds nothing when a request stays pending: in the lme
     * benchmark's mobile run (10 % of the nodes step a quarter radius a round, Lock with chance 0.5
     * a round) most nodes are locking at any time and some request from the first rounds still is
     * after a hundred, so the history kept every cut since (1.8 KB a node after 1,000 rounds at
     * 100,000 nodes). It holds at most 65,536 connections at 20,000 nodes, and what it keeps still
     * answers: the edges up now persisted since they formed.
     */
    @Test
    void aMobileRunWithARequestPendingThroughoutKeepsBoundedHistory() {
        Engine engine = LmeBench.build(20_000, 6, 1, 0.1);
        Simulation sim = engine.simulation();
        int rounds = 100;
        long[] cutsIn = new long[rounds + 1];
        sim.addListener(new SimulationListener() {
            @Override
            public void cut(int round, int u, int pu, int v, int pv, List<Envelope> lost) {
                cutsIn[round]++;
            }
        });
        int most = 0;
        while (sim.round() < rounds) {
            engine.stepRound();
            most = Math.max(most, sim.graph().historySize());
        }
        int oldest = sim.round();
        for (int u = 0; u < sim.nodeCount(); u++) {
            if (sim.status(u) == OperationStatus.LOCKING) oldest = Math.min(oldest, sim.requestRound(u));
        }
        long since = 0;
        for (int r = oldest + 1; r <= rounds; r++) since += cutsIn[r];
        assertTrue(since > 65_536, "the oldest pending request (round " + oldest + ") alone would keep more than the limit: " + since);
        assertTrue(most <= 65_536, "at most 65,536 ended connections kept at once, but " + most + " (" + since + " cuts since round " + oldest + ")");
        assertTrue(sim.graph().historyHorizon() > oldest, "the horizon passed the oldest request: " + sim.graph().historyHorizon());
        int now = sim.round();
        int asked = 0;
        for (int u = 0; u < sim.nodeCount(); u++) {
            for (long ports = sim.graph().ports(u) & ~1L; ports != 0; ports &= ports - 1) {
                int p = Long.numberOfTrailingZeros(ports);
                int from = Math.max(sim.graph().since(u, p), sim.graph().historyHorizon());
                assertTrue(sim.graph().persisted(u, sim.graph().peer(u, p), from, now), "node " + u + "'s port " + p);
                asked++;
            }
        }
        assertTrue(asked > 10_000, "edges asked about: " + asked);
    }
}
