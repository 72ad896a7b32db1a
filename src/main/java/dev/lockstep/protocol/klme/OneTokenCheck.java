package dev.lockstep.protocol.klme;

import dev.lockstep.core.Check;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.ArrayList;
import java.util.List;

/** {@code one-token}: a neighbourhood has at most one token, counting the held one and those in transit. */
final class OneTokenCheck implements Check {
    static final String NAME = "one-token";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        var hoods = new Neighbourhoods(view);
        for (var e : hoods.tokenNodes.entrySet()) {
            if (e.getValue().size() <= 1) continue;
            List<String> names = new ArrayList<>();
            for (int u : e.getValue()) names.add(view.nodeName(u));
            out.add(new Violation(NAME, view.round(), List.copyOf(e.getValue()), e.getKey() + " has "
                    + e.getValue().size() + " tokens (held by or on their way to " + String.join(", ", names) + ")"));
        }
    }
}
