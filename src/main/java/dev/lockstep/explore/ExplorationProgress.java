package dev.lockstep.explore;

/**
 * A running exploration's counts at one moment.
 *
 * @param states       distinct states discovered so far (the start included)
 * @param depth        the level being expanded: its states are {@code depth} steps from the start
 * @param transitions  moves applied so far
 * @param frontier     states discovered but not yet expanded (the rest of this level and the next)
 * @param findings     steps that produced a finding so far
 * @param nanos        time since the exploration started (informative only)
 */
public record ExplorationProgress(int states, int depth, long transitions, int frontier, int findings, long nanos) {
    /** States discovered per second so far (0 before the first millisecond). */
    public double statesPerSecond() {
        return nanos < 1_000_000 ? 0 : states * 1e9 / nanos;
    }
}
