package dev.lockstep.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.lockstep.application.amoebot.Particles;
import dev.lockstep.core.Simulation;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The debugger's time travel restores the particles' cells, the nodes' positions and the edges that follow them. */
class AmoebotTimeTravelTest {

    private static String world(Simulation sim) {
        Particles p = (Particles) sim.application();
        StringBuilder sb = new StringBuilder();
        for (int u = 0; u < p.particles(); u++) {
            sb.append(p.tail(u)).append(p.head(u)).append(p.moving(u) ? "*" : "").append('@').append(sim.graph().x(u)).append(',')
                    .append(sim.graph().y(u)).append(':').append(Long.toHexString(sim.ports(u))).append(' ');
            for (long s = sim.ports(u) & ~1L; s != 0; s &= s - 1) sb.append(sim.peer(u, Long.numberOfTrailingZeros(s))).append(',');
            sb.append(' ');
        }
        return sb.append(sim.violationCount()).toString();
    }

    @Test
    void jumpingBackAndForthShowsTheSameParticlesAndGraph() throws Exception {
        for (String file : new String[] {"amoebots-with-locks-30.json", "amoebots-without-locks-30.json"}) {
            Session s = Session.start(ScenarioLoader.load(Path.of("sample-runs", file)));
            s.runUntil(30);
            String at30 = world(s.simulation());
            s.runUntil(120);
            String at120 = world(s.simulation());
            assertNotEquals(at30, at120, file + ": the particles move between rounds 30 and 120");
            s.jumpTo(new Session.Position(30, -1));
            assertEquals(30, s.round());
            assertEquals(at30, world(s.simulation()), file + ": back at round 30");
            s.runUntil(120);
            assertEquals(at120, world(s.simulation()), file + ": forward again to round 120");
        }
    }
}
