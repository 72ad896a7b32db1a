package dev.lockstep.core;

import java.util.Arrays;

/**
 * One adversary decision about an action execution: which node, which of its enabled actions,
 * which in-transit message it receives (if the action receives one) and, optionally, the values
 * of the execution's random draws (null: take them from the simulation's seeded stream).
 *
 * @param action index into {@link Protocol#actions()}
 */
public record Choice(int node, int action, Envelope message, int[] draws) {

    public Choice withDraws(int... values) {
        return new Choice(node, action, message, values.clone());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Choice c && c.node == node && c.action == action
                && (message == null ? c.message == null : c.message != null && c.message.id() == message.id())
                && Arrays.equals(draws, c.draws);
    }

    @Override
    public int hashCode() {
        return ((node * 31 + action) * 31 + (message == null ? 0 : Long.hashCode(message.id()))) * 31
                + Arrays.hashCode(draws);
    }

    @Override
    public String toString() {
        return "Choice[node=" + node + ", action=" + action + ", message=" + message
                + (draws == null ? "" : ", draws=" + Arrays.toString(draws)) + "]";
    }
}
