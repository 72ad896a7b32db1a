package dev.lockstep.explore;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** What an exploration found. */
public final class ExplorationResult {
    /** Why an exploration ended. */
    public enum Stop {
        /** Every reachable state within the bounds on calls and topology changes was expanded. */
        EXHAUSTED("complete"),
        /** The bound on distinct states was reached in the middle of a level. */
        MAX_STATES("bound on states reached"),
        /** States at the bound on depth were discovered but not expanded. */
        MAX_DEPTH("bound on depth reached"),
        /** Its monitor asked it to stop. */
        CANCELLED("cancelled");

        private final String text;

        Stop(String text) {
            this.text = text;
        }

        /** A few words for people. */
        public String text() {
            return text;
        }
    }

    /**
     * How the visited states were stored.
     *
     * @param fingerprintBits   bits per fingerprint, or 0 for full keys
     * @param tableBytes        the fingerprint table's size (0 for full keys, whose size the JVM decides)
     * @param distinctStates    distinct node states numbered for the fingerprints
     * @param distinctMessages  distinct messages numbered for the fingerprints
     */
    public record Storage(int fingerprintBits, long tableBytes, int distinctStates, int distinctMessages) {
        /** Full keys: exact, no fingerprints. */
        public static final Storage FULL_KEYS = new Storage(0, 0, 0, 0);
    }

    private final int states;
    private final long transitions;
    private final int maxDepth;
    private final int completeDepth;
    private final Stop stop;
    private final long millis;
    private final int[] levels;
    private final Map<String, Finding> first;
    private final Map<String, Integer> counts;
    private final List<Finding> kept;
    private Storage storage = Storage.FULL_KEYS;
    private Reductions reductions = Reductions.NONE;
    private String symmetryRefusal = "not asked for";

    /**
     * {@code first} in discovery order, {@code counts} sorted by check name (as the summary shows
     * them); the exploration hands its maps over and no longer changes them.
     */
    ExplorationResult(int states, long transitions, int maxDepth, int completeDepth, Stop stop, long millis,
                      int[] levels, Map<String, Finding> first, Map<String, Integer> counts, List<Finding> kept) {
        this.states = states;
        this.transitions = transitions;
        this.maxDepth = maxDepth;
        this.completeDepth = completeDepth;
        this.stop = stop;
        this.millis = millis;
        this.levels = levels;
        this.first = first;
        this.counts = counts;
        this.kept = kept;
    }

    /** Records the reductions the search used and why symmetry was off (null: it was on); returns this. */
    ExplorationResult used(Reductions used, String symmetryRefusal) {
        this.reductions = used;
        this.symmetryRefusal = symmetryRefusal;
        return this;
    }

    /** The reductions the search used: symmetry only if asked for and the protocol allowed it. */
    public Reductions reductions() { return reductions; }

    /** Why symmetry was not used ("not asked for", "… is not anonymous"), or null if it was. */
    public String symmetryRefusal() { return symmetryRefusal; }

    /** Distinct states discovered (the start included). */
    public int states() { return states; }

    /** Steps taken (moves applied), including those leading to states seen before. */
    public long transitions() { return transitions; }

    /** The largest number of steps from the start to a discovered state (its shortest path). */
    public int maxDepth() { return maxDepth; }

    /** Whether every reachable state within the bounds was expanded (not cut short by a bound or a cancel). */
    public boolean exhausted() { return stop == Stop.EXHAUSTED; }

    /** Why the exploration ended. */
    public Stop stop() { return stop; }

    /** Distinct states first reached at each depth (index = steps from the start). */
    public int[] levelSizes() { return levels.clone(); }

    /**
     * Every path of at most this many steps was tried: all states at smaller depths were
     * expanded. So no finding is missing among paths this short; with {@link #exhausted()},
     * none is missing at all.
     */
    public int completeDepth() { return completeDepth; }

    /** Wall-clock time of the exploration (informative only). */
    public long millis() { return millis; }

    /** The first (a shortest) finding of each check, in discovery order. */
    public Map<String, Finding> firstFindings() {
        return Collections.unmodifiableMap(first);
    }

    public Finding first(String check) {
        return first.get(check);
    }

    /** How many steps produced a finding of each check (by check name). */
    public Map<String, Integer> findingCounts() {
        return Collections.unmodifiableMap(counts);
    }

    /** The findings kept (at most {@link ExplorerSettings#maxFindingsKept}), in discovery order: shortest first. */
    public List<Finding> findings() {
        return Collections.unmodifiableList(kept);
    }

    public List<Finding> findings(String check) {
        List<Finding> out = new ArrayList<>();
        for (Finding f : kept) if (f.check().equals(check)) out.add(f);
        return out;
    }

    /** How the visited states were stored. */
    public Storage storage() { return storage; }

    ExplorationResult withStorage(Storage s) {
        storage = s;
        return this;
    }

    /**
     * An upper bound on the probability that two different states shared a fingerprint (so that
     * one of them was not explored): n²/2^(b+1) for n states and b-bit fingerprints; 0 for full keys.
     */
    public double collisionProbabilityBound() {
        if (storage.fingerprintBits() == 0) return 0;
        return Math.min(1, (double) states * states / Math.pow(2, storage.fingerprintBits() + 1));
    }

    /**
     * Bytes per state of the visited set's table and the state tree (two ints a state), with
     * fingerprints; the numbered node states and messages come on top (see {@link Storage}).
     * 0 for full keys, whose size the JVM decides.
     */
    public double bytesPerState() {
        if (storage.fingerprintBits() == 0) return 0;
        return (storage.tableBytes() + 8.0 * states) / states;
    }

    public boolean clean() {
        return counts.isEmpty();
    }

    /** One line per number, then the first finding of each check. */
    public String summary() {
        StringBuilder sb = new StringBuilder();
        sb.append("states=").append(states).append(" transitions=").append(transitions)
                .append(" maxDepth=").append(maxDepth).append(" completeDepth=").append(completeDepth)
                .append(" exhausted=").append(exhausted())
                .append(" time=").append(millis).append("ms");
        sb.append(" findings=").append(counts.isEmpty() ? "none" : counts.toString());
        if (storage.fingerprintBits() > 0) {
            sb.append(String.format(java.util.Locale.ROOT, " fingerprints=%d-bit P(collision)<=%.1e bytes/state=%.1f",
                    storage.fingerprintBits(), collisionProbabilityBound(), bytesPerState()));
        }
        if (reductions.partialOrder() || reductions.symmetry() || symmetryRefusal != null && !symmetryRefusal.equals("not asked for")) {
            sb.append(" reductions=[symmetry: ").append(reductions.symmetry() ? "on" : "off (" + symmetryRefusal + ")")
                    .append(", partial order: ").append(reductions.partialOrder() ? "on" : "off").append(']');
        }
        for (Finding f : first.values()) sb.append("\n  first ").append(f);
        return sb.toString();
    }

    @Override
    public String toString() {
        return summary();
    }
}
