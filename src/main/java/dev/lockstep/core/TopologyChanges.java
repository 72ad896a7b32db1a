package dev.lockstep.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The adversary's topology changes: links on ports chosen by the scenario's port assignment (or
 * given), cuts that lose the messages in transit on the edge, and moves. Each is allowed only at
 * the start of a round, and a change that is impossible is refused with a reason the audience hears.
 */
final class TopologyChanges {
    private final SimulationState world;
    private final SimulationConfig config;
    private final Audience audience;

    TopologyChanges(SimulationState world, SimulationConfig config, Audience audience) {
        this.world = world;
        this.config = config;
        this.audience = audience;
    }

    private String name(int u) {
        return config.names().get(u);
    }

    private void requireRoundBoundary(String what) {
        requireRoundBoundary(world, what);
    }

    static void requireRoundBoundary(SimulationState world, String what) {
        if (world.executionsThisRound > 0) {
            throw new IllegalStateException(what + " must happen at the start of a round, before any action"
                    + " execution (the model changes topology between rounds)");
        }
    }

    boolean link(int u, int v) {
        return link(u, v, null);
    }

    /** {@link #link}; in a parallel batch of moves ({@code share} not null) what it adds to shared state goes to the share. */
    private boolean link(int u, int v, MoveShare share) {
        requireRoundBoundary("link");
        String why = linkRefusal(u, v);
        if (why != null) {
            emitRefused("link", u, v, why);
            return false;
        }
        int pu = choosePort(world.graph.openPorts(u));
        int pv = choosePort(world.graph.openPorts(v));
        world.graph.linkOpen(u, pu, v, pv, world.round, share); // the refusal above asked what the graph would ask again
        linked(u, pu, v, pv, share);
        return true;
    }

    boolean link(int u, int pu, int v, int pv) {
        requireRoundBoundary("link");
        TimeVaryingGraph graph = world.graph;
        String why = linkRefusal(u, v);
        if (why == null && !PortSet.contains(graph.openPorts(u), pu)) why = name(u) + "'s port " + pu + " is not open";
        if (why == null && !PortSet.contains(graph.openPorts(v), pv)) why = name(v) + "'s port " + pv + " is not open";
        if (why != null) {
            for (SimulationListener l : audience.all()) l.refusedLink(world.round, u, pu, v, pv, why);
            return false;
        }
        world.graph.link(u, pu, v, pv, world.round);
        linked(u, pu, v, pv, null);
        return true;
    }

    private String linkRefusal(int u, int v) {
        TimeVaryingGraph graph = world.graph;
        int delta = config.delta();
        if (u == v) return "a node cannot link to itself";
        if (world.crashed[u]) return name(u) + " has crashed";
        if (world.crashed[v]) return name(v) + " has crashed";
        if (graph.adjacent(u, v)) return name(u) + " and " + name(v) + " are already adjacent";
        if (!graph.hasOpenPort(u)) return name(u) + " has no open port (Δ = " + delta + ")";
        if (!graph.hasOpenPort(v)) return name(v) + " has no open port (Δ = " + delta + ")";
        return null;
    }

    private int choosePort(long open) {
        if (config.portAssignment() == PortAssignment.LOWEST) return Long.numberOfTrailingZeros(open);
        int k = world.rng.nextInt(Long.bitCount(open));
        long s = open;
        for (int i = 0; i < k; i++) s &= s - 1;
        return Long.numberOfTrailingZeros(s);
    }

    private void linked(int u, int pu, int v, int pv, MoveShare share) {
        touch(u, share);
        touch(v, share);
        for (SimulationListener l : audience.listening()) l.linked(world.round, u, pu, v, pv);
    }

    private void touch(int u, MoveShare share) {
        if (share == null) world.touch(u);
        else share.touch(u);
    }

    boolean cut(int u, int v) {
        return cut(u, v, null);
    }

