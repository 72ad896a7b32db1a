package dev.lockstep.explore;

import dev.lockstep.core.Envelope;
import dev.lockstep.core.Simulation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The states an exploration kept, rebuilt by replaying its tree (parent and move index), and a
 * brute-force count of their orbits under the permutations of the nodes that preserve the
 * port-labelled graph and the potential edges: what the symmetry reduction must agree with,
 * computed without its code.
 */
final class ExploredStates {
    /** A state kept: its simulation, its counters and its depth. */
    record State(Simulation sim, byte[] counters, int depth) {}

    private ExploredStates() {}

    static List<State> of(Explorer explorer, Simulation start, ExplorerSettings settings) {
        StateTree tree = explorer.tree();
        MoveGenerator generator = new MoveGenerator(start, settings);
        List<State> out = new ArrayList<>();
        Simulation root = start.copy();
        out.add(new State(root, generator.startCounters(), 0));
        for (int i = 1; i < tree.size(); i++) {
            State p = out.get(tree.parent(i));
            AdversaryMove m = generator.moves(p.sim(), p.counters()).get(tree.moveIndex(i));
            Simulation s = p.sim().copy();
            byte[] c = generator.after(p.counters(), m, p.sim());
            m.apply(s);
            s.endRound();
            out.add(new State(s, c, p.depth() + 1));
        }
        return out;
    }

    /** The explorer's own key of each state (configuration and counters), as a set per depth. */
    static List<Set<StateKey>> keysByDepth(List<State> states) {
        List<Set<StateKey>> out = new ArrayList<>();
        for (State s : states) {
            while (out.size() <= s.depth()) out.add(new HashSet<>());
            out.get(s.depth()).add(new StateKey(s.sim().configuration(), s.counters()));
        }
        return out;
    }

    /**
     * How many orbits of each depth (an orbit's depth: its shallowest member's) the states fall
     * into, by trying every permutation of the nodes.
     */
    static int[] orbitsByDepth(List<State> states, List<int[]> potentialEdges) {
        Map<Set<List<Object>>, Integer> orbitDepth = new HashMap<>();
        for (State s : states) {
            Set<List<Object>> orbit = new HashSet<>();
            for (int[] pi : permutations(s.sim().nodeCount())) {
                if (automorphism(s.sim(), pi, potentialEdges)) orbit.add(image(s, pi));
            }
            orbitDepth.merge(orbit, s.depth(), Math::min);
        }
        int max = states.stream().mapToInt(State::depth).max().orElse(0);
        int[] out = new int[max + 1];
        for (int d : orbitDepth.values()) out[d]++;
        return out;
    }

    /** Distinct images under the identity: must be the states themselves (the test's description is exact). */
    static int distinct(List<State> states) {
        Set<List<Object>> seen = new HashSet<>();
        for (State s : states) seen.add(image(s, identity(s.sim().nodeCount())));
        return seen.size();
    }

    private static int[] identity(int n) {
        int[] id = new int[n];
        for (int i = 0; i < n; i++) id[i] = i;
        return id;
    }

    static List<int[]> permutations(int n) {
        List<int[]> out = new ArrayList<>();
        permute(identity(n), 0, out);
        return out;
    }

    private static void permute(int[] a, int k, List<int[]> out) {
        if (k == a.length) {
            out.add(a.clone());
            return;
        }
        for (int i = k; i < a.length; i++) {
            int t = a[k];
            a[k] = a[i];
            a[i] = t;
            permute(a, k + 1, out);
            a[i] = a[k];
            a[k] = t;
        }
    }

    private static boolean automorphism(Simulation sim, int[] pi, List<int[]> potentialEdges) {
        int n = sim.nodeCount();
        for (int u = 0; u < n; u++) {
            for (int p = 1; p <= sim.delta(); p++) {
                int v = sim.graph().peer(u, p);
                int w = sim.graph().peer(pi[u], p);
                if ((v < 0) != (w < 0)) return false;
                if (v >= 0 && (pi[v] != w || sim.graph().peerPort(u, p) != sim.graph().peerPort(pi[u], p))) return false;
            }
        }
        Set<List<Integer>> pe = new HashSet<>();
        for (int[] e : potentialEdges) pe.add(List.of(Math.min(e[0], e[1]), Math.max(e[0], e[1])));
        for (int[] e : potentialEdges) {
            if (!pe.contains(List.of(Math.min(pi[e[0]], pi[e[1]]), Math.max(pi[e[0]], pi[e[1]])))) return false;
        }
        return true;
    }

    /** The state with node u renamed pi[u]: per new node, everything the configuration and counters hold of it. */
    private static List<Object> image(State s, int[] pi) {
        Simulation sim = s.sim();
        int n = sim.nodeCount();
        Object[] nodes = new Object[n];
        for (int u = 0; u < n; u++) {
            List<Object> d = new ArrayList<>();
            d.add(sim.configuration().state(u));
            d.add(sim.status(u));
            for (int p = 1; p <= sim.delta(); p++) {
                int v = sim.graph().peer(u, p);
                d.add(v < 0 ? -1 : pi[v]);
                d.add(sim.graph().peerPort(u, p));
            }
            d.add(sim.graph().pendingDisconnections(u));
            d.add(sim.graph().pendingConnections(u));
            d.add(sim.persistentPorts(u));
            d.add(sim.pendingCalls(u));
            d.add(s.counters()[u]);
            d.add(s.counters().length > n + 1 ? s.counters()[n + 1 + u] : 0);
            Map<List<Object>, Integer> inbox = new HashMap<>();
            for (int i = 0; i < sim.channels().size(u); i++) {
                Envelope e = sim.channels().get(u, i);
                inbox.merge(List.of(e.toPort(), e.message()), 1, Integer::sum);
            }
            d.add(inbox);
            nodes[pi[u]] = d;
        }
        List<Object> out = new ArrayList<>(Arrays.asList(nodes));
        out.add(s.counters()[n]);
        return out;
    }
}
