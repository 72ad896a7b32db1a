package dev.lockstep.session;


import dev.lockstep.application.amoebot.Particles;
import dev.lockstep.core.Simulation;
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
            TimeTravelRoundTrip.backAndForth(file, 30, 120, AmoebotTimeTravelTest::world, "particles");
        }
    }
}
