package dev.lockstep.application.population;

import dev.lockstep.core.Check;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.List;

/**
 * "majority-invariant": the quantity every isolated interaction conserves (exact majority:
 * #A − #B) is what it was at the start. An interaction acting on stale state breaks it, e.g. A
 * meets B while B also meets another A: both A's turn weak, one B does.
 */
public final class ConservationCheck implements Check {
    public static final String NAME = "majority-invariant";
    private final String quantity;

    public ConservationCheck(String quantity) {
        this.quantity = quantity;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        if (!(view.application() instanceof Agents agents)) return;
        int now = agents.conserved();
        if (now != agents.conservedAtStart()) {
            out.add(new Violation(NAME, view.round(), List.of(),
                    quantity + " is " + now + ", was " + agents.conservedAtStart() + " at the start"));
        }
    }
}
