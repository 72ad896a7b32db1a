package dev.lockstep.protocol.klme;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Message;
import dev.lockstep.core.Narration;
import dev.lockstep.core.NodeMarks;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Pseudocode;
import dev.lockstep.core.SystemView;
import dev.lockstep.protocol.klme.KlmeMessages.TokenMsg;
import java.util.List;

/**
 * KLME's look: fill = State (R, W, CS); a token badge at the holder and on Token messages, the
 * leader mark where M_Th_id names the node itself, |R_Queue| and Kfree at the holder; Sec. 3.4 as
 * pseudocode with the lines each execution ran; a sentence per execution from its trail.
 */
final class KlmePresentation implements ProtocolPresentation<KlmeState> {
    static final KlmePresentation INSTANCE = new KlmePresentation();

    private KlmePresentation() {}

    @Override
    public String fill(KlmeState s) {
        return s.state.name();
    }

    @Override
    public String fillName() {
        return "State";
    }

    @Override
    public List<String> fillValues() {
        return List.of("R", "W", "CS");
    }

    /** Tokens: the one held, and those kept for neighbourhoods nobody is in (they exist, and are there). */
    @Override
    public NodeMarks marks(KlmeState s) {
        KlmeToken t = s.token;
        return new NodeMarks((t == null ? 0 : 1) + s.parked.size(), s.leads(), t == null ? -1 : t.rQueue.size(),
                t == null ? "" : "Kfree " + t.kfree);
    }

    @Override
    public String labelName() {
        return "Kfree (at the token holder)";
    }

    @Override
    public String queueName() {
        return "R_Queue";
    }

    @Override
    public int tokens(Message m) {
        return m instanceof TokenMsg ? 1 : 0;
    }

    @Override
    public Pseudocode pseudocode() {
        return KlmePseudocode.PSEUDOCODE;
    }

    @Override
    public List<Pseudocode.Span> executedLines(ExecutionRecord r, KlmeState before, SystemView view) {
        if (r.state() instanceof KlmeState s && !s.trail.empty()) return s.trail.spans();
        return KlmePseudocode.PSEUDOCODE.spansOf(r.label());
    }

    @Override
    public String narrate(ExecutionRecord r, KlmeState before, SystemView view) {
        if (!(r.state() instanceof KlmeState s)) return Narration.describe(r, view);
        String text = s.trail.text(view);
        String me = view.nodeName(r.node());
        String head = me + " ran " + r.label() + (r.received() != null ? " " + Narration.from(r, view) : "");
        return text.isEmpty() ? head : head + ": " + me + " " + text + Narration.lost(r);
    }
}
