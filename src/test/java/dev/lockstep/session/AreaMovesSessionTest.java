package dev.lockstep.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.lockstep.core.Simulation;
import dev.lockstep.scenario.AreaMovesTexts;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

/**
 * The moves between areas keep no state of their own, so the window's time travel is exact with
 * them: going back and running forward again reaches the same positions, configuration and counts.
 */
class AreaMovesSessionTest {
    static String positions(Simulation sim) {
        StringBuilder b = new StringBuilder();
        for (int u = 0; u < sim.nodeCount(); u++) b.append(' ').append(sim.graph().x(u)).append(',').append(sim.graph().y(u));
        return b.toString();
    }

    static String fingerprint(Simulation sim) {
        return sim.round() + " " + sim.stats().lockRequests() + " " + sim.stats().locksAcquired() + " "
                + sim.stats().messagesSent() + positions(sim);
    }

    @Test
    void travellingBackAndRunningAgainRepeatsTheMoves() throws Exception {
        Scenario s = ScenarioLoader.parse(AreaMovesTexts.klme(10, 2, 3, 6, 4, 400, "\"areaMoves\": {\"rate\": 0.1}",
                "\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 8, \"meanHold\": 3}"), "moves.json");
        Session session = Session.start(s);
        String start = positions(session.simulation());
        session.runUntil(200);
        String ahead = fingerprint(session.simulation());
        assertNotEquals(start, positions(session.simulation()), "nodes moved");
        var config = session.simulation().configuration();
        session.jumpTo(new Session.Position(90, -1));
        assertEquals(90, session.round());
        session.runUntil(200);
        assertEquals(ahead, fingerprint(session.simulation()));
        assertEquals(config, session.simulation().configuration());
        for (int i = 0; i < 30; i++) session.stepBackRound();
        session.runUntil(200);
        assertEquals(ahead, fingerprint(session.simulation()));
        assertEquals(config, session.simulation().configuration());
    }
}
