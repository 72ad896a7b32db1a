package dev.lockstep.application.population;

import dev.lockstep.core.Application;
import dev.lockstep.core.ApplicationState;
import dev.lockstep.core.Check;
import dev.lockstep.core.SeededRandom;
import java.util.ArrayList;
import java.util.List;

/**
 * A population protocol as an application (Sec. 6): its transition function and how many agents
 * start in each state. The states are dealt to the nodes by a shuffle with the simulation's
 * stream (its first draws), so the seed decides who starts where.
 *
 * @param initial agents per state, in the table's state order; they add up to the node count
 */
public record PopulationProtocol(Transitions table, int[] initial) implements Application {
    public PopulationProtocol {
        if (initial.length != table.states().size()) throw new IllegalArgumentException("one count per state");
        initial = initial.clone();
    }

    /** The agents the initial counts make. */
    public int agents() {
        int sum = 0;
        for (int c : initial) sum += c;
        return sum;
    }

    @Override
    public String name() {
        return table.name();
    }

    @Override
    public ApplicationState initialState(int nodeCount, SeededRandom random) {
        if (agents() != nodeCount) {
            throw new IllegalArgumentException("the initial states count " + agents() + " agents for " + nodeCount + " nodes");
        }
        byte[] states = new byte[nodeCount];
        int k = 0;
        for (int s = 0; s < initial.length; s++) for (int i = 0; i < initial[s]; i++) states[k++] = (byte) s;
        for (int i = nodeCount - 1; i > 0; i--) { // Fisher–Yates
            int j = random.nextInt(i + 1);
            byte t = states[i];
            states[i] = states[j];
            states[j] = t;
        }
        return new Agents(table, states);
    }

    @Override
    public List<Check> checks() {
        List<Check> out = new ArrayList<>();
        out.add(new IsolationCheck());
        if (table.conservedWeights() != null) out.add(new ConservationCheck(table.conservedName()));
        return out;
    }
}
