package dev.lockstep.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** What a range of a {@link PartitionedCommit}'s phase 3 adds up, given to the simulation in range order. */
final class CommitTally {
    final int[] onEdge = new int[64];
    final List<Violation> found = new ArrayList<>();
    long actions, sent, lost, tokensLost, lockRequests, unlocks, removed;
    int acquiredCount;
    int[] acquired = new int[16];
    long[] waits = new long[16];

    void clear() {
        actions = sent = lost = tokensLost = lockRequests = unlocks = removed = 0;
        acquiredCount = 0;
        found.clear();
    }

    void acquired(int u, long wait) {
        if (acquiredCount == acquired.length) {
            acquired = Arrays.copyOf(acquired, 2 * acquiredCount);
            waits = Arrays.copyOf(waits, 2 * acquiredCount);
        }
        acquired[acquiredCount] = u;
        waits[acquiredCount++] = wait;
    }

    /** Executions.commit's counters, the acquired nodes and the violations, as this range's commits on one thread would leave them. */
    void addTo(SimulationState w, Audience audience) {
        Stats stats = w.stats;
        stats.actions += actions;
        stats.messagesSent += sent;
        stats.messagesLost += lost;
        stats.tokensLost += tokensLost;
        stats.lockRequests += lockRequests;
        stats.unlocks += unlocks;
        for (int j = 0; j < acquiredCount; j++) {
            stats.locksAcquired++;
            stats.recordWait(waits[j]);
            w.acquired(acquired[j]);
        }
        w.executionsThisRound += (int) actions;
        w.executionsBegun += actions;
        w.channels.countRemoved((int) removed);
        if (!found.isEmpty()) w.checks.found(found, audience);
    }
}
