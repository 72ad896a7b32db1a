package dev.lockstep.core;

import java.util.List;

/**
 * A check after executions that needs, of what an execution did, only how many messages are in
 * transit on each edge it sent on. The commit counts them as it appends the sends (the
 * receiver's row right after the append, the sender's once for all its sent ports:
 * {@link Channels#addCounts}) and hands the counts over, so the check does not ask the view for
 * the two rows of every sent edge again. Where the commit cannot count
 * (sends that wait to be appended, an in-place round's view), the check is asked the usual way,
 * {@link Check#afterExecution}, which must find the same.
 */
public interface EdgeCountedCheck extends Check {
    /**
     * {@link Check#afterExecution}, told {@code onEdge[p]}: the messages in transit now on the edge
     * of u's port p, both ways (on port 0, u's self-channel), for every p in {@code sentPorts}
     * (each has a peer).
     */
    void afterSends(SystemView view, int u, long sentPorts, int[] onEdge, List<Violation> out);
}
