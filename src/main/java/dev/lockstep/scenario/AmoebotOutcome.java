package dev.lockstep.scenario;

import dev.lockstep.application.amoebot.Particles;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Stats;
import dev.lockstep.json.JsonWriter;
import java.util.Locale;

/**
 * What an amoebot system did in a run (Sec. 6), for {@link Summary}: the particles' shapes, the
 * moves written and those not made (the cell read was taken), and the Locks — called, succeeded,
 * and the longest wait — since the paper's point is that its Lock always succeeds (lockout
 * freedom) where the amoebot model's may fail. Written only for an amoebot run.
 */
final class AmoebotOutcome {
    private AmoebotOutcome() {}

    static void text(StringBuilder sb, Simulation sim) {
        if (!(sim.application() instanceof Particles p)) return;
        int expanded = expanded(p);
        Stats s = sim.stats();
        sb.append(String.format(Locale.ROOT, "application  amoebots: %d particles, %d contracted, %d expanded%n",
                p.particles(), p.particles() - expanded, expanded));
        sb.append(String.format(Locale.ROOT, "moves        %d written (%d expansions, %d contractions), %d not made (cell taken)%n",
                p.expansions() + p.contractions(), p.expansions(), p.contractions(), p.blocked()));
        sb.append(String.format(Locale.ROOT, "locks        %d called, %d succeeded, longest wait %d rounds%n",
                s.lockRequests(), s.locksAcquired(), s.maxWaitRounds()));
    }

    static void json(JsonWriter w, Simulation sim) {
        if (!(sim.application() instanceof Particles p)) return;
        int expanded = expanded(p);
        Stats s = sim.stats();
        w.key("application").beginObject().field("kind", "amoebots").field("particles", p.particles())
                .field("contracted", p.particles() - expanded).field("expanded", expanded)
                .field("moves", p.expansions() + p.contractions()).field("expansions", p.expansions())
                .field("contractions", p.contractions()).field("blocked", p.blocked())
                .field("locksCalled", s.lockRequests()).field("locksSucceeded", s.locksAcquired())
                .field("longestWaitRounds", s.maxWaitRounds()).endObject();
    }

    private static int expanded(Particles p) {
        int e = 0;
        for (int u = 0; u < p.particles(); u++) if (p.expanded(u)) e++;
        return e;
    }
}
