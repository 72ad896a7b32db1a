package dev.lockstep.core;

/** The ids of the messages in transit, node by node in box order: what two runs that should agree byte for byte compare. */
public final class TransitIds {
    private TransitIds() {
    }

    public static String of(Simulation sim) {
        StringBuilder sb = new StringBuilder();
        Channels c = sim.channels();
        for (int u = 0; u < sim.nodeCount(); u++) {
            for (int i = 0; i < c.size(u); i++) sb.append(c.get(u, i).id()).append(',');
            sb.append(';');
        }
        return sb.toString();
    }
}
