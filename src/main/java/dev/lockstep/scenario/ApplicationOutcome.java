package dev.lockstep.scenario;

import dev.lockstep.application.population.Agents;
import dev.lockstep.application.population.Transitions;
import dev.lockstep.core.SystemView;
import dev.lockstep.json.JsonWriter;
import java.util.List;
import java.util.Locale;

/**
 * What a population protocol did in a run (Sec. 6), for {@link Summary}: agents per state,
 * interactions, and the convergence measure — the round since which every agent holds the same
 * opinion (the rounds until consensus), and whether that opinion was the initial majority.
 * Written only for a run with an application, so other runs' outputs are what they were.
 */
final class ApplicationOutcome {
    private ApplicationOutcome() {}

    static void text(StringBuilder sb, SystemView view) {
        if (!(view.application() instanceof Agents a)) return;
        Transitions t = a.table();
        StringBuilder states = new StringBuilder();
        for (int s = 0; s < t.states().size(); s++) {
            states.append(s == 0 ? "" : ", ").append(a.count(s)).append(' ').append(t.states().get(s));
        }
        sb.append(String.format(Locale.ROOT, "application  %s: %s%n", t.name(), states));
        sb.append(String.format(Locale.ROOT, "interactions %d done, %d abandoned, %d without a partner%n",
                a.interactions(), a.abandoned(), a.alone()));
        if (t.conservedName() != null) {
            sb.append(String.format(Locale.ROOT, "invariant    %s = %d (%d at the start)%n", t.conservedName(), a.conserved(), a.conservedAtStart()));
        }
        sb.append(String.format(Locale.ROOT, "consensus    %s%n", consensus(a)));
    }

    private static String consensus(Agents a) {
        List<String> opinions = a.table().opinions();
        String majority = a.initialMajority() < 0 ? "a tie at the start" : "initial majority " + opinions.get(a.initialMajority());
        if (a.consensusSince() < 0) return "none yet (" + majority + ")";
        boolean right = a.consensus() == a.initialMajority();
        return opinions.get(a.consensus()) + " since round " + a.consensusSince() + " ("
                + (right ? "the " : "not the ") + majority + ")";
    }

    static void json(JsonWriter w, SystemView view) {
        if (!(view.application() instanceof Agents a)) return;
        Transitions t = a.table();
        w.key("application").beginObject().field("kind", t.name()).key("states").beginObject();
        for (int s = 0; s < t.states().size(); s++) w.field(t.states().get(s), a.count(s));
        w.endObject().field("interactions", a.interactions()).field("abandoned", a.abandoned()).field("alone", a.alone());
        if (t.conservedName() != null) w.field("invariant", a.conserved()).field("invariantAtStart", a.conservedAtStart());
        w.key("consensus");
        if (a.consensus() < 0) w.nullValue();
        else w.value(t.opinions().get(a.consensus()));
        w.key("consensusRound");
        if (a.consensusSince() < 0) w.nullValue();
        else w.value(a.consensusSince());
        w.key("initialMajority");
        if (a.initialMajority() < 0) w.nullValue();
        else w.value(t.opinions().get(a.initialMajority()));
        w.endObject();
    }
}
