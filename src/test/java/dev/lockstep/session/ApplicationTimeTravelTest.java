package dev.lockstep.session;


import dev.lockstep.core.Simulation;
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
            TimeTravelRoundTrip.backAndForth(file, 25, 90, ApplicationTimeTravelTest::agents, "agents");
        }
    }
}
