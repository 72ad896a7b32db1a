package dev.lockstep.core;

import java.util.Arrays;
import java.util.List;

/**
 * A protocol's actions by index, with the indices of each trigger kind in protocol order:
 * enumerating a node's choices scans only the actions its pending call, messages or state can
 * enable. Action codes keep the index in 8 bits, hence the limit.
 */
final class ActionTable {
    final List<Action<NodeState>> list;
    private final Action<NodeState>[] all;
    final int[] onCall;
    final int[] onMessage;
    final int[] onState;

    @SuppressWarnings("unchecked") // a generic array of actions
    ActionTable(List<Action<NodeState>> actions) {
        list = List.copyOf(actions);
        all = list.toArray(new Action[0]);
        if (all.length > 255) throw new IllegalArgumentException("at most 255 actions per protocol");
        onCall = indicesOf(Action.Trigger.CALL);
        onMessage = indicesOf(Action.Trigger.MESSAGE);
        onState = indicesOf(Action.Trigger.STATE);
    }

    private int[] indicesOf(Action.Trigger trigger) {
        int[] out = new int[all.length];
        int k = 0;
        for (int i = 0; i < all.length; i++) if (all[i].trigger() == trigger) out[k++] = i;
        return Arrays.copyOf(out, k);
    }

    Action<NodeState> get(int i) {
        return all[i];
    }

    int size() {
        return all.length;
    }
}
