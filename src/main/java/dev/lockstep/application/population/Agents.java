package dev.lockstep.application.population;

import dev.lockstep.application.Interactive;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Every agent's state in a population protocol, and the interactions under way. An interaction
 * reads both states when it begins and writes what the transition function makes of those reads
 * when it ends, whatever the agents became in between: so two overlapping interactions that
 * share an agent act on stale state, which isolation (the locks) rules out. What the checks
 * need is kept here: the clashes (an agent drawn into a second open interaction) of the latest
 * round that had any, the conserved quantity, and since when every agent agrees.
 */
public final class Agents implements Interactive {
    /** An agent drawn into a second interaction while in one (with {@code first}, since {@code since}). */
    public record Clash(int round, int agent, int first, int since, int second) {}

    private final Transitions table;
    private final byte[] state;
    private final int[] partner;
    /** The partner u chose for its next Lock (pair locks), or −1. */
    private final int[] chosen;
    private final int[] since;
    /** The initiator's and the responder's states as read when the initiator's interaction began. */
    private final byte[] readMine;
    private final byte[] readTheirs;
    /** Open interactions each agent takes part in (as initiator or responder). */
    private final int[] involved;
    private final int[] count;
    private final int conservedAtStart;
    private final int initialMajority;
    private int consensusSince;
    private long interactions;
    private long abandoned;
    private long alone;
    private List<Clash> clashes = new ArrayList<>();

    /** Agents in the given states (indices into {@code table.states()}), at round 0. */
    public Agents(Transitions table, byte[] initial) {
        this.table = table;
        int n = initial.length;
        state = initial.clone();
        partner = new int[n];
        Arrays.fill(partner, -1);
        chosen = new int[n];
        Arrays.fill(chosen, -1);
        since = new int[n];
        readMine = new byte[n];
        readTheirs = new byte[n];
        involved = new int[n];
        count = new int[table.states().size()];
        for (byte s : state) count[s]++;
        conservedAtStart = conserved();
        int[] opinions = opinionCounts();
        initialMajority = opinions[0] > opinions[1] ? 0 : opinions[1] > opinions[0] ? 1 : -1;
        consensusSince = consensus() >= 0 ? 0 : -1;
    }

    private Agents(Agents o) {
        table = o.table;
        state = o.state.clone();
        partner = o.partner.clone();
        chosen = o.chosen.clone();
        since = o.since.clone();
        readMine = o.readMine.clone();
        readTheirs = o.readTheirs.clone();
        involved = o.involved.clone();
        count = o.count.clone();
        conservedAtStart = o.conservedAtStart;
        initialMajority = o.initialMajority;
        consensusSince = o.consensusSince;
        interactions = o.interactions;
        abandoned = o.abandoned;
        alone = o.alone;
        clashes = new ArrayList<>(o.clashes);
    }

    @Override
    public Agents copy() {
        return new Agents(this);
    }

    public Transitions table() { return table; }

    public int size() { return state.length; }

    /** Agent u's state (an index into the table's states). */
    public int state(int u) { return state[u]; }

    @Override public String label(int u) { return table.states().get(state[u]); }

    @Override public int partnerOf(int u) { return partner[u]; }

    @Override public int since(int u) { return since[u]; }

    /** The partner u chose for its Lock (pair locks) and has neither met nor given up, or −1. */
    @Override public int lockPartner(int u) { return chosen[u]; }

    /** How many agents are in state s. */
    public int count(int s) { return count[s]; }

    /** Interactions ended (written), abandoned (partner out of reach) and not taken (no locked neighbour). */
    public long interactions() { return interactions; }

    public long abandoned() { return abandoned; }

    public long alone() { return alone; }

    /** The conserved quantity now (0 when the protocol conserves none). */
    public int conserved() {
        int[] w = table.conservedWeights();
        if (w == null) return 0;
        int sum = 0;
        for (int s = 0; s < count.length; s++) sum += w[s] * count[s];
        return sum;
    }

    public int conservedAtStart() { return conservedAtStart; }

    /** The opinion every agent holds, or −1 (some disagree, or some hold none). */
    public int consensus() {
        int[] o = opinionCounts();
        int n = state.length;
        return o[0] == n ? 0 : o[1] == n ? 1 : -1;
    }

    /** The round since which every agent has agreed (the rounds until consensus), or −1. */
    public int consensusSince() { return consensusSince; }

    /** The opinion most agents held at round 0, or −1 for a tie. */
    public int initialMajority() { return initialMajority; }

    private int[] opinionCounts() {
        int[] o = new int[2];
        for (int s = 0; s < count.length; s++) if (table.opinion(s) >= 0) o[table.opinion(s)] += count[s];
        return o;
    }

