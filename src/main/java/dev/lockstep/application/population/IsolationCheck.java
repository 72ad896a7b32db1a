package dev.lockstep.application.population;

import dev.lockstep.core.Check;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.List;

/**
 * "isolation": no agent takes part in two interactions at once — what LME's mutual exclusion
 * gives a population protocol (Sec. 6: "mutual exclusion ensures this pairwise interaction is
 * isolated from any others"). Reports every agent drawn this round into a second open interaction.
 */
public final class IsolationCheck implements Check {
    public static final String NAME = "isolation";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        if (!(view.application() instanceof Agents agents)) return;
        for (Agents.Clash c : agents.clashesIn(view.round())) {
            String again = c.first() == c.second() ? "again with " : "with ";
            out.add(new Violation(NAME, view.round(), List.of(c.agent(), c.first(), c.second()),
                    view.nodeName(c.agent()) + " takes part in two interactions at once: with "
                            + view.nodeName(c.first()) + " (since round " + c.since() + ") and " + again
                            + view.nodeName(c.second())));
        }
    }
}
