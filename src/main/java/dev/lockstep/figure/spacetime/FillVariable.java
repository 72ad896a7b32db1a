package dev.lockstep.figure.spacetime;

import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Variable;
import dev.lockstep.session.History;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;

/**
 * Which node variable holds the protocol's fill value: the history keeps variables, not the
 * protocol's fill. Candidates are the variables equal to the fill of the first node's state; a
 * candidate drops out when it takes a value that is no fill value, and the one with the most
 * distinct values seen so far is taken.
 */
final class FillVariable {
    private final Protocol<NodeState> protocol;
    private final LinkedHashMap<String, Set<String>> candidates = new LinkedHashMap<>();
    private String name;

    FillVariable(Protocol<NodeState> protocol, NodeState first) {
        this.protocol = protocol;
        if (first != null) {
            String fill = protocol.presentation().fill(first);
            for (Variable v : first.variables()) {
                if (v.value().equals(fill)) candidates.put(v.name(), new HashSet<>(Set.of(v.value())));
            }
        }
        choose();
    }

    void observe(History.Executed x) {
        if (candidates.size() <= 1) return;
        for (Variable v : x.state()) {
            Set<String> seen = candidates.get(v.name());
            if (seen != null && seen.add(v.value())) {
                if (!protocol.presentation().fillValues().contains(v.value())) candidates.remove(v.name());
                choose();
            }
        }
    }

    /** The candidate with the most distinct values, all of them fill values. */
    private void choose() {
        String best = null;
        int most = -1;
        for (var e : candidates.entrySet()) {
            if (e.getValue().size() > most) {
                most = e.getValue().size();
                best = e.getKey();
            }
        }
        name = best;
    }

    String name() {
        return name;
    }

    List<String> values() {
        return protocol.presentation().fillValues();
    }

    /** The fill value after an execution, or null when no variable holds it. */
    String valueAfter(History.Executed x) {
        if (name != null) {
            for (Variable v : x.state()) if (v.name().equals(name)) return v.value();
        }
        return null;
    }
}
