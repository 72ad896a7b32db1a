package dev.lockstep.core;

import java.util.Arrays;

/**
 * One action execution between its start and its commit: what it saw when it started (received
 * message, D snapshot) and what it will commit (new state, events, sends). An asynchronous
 * execution stays staged until the round it is due; a semi-synchronous one commits at once.
 */
final class StagedExecution {
    int node;
    int action;
    String label;
    int start;
    int end;
    Envelope received;
    long d;
    NodeState state;
    /** The node's state before it, when the execution runs on the node's own state (else null). */
    NodeState before;
    int[] draws;
    /** {@link ExecutionContext}'s event bits: lock requested, acquired, unlock requested, unlocked. */
    int events;
    int sendCount;
    int[] sendPorts;
    Message[] sendMessages;
    /** The connection each send left on: a send whose edge was cut (or replaced) meanwhile is lost. */
    long[] sendConnections;
    boolean asynchronous;

    StagedExecution copy() {
        StagedExecution c = new StagedExecution();
        c.node = node;
        c.action = action;
        c.label = label;
        c.start = start;
        c.end = end;
        c.received = received;
        c.d = d;
        c.state = state.copy();
        c.before = before == null ? null : before.copy();
        c.draws = draws;
        c.events = events;
        c.sendCount = sendCount;
        c.sendPorts = sendPorts;
        c.sendMessages = sendMessages;
        c.sendConnections = sendConnections;
        c.asynchronous = asynchronous;
        return c;
    }

    /** Equality as {@link Configuration} sees it: time, message ids and connection ids left out. */
    static boolean same(StagedExecution a, StagedExecution b) {
        return a == null ? b == null : b != null && a.sameAs(b);
    }

    private boolean sameAs(StagedExecution o) {
        return node == o.node && action == o.action && end - start == o.end - o.start
                && d == o.d && state.equals(o.state) && events == o.events
                && Arrays.equals(sendPorts, o.sendPorts) && Arrays.equals(sendMessages, o.sendMessages);
    }

    static int hash(StagedExecution a) {
        return a == null ? 0 : (a.action * 31 + a.state.hashCode()) * 31 + Arrays.hashCode(a.sendMessages);
    }
}
