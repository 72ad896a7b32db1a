package dev.lockstep.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lockstep.core.Simulation;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The time-unit generators keep no state of their own, so the window's time travel is exact with
 * them: going back and running forward again reaches the same configuration, counts and round.
 */
class TimeUnitSessionTest {
    static String fingerprint(Simulation sim) {
        return sim.round() + " " + sim.stats().lockRequests() + " " + sim.stats().locksAcquired() + " " + sim.stats().messagesSent();
    }

    @Test
    void travellingBackAndRunningAgainRepeatsTheRun() throws Exception {
        Scenario s = ScenarioLoader.load(Path.of("sample-runs/krl-poisson-link-changes.json"));
        Session session = Session.start(s);
        session.runUntil(200);
        String ahead = fingerprint(session.simulation());
        var config = session.simulation().configuration();
        session.jumpTo(new Session.Position(90, -1));
        assertEquals(90, session.round());
        session.runUntil(200);
        assertEquals(ahead, fingerprint(session.simulation()));
        assertEquals(config, session.simulation().configuration());
        for (int i = 0; i < 30; i++) session.stepBackRound();
        session.runUntil(200);
        assertEquals(config, session.simulation().configuration());
    }
}
