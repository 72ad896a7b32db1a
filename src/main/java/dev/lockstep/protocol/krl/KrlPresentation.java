package dev.lockstep.protocol.krl;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Message;
import dev.lockstep.core.NodeMarks;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Pseudocode;
import dev.lockstep.core.SystemView;
import dev.lockstep.protocol.krl.KrlMessages.Token;
import dev.lockstep.protocol.krl.KrlState.Status;
import java.util.List;

/**
 * How KRL looks, after the paper's figures: fill = status, a token badge on holders ("the token
 * holders as shaded circles"), the request queue's length, the height triple under each node, and
 * every link drawn as an arrow "from the higher height node to the lower height node".
 */
final class KrlPresentation implements ProtocolPresentation<KrlState> {
    private static final List<String> STATUSES = List.of(
            Status.REMAINDER.toString(), Status.WAITING.toString(), Status.CRITICAL.toString());

    private final KrlVariant variant;

    KrlPresentation(KrlVariant variant) {
        this.variant = variant;
    }

    @Override public String fill(KrlState s) { return s.status.toString(); }

    @Override public String fillName() { return "status"; }

    @Override public List<String> fillValues() { return STATUSES; }

    /**
     * The ring marks an idle token (Sec. 4.4: a token held "in its REMAINDER section with |Q| =
     * 0"), the problem KRLF addresses; the paper's other half of the definition, a waiting node
     * elsewhere in the component, is what the fills show.
     */
    @Override public String ring(KrlState s) { return idle(s) ? IDLE : NOT_IDLE; }

    @Override public String ringName() { return "token"; }

    @Override public List<String> ringValues() { return List.of(NOT_IDLE, IDLE); }

    private static final String IDLE = "idle";
    private static final String NOT_IDLE = "none or in use";

    static boolean idle(KrlState s) {
        return s.tokenHolder && s.status == Status.REMAINDER && s.q.isEmpty();
    }

    @Override
    public NodeMarks marks(KrlState s) {
        return new NodeMarks(s.numTokens, false, s.q.size(), s.myHeight.toString());
    }

    @Override public String labelName() { return "height"; }

    @Override public String queueName() { return "Q"; }

    @Override public int tokens(Message m) { return m instanceof Token ? 1 : 0; }

    /** Each node's own height, as the figures draw the arrows. */
    @Override
    public int orientation(KrlState a, KrlState b) {
        int c = a.myHeight.compareTo(b.myHeight);
        return c > 0 ? 1 : c < 0 ? -1 : 0;
    }

    @Override public String orientationName() { return "higher → lower height"; }

    @Override
    public Pseudocode pseudocode() {
        return variant.forwarding() ? KrlPseudocode.KRLF : KrlPseudocode.KRL;
    }

    @Override
    public List<Pseudocode.Span> executedLines(ExecutionRecord r, KrlState before, SystemView view) {
        return KrlReplay.trace(r, before, view, variant).spans();
    }

    @Override
    public String narrate(ExecutionRecord r, KrlState before, SystemView view) {
        return KrlNarration.sentence(r, KrlReplay.trace(r, before, view, variant).notes(), view);
    }
}
