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
}
