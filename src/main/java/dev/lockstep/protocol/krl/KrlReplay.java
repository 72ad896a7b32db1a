package dev.lockstep.protocol.krl;

import dev.lockstep.core.Envelope;
import dev.lockstep.core.Execution;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Message;
import dev.lockstep.core.SystemView;

/**
 * An execution re-run from its record on a copy of the node's state before it, so the
 * presentation learns which lines ran: the record's message and D snapshot; the links it found
 * formed are those the state after it knows and the state before did not (or had just lost).
 * Its sends and events go nowhere.
 */
final class KrlReplay implements Execution {
    private final ExecutionRecord r;
    private final SystemView view;
    private final long connected;

    KrlReplay(ExecutionRecord r, KrlState before, SystemView view) {
        this.r = r;
        this.view = view;
        long after = r.state() instanceof KrlState s ? s.linked : before.linked;
        this.connected = after & ~(before.linked & ~r.disconnected());
    }

    /** Re-runs the execution of {@code r} and returns what it did, line by line. */
    static KrlTrace trace(ExecutionRecord r, KrlState before, SystemView view, KrlVariant variant) {
        KrlTrace t = new KrlTrace(true, variant.forwarding() ? KrlPseudocode.KRLF_BLOCK : null);
        KrlEvents.run(r.label(), before.copy(), new KrlReplay(r, before, view), t, variant);
        return t;
    }

    @Override public Envelope received() { return r.received(); }

    @Override public long disconnected() { return r.disconnected(); }

    @Override public long connected() { return connected; }

    @Override public long ports() { return view.ports(r.node()); }

    @Override public int delta() { return view.delta(); }

    @Override public void send(int port, Message m) { }

    @Override public int random(int bound) { return 0; }

    @Override public void lockRequested() { }

    @Override public void lockAcquired() { }

    @Override public void unlockRequested() { }

    @Override public void unlockCompleted() { }

    @Override public int id() { return r.node(); }

    @Override public int nodeCount() { return view.nodeCount(); }

    @Override public int peerId(int port) { return view.peer(r.node(), port); }

    @Override public String region() { return ""; }
    @Override public java.util.List<String> regions() { return java.util.List.of(); }
}
