package dev.lockstep.session;

import java.util.List;

/** A replay under way: the events recorded so far, one more round at a time. */
interface SegmentReplay<E> {
    List<E> events();

    /** Records the next round; false when the replay has reached its last round. */
    boolean next();

    boolean done();
}
