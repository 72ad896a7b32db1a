package dev.lockstep.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.lockstep.core.Simulation;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Path;
import java.util.function.Function;

/** A sample's run to a late round, a jump back to an early one and forward again shows what {@code look} showed at each. */
final class TimeTravelRoundTrip {
    private TimeTravelRoundTrip() {}

    static void backAndForth(String file, int early, int late, Function<Simulation, String> look, String what) throws Exception {
        Session s = Session.start(ScenarioLoader.load(Path.of("sample-runs", file)));
        s.runUntil(early);
        String atEarly = look.apply(s.simulation());
        s.runUntil(late);
        String atLate = look.apply(s.simulation());
        assertNotEquals(atEarly, atLate, file + ": the " + what + " change between rounds " + early + " and " + late);
        s.jumpTo(new Session.Position(early, -1));
        assertEquals(early, s.round());
        assertEquals(atEarly, look.apply(s.simulation()), file + ": back at round " + early);
        s.runUntil(late);
        assertEquals(atLate, look.apply(s.simulation()), file + ": forward again to round " + late);
    }
}
