package dev.lockstep.cli;

import dev.lockstep.core.Simulation;
import dev.lockstep.json.Printable;
import java.util.ArrayList;
import java.util.List;

/** {@code check --edges x-y,y-z}: pairs of nodes by name (a name may hold '-': the split that names two nodes wins). */
final class EdgeList {
    private EdgeList() {}

    static List<int[]> parse(String text, Simulation sim) throws UsageException {
        List<int[]> out = new ArrayList<>();
        if (text.isBlank()) return out;
        for (String item : text.split(",", -1)) {
            String pair = item.strip();
            int[] e = null;
            for (int i = pair.indexOf('-'); i > 0 && e == null; i = pair.indexOf('-', i + 1)) {
                int u = sim.indexOf(pair.substring(0, i));
                int v = sim.indexOf(pair.substring(i + 1));
                if (u >= 0 && v >= 0) e = new int[] {u, v};
            }
            if (e == null) {
                throw new UsageException("check: --edges: \"" + Printable.escape(pair) + "\" is not two nodes of the scenario joined by '-'"
                        + " (nodes: " + String.join(", ", sim.config().names()) + ")");
            }
            if (e[0] == e[1]) throw new UsageException("check: --edges: \"" + Printable.escape(pair) + "\" joins a node to itself");
            out.add(e);
        }
        return out;
    }
}
