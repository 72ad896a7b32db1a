package dev.lockstep.protocol.klme;

import dev.lockstep.core.Envelope;
import dev.lockstep.core.Execution;
import dev.lockstep.core.Message;
import java.util.ArrayList;
import java.util.List;

/**
 * One execution at node {@code id} of a complete graph of n nodes, for unit tests of single
 * events: port p leads to node p − 1 below i and to node p from i on; sends are recorded by
 * receiver id.
 */
final class FakeExecution implements Execution {
    record Sent(int to, Message m) {}

    final int id;
    final int n;
    String region;
    List<String> regions = List.of("A", "B");
    Envelope received;
    final List<Sent> sent = new ArrayList<>();
    boolean requested, acquired, unlockRequested, unlocked;

    FakeExecution(int id, int n, String region) {
        this.id = id;
        this.n = n;
        this.region = region;
    }

    /** The execution receives m from node {@code from}. */
    FakeExecution receiving(int from, Message m) {
        int port = from < id ? from + 1 : from;
        received = new Envelope(1, from, 0, id, port, 0, m);
        return this;
    }

    List<Message> to(int j) {
        return sent.stream().filter(s -> s.to == j).map(Sent::m).toList();
    }

    @Override public Envelope received() { return received; }
    @Override public long disconnected() { return 0; }
    @Override public long connected() { return 0; }
    @Override public long ports() { return (1L << n) - 1; }
    @Override public int delta() { return n - 1; }
    @Override public void send(int port, Message m) { sent.add(new Sent(peerId(port), m)); }
    @Override public int random(int bound) { return 0; }
    @Override public void lockRequested() { requested = true; }
    @Override public void lockAcquired() { acquired = true; }
    @Override public void unlockRequested() { unlockRequested = true; }
    @Override public void unlockCompleted() { unlocked = true; }
    @Override public int id() { return id; }
    @Override public int nodeCount() { return n; }
    @Override public int peerId(int port) { return port == 0 ? id : port - 1 < id ? port - 1 : port; }
    @Override public String region() { return region; }
    @Override public List<String> regions() { return regions; }
}
