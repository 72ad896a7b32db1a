package dev.lockstep.explore;

import dev.lockstep.core.Call;
import dev.lockstep.core.Choice;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.Simulation;
import java.util.Arrays;

/**
 * One adversary decision of the explorer: an action execution with all its random draws fixed,
 * an application call, or a topology change. Each explorer step applies exactly one move and then
 * ends the round.
 */
public sealed interface AdversaryMove {

    /** Applies the move to {@code sim} (at a round boundary for topology changes). */
    void apply(Simulation sim);

    /**
     * A sentence for people, naming nodes, actions and messages as {@code sim} (the simulation
     * the move applies to, before applying it) calls them.
     */
    String describe(Simulation sim);

    /** Executes an enabled choice whose draws are all fixed ({@link Choice#withDraws}); null draws when it makes none. */
    record ExecuteMove(Choice choice) implements AdversaryMove {
        @Override
        public void apply(Simulation sim) {
            sim.act(choice);
        }

        @Override
        public String describe(Simulation sim) {
            StringBuilder sb = new StringBuilder();
            sb.append(sim.nodeName(choice.node())).append(' ').append(label(sim));
            Envelope m = choice.message();
            if (m != null) {
                sb.append(" receives ").append(m.message().label()).append(" via port ").append(m.toPort());
                if (m.from() != m.to()) sb.append(" (from ").append(sim.nodeName(m.from())).append(')');
            }
            int[] d = choice.draws();
            if (d != null && d.length > 0) sb.append(" draws ").append(Arrays.toString(d));
            return sb.toString();
        }

        /** The action's label. */
        public String label(Simulation sim) {
            return sim.actions().get(choice.action()).label();
        }
    }

    /** The application layer calls Lock or Unlock at a node. */
    record CallMove(int node, Call call) implements AdversaryMove {
        @Override
        public void apply(Simulation sim) {
            sim.call(node, call);
        }

        @Override
        public String describe(Simulation sim) {
            return sim.nodeName(node) + " calls " + call.json();
        }
    }

    /** The adversary cuts the edge u–v. */
    record CutMove(int u, int v) implements AdversaryMove {
        @Override
        public void apply(Simulation sim) {
            if (!sim.cut(u, v)) throw new IllegalStateException("cannot cut " + sim.nodeName(u) + "–" + sim.nodeName(v));
        }

        @Override
        public String describe(Simulation sim) {
            return "cut " + sim.nodeName(u) + "–" + sim.nodeName(v);
        }
    }

    /** The adversary links u and v (ports by the simulation's port assignment). */
    record LinkMove(int u, int v) implements AdversaryMove {
        @Override
        public void apply(Simulation sim) {
            if (!sim.link(u, v)) throw new IllegalStateException("cannot link " + sim.nodeName(u) + "–" + sim.nodeName(v));
        }

        @Override
        public String describe(Simulation sim) {
            return "link " + sim.nodeName(u) + "–" + sim.nodeName(v);
        }
    }
}
