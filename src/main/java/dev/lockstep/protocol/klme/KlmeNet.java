package dev.lockstep.protocol.klme;

import dev.lockstep.core.Execution;
import dev.lockstep.core.Message;

/**
 * Sending by node id on the complete graph KLME runs on (Sec. 3, assumption 6: a routing protocol
 * delivers between any two nodes), and "broadcast to all nodes in the neighbourhood" as a send to
 * every member i knows of (from I_am_here).
 */
final class KlmeNet {
    private KlmeNet() {}

    /** i's port to node j, or -1 (no edge: the message cannot be sent). */
    static int portOf(Execution x, int j) {
        for (long p = x.ports() & ~1L; p != 0; p &= p - 1) {
            int port = Long.numberOfTrailingZeros(p);
            if (x.peerId(port) == j) return port;
        }
        return -1;
    }

    /** Sends m to node j (never to i itself: what i sends itself it does at once). */
    static void send(Execution x, int j, Message m) {
        if (j < 0 || j == x.id()) return;
        int port = portOf(x, j);
        if (port >= 0) x.send(port, m);
    }

    /** Sends m to every other node i believes to be in {@code region}. */
    static void toMembers(KlmeState s, Execution x, String region, Message m) {
        for (int j = 0; j < s.regionOf.length; j++) {
            if (j != s.id && region.equals(s.regionOf[j])) send(x, j, m);
        }
    }

    /** Sends m to every other node. */
    static void toAll(KlmeState s, Execution x, Message m) {
        for (int j = 0; j < s.regionOf.length; j++) send(x, j, m);
    }

    /** The lowest id i believes in {@code region} besides itself that {@code skip} allows, or -1. */
    static int lowestMember(KlmeState s, String region, java.util.function.IntPredicate skip) {
        for (int j = 0; j < s.regionOf.length; j++) {
            if (j != s.id && region.equals(s.regionOf[j]) && !skip.test(j)) return j;
        }
        return -1;
    }

    /** The id of the node that sent the message being received. */
    static int sender(Execution x) {
        return x.peerId(x.receivedPort());
    }
}
