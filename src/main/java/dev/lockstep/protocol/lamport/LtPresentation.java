package dev.lockstep.protocol.lamport;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Narration;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Pseudocode;
import dev.lockstep.core.SystemView;
import dev.lockstep.protocol.lamport.LtState.Region;
import java.util.Arrays;
import java.util.List;

/**
 * How LogicalTimeME is shown: a node's fill is its region (no ring), the slides' rules as
 * pseudocode with the branches each execution took, one sentence per execution.
 */
final class LtPresentation implements ProtocolPresentation<LtState> {
    private static final List<String> FILLS = Arrays.stream(Region.values()).map(Region::toString).toList();

    @Override
    public String fill(LtState s) {
        return s.region.toString();
    }

    @Override
    public String fillName() {
        return "region";
    }

    @Override
    public List<String> fillValues() {
        return FILLS;
    }

    /** The slides' rules as pseudocode, one action per rule. */
    @Override
    public Pseudocode pseudocode() {
        return LtPseudocode.PSEUDOCODE;
    }

    @Override
    public List<Pseudocode.Span> executedLines(ExecutionRecord record, LtState before, SystemView view) {
        try {
            return LtPseudocode.executed(record, before);
        } catch (RuntimeException e) {
            return LtPseudocode.PSEUDOCODE.spansOf(record.label());
        }
    }

    /** E.g. "p2 ran ReceiveTry from p1 (port 1): p1's request (3,1) enters the history and p2 answers ack(5,2) (clock 4 → 5)". */
    @Override
    public String narrate(ExecutionRecord record, LtState before, SystemView view) {
        try {
            return LtNarration.sentence(record, before, view);
        } catch (RuntimeException e) {
            return Narration.describe(record, view);
        }
    }
}
