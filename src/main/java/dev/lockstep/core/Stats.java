package dev.lockstep.core;

/** Counters of a run, for the summary and the benchmark. */
public final class Stats {
    long actions;
    long messagesSent;
    long messagesLost;
    long lockRequests;
    long locksAcquired;
    long unlocks;
    long waitSum;
    long waitMax;
    long tokensLost;
    /** waitCounts[w] = requests acquired after waiting w rounds: the percentiles need every wait, and waits are bounded by the rounds run. */
    long[] waitCounts = new long[0];

    Stats copy() {
        Stats s = new Stats();
        s.actions = actions;
        s.messagesSent = messagesSent;
        s.messagesLost = messagesLost;
        s.lockRequests = lockRequests;
        s.locksAcquired = locksAcquired;
        s.unlocks = unlocks;
        s.waitSum = waitSum;
        s.waitMax = waitMax;
        s.tokensLost = tokensLost;
        s.waitCounts = waitCounts.clone();
        return s;
    }

    /** Action executions finished so far. */
    public long actions() { return actions; }

    /** Every Send call, including messages lost in transit or sent into a severed port. */
    public long messagesSent() { return messagesSent; }

    /** Messages lost because their edge was cut. */
    public long messagesLost() { return messagesLost; }

    /** Tokens carried by lost messages (see {@link SystemView#tokensLost()}). */
    public long tokensLost() { return tokensLost; }

    public long lockRequests() { return lockRequests; }

    public long locksAcquired() { return locksAcquired; }

    public long unlocks() { return unlocks; }

    /** Mean rounds from a request to its success, over the requests that succeeded. */
    public double meanWaitRounds() {
        return locksAcquired == 0 ? 0 : (double) waitSum / locksAcquired;
    }

    public long maxWaitRounds() { return waitMax; }

    void recordWait(long wait) {
        waitSum += wait;
        waitMax = Math.max(waitMax, wait);
        if (wait >= waitCounts.length) waitCounts = java.util.Arrays.copyOf(waitCounts, (int) Math.max(wait + 1, 2L * waitCounts.length));
        waitCounts[(int) wait]++;
    }

    /**
     * The q-quantile (0 < q ≤ 1) of the rounds from a request to its success, over the requests
     * that succeeded, by the nearest-rank rule: the smallest wait w such that at least ⌈q·n⌉ of the
     * n waits are ≤ w (so it is always a wait that occurred). -1 when no request succeeded.
     */
    public long waitQuantile(double q) {
        if (!(q > 0 && q <= 1)) throw new IllegalArgumentException("quantile " + q + " not in (0, 1]");
        if (locksAcquired == 0) return -1;
        long rank = Math.max(1, (long) Math.ceil(q * locksAcquired - 1e-9));
        long seen = 0;
        for (int w = 0; w < waitCounts.length; w++) {
            seen += waitCounts[w];
            if (seen >= rank) return w;
        }
        return waitMax;
    }
}
