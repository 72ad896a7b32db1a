package dev.lockstep.core.check;

import dev.lockstep.core.Protocol;
import dev.lockstep.core.SystemView;
import java.util.Arrays;

/** Lock sets as sorted node arrays, and their display. */
public final class LockSets {
    private LockSets() {}

    public static int[] of(Protocol<?> protocol, SystemView view, int holder) {
        int[][] buf = {new int[8]};
        int[] size = {0};
        protocol.lockSet(holder, view, v -> {
            if (size[0] == buf[0].length) buf[0] = Arrays.copyOf(buf[0], size[0] * 2);
            buf[0][size[0]++] = v;
        });
        int[] out = Arrays.copyOf(buf[0], size[0]);
        Arrays.sort(out);
        return out;
    }

    public static String names(SystemView view, int[] nodes) {
        if (nodes.length == 0) return "∅";
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < nodes.length; i++) {
            if (i > 0) sb.append(", ");
            sb.append(view.nodeName(nodes[i]));
        }
        return sb.append('}').toString();
    }
}