    private boolean cut(int u, int v, MoveShare share) {
        requireRoundBoundary("cut");
        TimeVaryingGraph graph = world.graph;
        int round = world.round;
        int pu = graph.portTo(u, v);
        if (u == v || pu < 0) {
            emitRefused("cut", u, v, name(u) + " and " + name(v) + " are not adjacent");
            return false;
        }
        int pv = graph.peerPort(u, pu);
        graph.cutPorts(u, pu, v, pv, round, share);
        touch(u, share);
        touch(v, share);
        List<Envelope> lostToV = world.channels.dropUncounted(v, pv);
        List<Envelope> lostToU = world.channels.dropUncounted(u, pu);
        List<Envelope> lost;
        if (lostToU.isEmpty()) lost = lostToV;
        else if (lostToV.isEmpty()) lost = lostToU;
        else {
            lost = new ArrayList<>(lostToV);
            lost.addAll(lostToU);
            lost.sort((a, b) -> Long.compare(a.id(), b.id()));
        }
        // by index: most cuts lose nothing, and the iterator over the empty list showed in a profile of moves
        long tokens = 0;
        for (int i = 0; i < lost.size(); i++) tokens += config.protocol().presentation().tokens(lost.get(i).message());
        if (share == null) {
            world.channels.countRemoved(lost.size());
            world.stats.messagesLost += lost.size();
            world.stats.tokensLost += tokens;
        } else {
            share.dropped += lost.size();
            share.tokensLost += tokens;
        }
        world.persistentPorts.remove(u, pu);
        world.persistentPorts.remove(v, pv);
        for (SimulationListener l : audience.listening()) l.cut(round, u, pu, v, pv, lost);
        return true;
    }

    void move(int u, double x, double y) {
        requireRoundBoundary("move");
        world.graph.place(u, x, y);
        moved(u, x, y);
    }

    private void moved(int u, double x, double y) {
        for (SimulationListener l : audience.listening()) l.moved(world.round, u, x, y);
        crossBoundary(u, x, y);
    }

    /**
     * A move on a unit disk of this radius ({@code ScenarioAdversary}'s): the {@link #move}; then
     * u's neighbours now out of range lose their edge, in ascending order; then, unless u crashed,
     * u links to each node now in range that it is not adjacent to and that did not crash, in
     * ascending order: each by {@link #cut} and {@link #link}, which ask again whether it may
     * happen (a listener told of one may have changed the topology). The nodes in range and u's
     * neighbours are read into a scratch array kept from move to move, not new ones.
     */
    void moveOnUnitDisk(int u, double x, double y, double radius) {
        moveOnUnitDisk(u, x, y, radius, null);
    }

    /** {@link #moveOnUnitDisk}; in a parallel batch ({@code share} not null) with the share's scratch, counts and buffers. */
    void moveOnUnitDisk(int u, double x, double y, double radius, MoveShare share) {
        // before the move, so that a bad radius changes nothing (the grid would refuse it after)
        if (!(radius > 0)) throw new IllegalArgumentException("a unit-disk radius must be positive: " + radius);
        requireRoundBoundary("move");
        TimeVaryingGraph g = world.graph;
        g.placeOnDisk(u, x, y, radius, share);
        moved(u, x, y);
        int k = g.inRangeInto(u, radius, share);
        int marks = g.delta();
        int nearAt = marks + k;
        if (share != null) {
            if (share.scratch.length < nearAt + k) share.scratch = new int[2 * (nearAt + k)];
            moveOnUnitDisk(u, g, share.scratch, marks, k, share);
            return;
        }
        // A listener told of a cut or link may ask the grid, or even move a node itself: the nodes
        // in range are copied out of the grid's buffer, and a move made inside this one gets a
        // scratch array of its own while this one holds the shared one.
        int[] row = scratch != null && scratch.length >= nearAt + k ? scratch : new int[Math.max(32, 2 * (nearAt + k))];
        scratch = null;
        try {
            moveOnUnitDisk(u, g, row, marks, k, null);
        } finally {
            scratch = row;
        }
    }

