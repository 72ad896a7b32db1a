package dev.lockstep.core;

import java.util.List;

/**
 * The adversary's faults beyond topology changes (KLME Sec. 7, KRL Sec. 3): destroying one
 * message in transit ("drop the token") and crashing a node. A crashed node stops for good: it
 * never executes again, receives nothing and accepts no new link; its links fail, as the link
 * layer of its neighbours would notice, so every message in transit on them is lost. Like
 * topology changes, faults happen only at the start of a round.
 */
final class Faults {
    private final SimulationState world;
    private final SimulationConfig config;
    private final Audience audience;
    private final TopologyChanges topology;

    Faults(SimulationState world, SimulationConfig config, Audience audience, TopologyChanges topology) {
        this.world = world;
        this.config = config;
        this.audience = audience;
        this.topology = topology;
    }

    /** Destroys the message with this id in transit to {@code to}; false (and reported) when there is none. */
    boolean lose(int to, long id) {
        TopologyChanges.requireRoundBoundary(world, "losing a message");
        int i = to < 0 || to >= config.nodeCount() ? -1 : world.channels.indexOf(to, id);
        if (i < 0) {
            String where = to < 0 || to >= config.nodeCount() ? "node #" + to : config.names().get(to);
            for (SimulationListener l : audience.all()) {
                l.refused(world.round, "lose", Math.max(to, 0), Math.max(to, 0), "no message #" + id + " in transit to " + where);
            }
            return false;
        }
        Envelope e = world.channels.get(to, i);
        world.channels.removeAt(to, i);
        world.touch(to);
        world.stats.messagesLost++;
        world.stats.tokensLost += config.protocol().presentation().tokens(e.message());
        for (SimulationListener l : audience.all()) l.lost(world.round, e);
        return true;
    }

    /** Destroys the oldest message in transit from {@code from} to {@code to} whose label starts with the prefix. */
    boolean loseOldest(int from, int to, String labelPrefix) {
        TopologyChanges.requireRoundBoundary(world, "losing a message");
        Channels c = world.channels;
        for (int k = c.first(to); k >= 0; k = c.next(k)) {
            if (c.from(k) == from && c.message(k).label().startsWith(labelPrefix)) return lose(to, c.id(k));
        }
        String what = labelPrefix.isEmpty() ? "no message" : "no message \"" + labelPrefix + "…\"";
        for (SimulationListener l : audience.all()) {
            l.refusedLoss(world.round, from, to, labelPrefix, what + " in transit from " + config.names().get(from)
                    + " to " + config.names().get(to));
        }
        return false;
    }

    /** Crashes u (once): its execution under way is abandoned and its links fail. */
    boolean crash(int u) {
        TopologyChanges.requireRoundBoundary(world, "a crash");
        if (world.crashed[u]) {
            for (SimulationListener l : audience.all()) l.refused(world.round, "crash", u, u, config.names().get(u) + " has already crashed");
            return false;
        }
        world.crashed[u] = true;
        world.touch(u);
        if (world.inFlight(u) != null) {
            world.inFlight[u] = null;
            world.inFlightCount--;
        }
        world.calls[u] = null;
        for (SimulationListener l : audience.all()) l.crashed(world.round, u);
        long ports = world.graph.ports(u) & ~1L;
        while (ports != 0) {
            int p = Long.numberOfTrailingZeros(ports);
            ports &= ports - 1;
            topology.cut(u, world.graph.peer(u, p));
        }
        List<Envelope> self = world.channels.drop(u, 0);
        world.stats.messagesLost += self.size();
        for (Envelope e : self) {
            world.stats.tokensLost += config.protocol().presentation().tokens(e.message());
            for (SimulationListener l : audience.all()) l.lost(world.round, e);
        }
        return true;
    }
}
