package dev.lockstep.session;

/**
 * Where a history's dropped segment is read again: a replay of the rounds from checkpoint round
 * {@code from} to {@code to} (exclusive), recording from round {@code round} on (the rounds before
 * re-executed muted). Generic over the events, so that the replays' bookkeeping
 * ({@link ReplayedSegments}) and the history do not depend on each other.
 */
@FunctionalInterface
interface SegmentSource<E> {
    SegmentReplay<E> replay(int from, int round, int to);
}
