package dev.lockstep.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.lockstep.core.Simulation;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The debugger's time travel restores the agents' states with the rest of the run (Sec. 6 samples). */
class ApplicationTimeTravelTest {

    private static String agents(Simulation sim) {
        StringBuilder sb = new StringBuilder();
        for (int u = 0; u < sim.nodeCount(); u++) sb.append(sim.application().label(u)).append(' ');
        return sb.append(sim.violationCount()).toString();
    }

    @Test
    void jumpingBackAndForthShowsTheSameAgents() throws Exception {
        for (String file : new String[] {"majority-without-locks-moving-16.json", "majority-with-locks-moving-16.json"}) {
            Session s = Session.start(ScenarioLoader.load(Path.of("sample-runs", file)));
            s.runUntil(25);
            String at25 = agents(s.simulation());
            s.runUntil(90);
            String at90 = agents(s.simulation());
            assertNotEquals(at25, at90, file + ": the agents change between rounds 25 and 90");
            s.jumpTo(new Session.Position(25, -1));
            assertEquals(25, s.round());
            assertEquals(at25, agents(s.simulation()), file + ": back at round 25");
            s.runUntil(90);
            assertEquals(at90, agents(s.simulation()), file + ": forward again to round 90");
        }
    }
}
