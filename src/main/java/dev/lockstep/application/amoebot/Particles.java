package dev.lockstep.application.amoebot;

import dev.lockstep.core.ApplicationState;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Every particle's cells and the moves under way (LME paper, Sec. 6, second paragraph): the
 * application state of an amoebot system. A move reads the cells around its particle when it
 * begins (a contracted particle decides whether the cell it picked is empty) and writes its
 * result {@code hold} rounds later ({@code MoveWorkload}), whatever happened in between: so two
 * overlapping moves may act on stale occupancy, which the locks rule out. Nothing here refuses a
 * collision: it is written, and {@link NoCollisionCheck} reports it.
 *
 * <p>Steps, by kind ({@link #expand(int)} "expand-d", {@link #CONTRACT_HEAD}, {@link #CONTRACT_TAIL},
 * {@link #END}); their partner is always −1. The direction d of an expansion and the cell a
 * contraction keeps are chosen by the workload with the simulation's stream and named in the
 * step, so traces record them and a replay takes the same moves.
 */
public final class Particles implements ApplicationState, ParticleSystem {
    public static final String EXPAND = "expand-";
    public static final String CONTRACT_HEAD = "contract-head";
    public static final String CONTRACT_TAIL = "contract-tail";
    public static final String END = "end";
    public static final String CONTRACTED = "contracted";
    public static final String EXPANDED = "expanded";
    /** The labels, in legend order. */
    public static final List<String> STATES = List.of(CONTRACTED, EXPANDED);

    private static final int IDLE = -1;
    private static final int INTO_HEAD = Cell.DIRECTION_COUNT;
    private static final int INTO_TAIL = Cell.DIRECTION_COUNT + 1;

    private final Cell[] tail;
    private final Cell[] head;
    /** The move under way: an expansion's direction 0..5, {@link #INTO_HEAD}, {@link #INTO_TAIL}, or {@link #IDLE}. */
    private final int[] move;
    private final int[] since;
    private long expansions;
    private long contractions;
    private long blocked;
    /** Who occupies each cell (lowest first), rebuilt after a write; for lookups only, never iterated. */
    private Map<Cell, int[]> occupants;

    /** Contracted particles, particle u on {@code cells[u]}. */
    public Particles(List<Cell> cells) {
        int n = cells.size();
        tail = cells.toArray(new Cell[0]);
        head = tail.clone();
        move = new int[n];
        Arrays.fill(move, IDLE);
        since = new int[n];
    }

    private Particles(Particles o) {
        tail = o.tail.clone();
        head = o.head.clone();
        move = o.move.clone();
        since = o.since.clone();
        expansions = o.expansions;
        contractions = o.contractions;
        blocked = o.blocked;
    }

    @Override
    public Particles copy() {
        return new Particles(this);
    }

    /** The step kind of an expansion in direction d ({@link Cell#neighbour}: 0 = east, counter-clockwise). */
    public static String expand(int d) {
        return EXPAND + d;
    }

    @Override public int particles() { return tail.length; }

    @Override public Cell tail(int u) { return tail[u]; }

    @Override public Cell head(int u) { return head[u]; }

    @Override public String label(int u) { return expanded(u) ? EXPANDED : CONTRACTED; }

    /** Where node u sits in the plane: the midpoint of its cells' points (on its cell when contracted). */
    public double x(int u) { return (tail[u].x() + head[u].x()) / 2; }

    public double y(int u) { return (tail[u].y() + head[u].y()) / 2; }

    /** Whether u has a move under way (begun, not yet written). */
    public boolean moving(int u) { return move[u] != IDLE; }

    /** The round u's move under way began. */
    public int since(int u) { return since[u]; }

    /** The cell u's expansion under way claims, or null (no move, or a contraction: it claims none). */
    public Cell claim(int u) {
        int m = move[u];
        return m >= 0 && m < Cell.DIRECTION_COUNT ? tail[u].neighbour(m) : null;
    }

    /** Moves written: expansions and contractions; and moves not made because the cell read was taken. */
    public long expansions() { return expansions; }

    public long contractions() { return contractions; }

    public long blocked() { return blocked; }

    /** The particles on cell c, in increasing order (two or more: a collision). */
    public int[] occupants(Cell c) {
        if (occupants == null) index();
        int[] o = occupants.get(c);
        return o == null ? new int[0] : o.clone();
    }

    /** Whether some particle occupies c. */
    public boolean occupied(Cell c) {
        if (occupants == null) index();
        return occupants.containsKey(c);
    }

    private void index() {
        Map<Cell, int[]> m = new HashMap<>();
        for (int u = 0; u < tail.length; u++) {
            add(m, tail[u], u);
            if (expanded(u)) add(m, head[u], u);
        }
        occupants = m;
    }

    private static void add(Map<Cell, int[]> m, Cell c, int u) {
        int[] o = m.get(c);
        if (o == null) {
            m.put(c, new int[] {u});
        } else {
            int[] more = Arrays.copyOf(o, o.length + 1);
            more[o.length] = u; // u grows: the list stays in increasing order
            m.put(c, more);
        }
    }

    @Override
    public String step(int round, IntFunction<String> name, int u, String kind, int partner) {
        if (u < 0 || u >= tail.length) throw new IllegalArgumentException("no particle " + u);
        if (partner != -1) throw new IllegalArgumentException("a particle's move has no partner");
        String who = name.apply(u);
        if (kind.equals(END)) return end(name, u);
        if (moving(u)) throw new IllegalArgumentException(who + " is already moving");
        if (kind.equals(CONTRACT_HEAD) || kind.equals(CONTRACT_TAIL)) {
            if (!expanded(u)) throw new IllegalArgumentException(who + " is contracted: it cannot contract");
            boolean intoHead = kind.equals(CONTRACT_HEAD);
            move[u] = intoHead ? INTO_HEAD : INTO_TAIL;
            since[u] = round;
            return who + " (expanded on " + tail[u] + " and " + head[u] + ") begins to contract into "
                    + (intoHead ? head[u] + ", its head" : tail[u] + ", its tail");
        }
        int d = direction(kind);
        if (d < 0) {
            throw new IllegalArgumentException("unknown step \"" + kind + "\"; expected expand-0 … expand-5, "
                    + CONTRACT_HEAD + ", " + CONTRACT_TAIL + " or " + END);
        }
        if (expanded(u)) throw new IllegalArgumentException(who + " is expanded: it cannot expand");
        Cell into = tail[u].neighbour(d);
        if (occupied(into)) { // what u read: the cell is taken, so no move
            blocked++;
            return who + " finds " + into + " taken: no move";
        }
        move[u] = d;
        since[u] = round;
        return who + " (contracted on " + tail[u] + ") reads " + into + " empty and begins to expand into it";
    }

    private static int direction(String kind) {
        if (!kind.startsWith(EXPAND) || kind.length() != EXPAND.length() + 1) return -1;
        int d = kind.charAt(EXPAND.length()) - '0';
        return d >= 0 && d < Cell.DIRECTION_COUNT ? d : -1;
    }

    /** Writes u's move under way: the stale read of its begin is what it acts on. */
    private String end(IntFunction<String> name, int u) {
        String who = name.apply(u);
        int m = move[u];
        if (m == IDLE) throw new IllegalArgumentException(who + " has no move under way");
        move[u] = IDLE;
        if (m == INTO_HEAD || m == INTO_TAIL) {
            Cell keep = m == INTO_HEAD ? head[u] : tail[u];
            tail[u] = keep;
            head[u] = keep;
            contractions++;
            occupants = null;
            return who + " contracts into " + keep;
        }
        Cell from = tail[u];
        Cell into = from.neighbour(m);
        int[] there = occupants(into);
        head[u] = into;
        expansions++;
        occupants = null;
        StringBuilder sb = new StringBuilder(who).append(" expands from ").append(from).append(" into ").append(into);
        if (there.length > 0) {
            sb.append("; ").append(name.apply(there[0])).append(" is there by now: collision");
        }
        return sb.toString();
    }
}
