package dev.lockstep.figure;

import dev.lockstep.core.NodeMarks;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Simulation;
import java.util.ArrayList;
import java.util.List;

/**
 * Which of the generic marks of token and leader protocols a run shows, for the legends of the
 * window and the figures: a legend names only what the protocol uses, so LME's legend is what it
 * always was. What the presentation names (queue, label, arrow) counts as used from the start; a
 * token badge or a leader mark once a node or a message shows one; areas and regions when the
 * scenario has them; a crashed node (greyed, crossed out) once the adversary has crashed one.
 */
public record MarkKinds(boolean tokens, boolean leader, String queue, String label, String arrow, boolean areas,
                        boolean regions, boolean crashed) {
    public static final MarkKinds NONE = new MarkKinds(false, false, "", "", "", false, false, false);

    /** What the simulation shows now (and what its protocol's presentation names). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static MarkKinds of(Simulation sim) {
        ProtocolPresentation<NodeState> look = ((Protocol) sim.protocol()).presentation();
        boolean tokens = false;
        boolean leader = false;
        boolean queue = !look.queueName().isEmpty();
        boolean label = !look.labelName().isEmpty();
        boolean crashed = false;
        for (int u = 0; u < sim.nodeCount(); u++) {
            crashed |= sim.crashed(u);
            NodeMarks m = look.marks(sim.state(u));
            tokens |= m.tokens() > 0;
            leader |= m.leader();
            queue |= m.queue() >= 0;
            label |= !m.label().isEmpty();
            for (int i = 0, c = sim.channels().size(u); i < c && !tokens; i++) {
                tokens = look.tokens(sim.channels().get(u, i).message()) > 0;
            }
        }
        String queueText = queue ? (look.queueName().isEmpty() ? "queue length" : "queue = " + look.queueName()) : "";
        String labelText = label ? (look.labelName().isEmpty() ? "label" : "label = " + look.labelName()) : "";
        String arrowText = look.orientationName().isEmpty() ? "" : "arrow = " + look.orientationName();
        boolean areas = !sim.config().areas().isEmpty();
        boolean regions = !areas && sim.config().regions() != null;
        return new MarkKinds(tokens, leader, queueText, labelText, arrowText, areas, regions, crashed);
    }

    /** Both runs' marks (a legend that has shown an entry keeps it). */
    public MarkKinds union(MarkKinds o) {
        return new MarkKinds(tokens || o.tokens, leader || o.leader, queue.isEmpty() ? o.queue : queue,
                label.isEmpty() ? o.label : label, arrow.isEmpty() ? o.arrow : arrow, areas || o.areas, regions || o.regions,
                crashed || o.crashed);
    }

    public boolean isEmpty() {
        return equals(NONE);
    }

    /** The kinds of legend entries, in legend order. */
    public enum Kind { TOKEN, LEADER, QUEUE, LABEL, ARROW, AREA, REGION, CRASHED }

    /** One legend entry: what is drawn and what it says. */
    public record Entry(Kind kind, String text) {}

    /** The legend entries, in the order the legends show them. */
    public List<Entry> entries() {
        List<Entry> out = new ArrayList<>();
        if (tokens) out.add(new Entry(Kind.TOKEN, "token (count if more than one)"));
        if (leader) out.add(new Entry(Kind.LEADER, "leader"));
        if (!queue.isEmpty()) out.add(new Entry(Kind.QUEUE, queue));
        if (!label.isEmpty()) out.add(new Entry(Kind.LABEL, label));
        if (!arrow.isEmpty()) out.add(new Entry(Kind.ARROW, arrow));
        if (areas) out.add(new Entry(Kind.AREA, "area of the plane (region)"));
        if (regions) out.add(new Entry(Kind.REGION, "region (its nodes)"));
        if (crashed) out.add(new Entry(Kind.CRASHED, "crashed"));
        return out;
    }
}
