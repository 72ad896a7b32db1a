package dev.lockstep.protocol.ricartagrawala;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Narration;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Pseudocode;
import dev.lockstep.core.SystemView;
import dev.lockstep.protocol.ricartagrawala.RaState.Region;
import java.util.Arrays;
import java.util.List;

/**
 * How Ricart-Agrawala is shown: a node's fill is its region (no ring), the slides' rules as
 * pseudocode with the branches each execution took, one sentence per execution.
 */
final class RaPresentation implements ProtocolPresentation<RaState> {
    private static final List<String> FILLS = Arrays.stream(Region.values()).map(Region::toString).toList();

    @Override
    public String fill(RaState s) {
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
        return RaPseudocode.PSEUDOCODE;
    }

    @Override
    public List<Pseudocode.Span> executedLines(ExecutionRecord record, RaState before, SystemView view) {
        try {
            return RaPseudocode.executed(record, before);
        } catch (RuntimeException e) {
            return RaPseudocode.PSEUDOCODE.spansOf(record.label());
        }
    }

    /** E.g. "p2 ran ReceiveTry from p1 (port 1): p2 is in its critical section, so it defers its ok". */
    @Override
    public String narrate(ExecutionRecord record, RaState before, SystemView view) {
        try {
            return RaNarration.sentence(record, before, view);
        } catch (RuntimeException e) {
            return Narration.describe(record, view);
        }
    }
}