    /**
     * Moves 0..count−1 on a unit disk of this radius, node {@code us[i]} to ({@code xs[i]},
     * {@code ys[i]}), with the result of {@link #moveOnUnitDisk} on each in turn. On several
     * workers, a batch that qualifies runs in parallel ({@link ParallelMoves}): enough moves, ports
     * chosen lowest-first, nobody listening (not even for refusals), no regions, and every edge at
     * most the radius long. Every node is checked before the first move, so a bad one changes nothing.
     */
    void moveAllOnUnitDisk(int[] us, double[] xs, double[] ys, int count, double radius, Workers workers) {
        if (!(radius > 0)) throw new IllegalArgumentException("a unit-disk radius must be positive: " + radius);
        if (count < 0 || count > us.length || count > xs.length || count > ys.length) {
            throw new IllegalArgumentException(count + " moves asked for, with " + us.length + " nodes, " + xs.length + " xs and "
                    + ys.length + " ys");
        }
        requireRoundBoundary("move");
        for (int i = 0; i < count; i++) {
            if (us[i] < 0 || us[i] >= config.nodeCount()) {
                throw new IllegalArgumentException("move " + i + ": no node " + us[i] + " (there are " + config.nodeCount() + ")");
            }
        }
        boolean parallel = workers.threads() > 1 && count >= ParallelMoves.MIN_MOVES_PER_THREAD * workers.threads()
                && audience.all().isEmpty() && config.portAssignment() == PortAssignment.LOWEST
                && (config.areas().isEmpty() || !config.protocol().requirements().regions())
                && world.graph.readyForParallelMoves(radius, world.round);
        if (!parallel) {
            for (int i = 0; i < count; i++) moveOnUnitDisk(us[i], xs[i], ys[i], radius);
            return;
        }
        batch().run(us, xs, ys, count, radius, workers);
    }

    /** The parallel batches' coordination, made at the first. */
    private ParallelMoves batch;

    /** The parallel batches' coordination, made if need be. */
    ParallelMoves batch() {
        if (batch == null) batch = new ParallelMoves(this::moveOnUnitDisk, world);
        return batch;
    }

    private void moveOnUnitDisk(int u, TimeVaryingGraph g, int[] row, int marks, int k, MoveShare share) {
        int nearAt = marks + k;
        System.arraycopy(share == null ? g.rangeBuffer() : share.near, 0, row, nearAt, k);
        Arrays.fill(row, marks, nearAt, 0);
        int degree = g.neighbours(u, row);
        int gone = 0;
        for (int i = 0; i < degree; i++) {
            int v = row[i];
            int at = Arrays.binarySearch(row, nearAt, nearAt + k, v) - nearAt;
            if (at >= 0) row[marks + at] = 1; // adjacent and in range: the edge stays
            else row[gone++] = v; // gone <= i: overwrites only neighbours already looked at
        }
        FewInts.sort(row, gone);
        for (int i = 0; i < gone; i++) cut(u, row[i], share);
        if (world.crashed[u]) return;
        for (int i = 0; i < k; i++) {
            int v = row[nearAt + i];
            if (row[marks + i] == 0 && !world.crashed[v]) link(u, v, share);
        }
    }

    /**
     * {@link #moveOnUnitDisk}'s scratch, null while a move uses it: u's neighbours (Δ at most), a
     * mark per node in range that is adjacent, the nodes in range.
     */
    private int[] scratch;

    /**
     * A move that takes u into another area changes its region and raises {@link Call#MOVE} at u,
     * for a protocol that declares regions (KLME: leave the old neighbourhood, join the new one).
     * The call is a consequence of the move, not an input: listeners hear the move only, and a
     * replay or a session re-derives the call from it.
     */
    private void crossBoundary(int u, double x, double y) {
        if (config.areas().isEmpty() || !config.protocol().requirements().regions()) return;
        String now = Regions.of(config, u, x, y);
        if (now.equals(world.region(u))) return;
        world.region(u, now);
        if (world.calls[u] == null) world.calls[u] = new java.util.ArrayDeque<>(2);
        world.calls[u].addLast(Call.MOVE);
        world.touch(u);
    }

    private void emitRefused(String change, int u, int v, String why) {
        for (SimulationListener l : audience.all()) l.refused(world.round, change, u, v, why);
    }
}