    /** The clashes found in {@code round} (none if the latest clashes were in another round). */
    public List<Clash> clashesIn(int round) {
        return clashes.isEmpty() || clashes.get(0).round() != round ? List.of() : List.copyOf(clashes);
    }

    @Override
    public String step(int round, IntFunction<String> name, int u, String kind, int v) {
        int n = state.length;
        if (u < 0 || u >= n) throw new IllegalArgumentException("no agent " + u);
        String who = name.apply(u) + " (" + label(u) + ")";
        switch (kind) {
            case CHOOSE -> {
                if (partner[u] >= 0) throw new IllegalArgumentException(name.apply(u) + " is already interacting");
                if (v < 0 || v >= n || v == u) throw new IllegalArgumentException("no partner for " + name.apply(u));
                chosen[u] = v;
                return who + " chooses " + name.apply(v) + " (" + label(v) + ") and calls Lock on the two of them only";
            }
            case BEGIN -> {
                if (partner[u] >= 0) throw new IllegalArgumentException(name.apply(u) + " is already interacting");
                if (v < 0 || v >= n || v == u) throw new IllegalArgumentException("no partner for " + name.apply(u));
                clash(round, u, v);
                clash(round, v, u);
                partner[u] = v;
                chosen[u] = -1;
                since[u] = round;
                readMine[u] = state[u];
                readTheirs[u] = state[v];
                involved[u]++;
                involved[v]++;
                return who + " begins to meet " + name.apply(v) + " (" + label(v) + ")";
            }
            case END -> {
                requireOpen(name, u, v);
                int i = readMine[u], r = readTheirs[u];
                int i2 = table.initiatorAfter(i, r), r2 = table.responderAfter(i, r);
                List<String> names = table.states();
                StringBuilder sb = new StringBuilder(name.apply(u)).append(" (").append(names.get(i)).append(") meets ")
                        .append(name.apply(v)).append(" (").append(names.get(r)).append("): ")
                        .append(names.get(i)).append('+').append(names.get(r)).append(" → ")
                        .append(names.get(i2)).append('+').append(names.get(r2));
                if (state[u] != i) sb.append("; ").append(name.apply(u)).append(" was ").append(label(u)).append(" by now: stale");
                if (state[v] != r) sb.append("; ").append(name.apply(v)).append(" was ").append(label(v)).append(" by now: stale");
                set(u, i2);
                set(v, r2);
                close(u, v);
                interactions++;
                agreement(round);
                return sb.toString();
            }
            case ABANDON -> {
                requireOpen(name, u, v);
                close(u, v);
                abandoned++;
                return who + " loses " + name.apply(v) + " before they are done: no interaction";
            }
            case ALONE -> {
                if (partner[u] >= 0) throw new IllegalArgumentException(name.apply(u) + " is interacting");
                alone++;
                int gone = chosen[u];
                chosen[u] = -1;
                return gone >= 0 ? who + " holds only its own lock: " + name.apply(gone) + " moved out of range, no interaction"
                        : who + " holds its locks with no locked neighbour: no interaction";
            }
            default -> throw new IllegalArgumentException("unknown step \"" + kind + "\"; expected choose, begin, end, abandon or alone");
        }
    }

    private void requireOpen(IntFunction<String> name, int u, int v) {
        if (partner[u] < 0 || partner[u] != v) {
            throw new IllegalArgumentException(name.apply(u) + " has no interaction with "
                    + (v >= 0 && v < state.length ? name.apply(v) : "node " + v));
        }
    }

    /** Agent a is drawn into an interaction with b: a clash if it already takes part in one. */
    private void clash(int round, int a, int b) {
        if (involved[a] == 0) return;
        int first = partner[a];
        int firstSince = first >= 0 ? since[a] : -1;
        if (first < 0) { // a is someone's responder: find the initiator (the lowest, for determinism)
            for (int w = 0; w < state.length; w++) {
                if (partner[w] == a) {
                    first = w;
                    firstSince = since[w];
                    break;
                }
            }
        }
        if (!clashes.isEmpty() && clashes.get(0).round() != round) clashes = new ArrayList<>();
        clashes.add(new Clash(round, a, first, firstSince, b));
    }

    private void close(int u, int v) {
        partner[u] = -1;
        involved[u]--;
        involved[v]--;
    }

    private void set(int u, int s) {
        count[state[u]]--;
        state[u] = (byte) s;
        count[s]++;
    }

    private void agreement(int round) {
        if (consensus() < 0) consensusSince = -1;
        else if (consensusSince < 0) consensusSince = round;
    }
}
