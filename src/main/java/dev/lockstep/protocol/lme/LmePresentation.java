package dev.lockstep.protocol.lme;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Narration;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Pseudocode;
import dev.lockstep.core.SystemView;
import dev.lockstep.protocol.lme.LmeState.Phase;
import dev.lockstep.protocol.lme.LmeState.State;
import java.util.Arrays;
import java.util.List;

/**
 * How LME is shown: a node's fill is its initiator's {@code state}, its ring its participant's
 * {@code phase}; Algorithms 1-3 with the branches each execution took; one sentence per execution.
 */
final class LmePresentation implements ProtocolPresentation<LmeState> {
    private static final List<String> FILLS = Arrays.stream(State.values()).map(State::toString).toList();
    private static final List<String> RINGS = Arrays.stream(Phase.values()).map(Phase::toString).toList();

    private final LmeVariant variant;
    private final LmePseudocode pseudocode;

    LmePresentation(LmeVariant variant) {
        this.variant = variant;
        this.pseudocode = new LmePseudocode(variant);
    }

    @Override
    public String fill(LmeState s) {
        return s.state().toString();
    }

    @Override
    public String fillName() {
        return "state";
    }

    @Override
    public String ringName() {
        return "phase";
    }

    @Override
    public List<String> fillValues() {
        return FILLS;
    }

    @Override
    public String ring(LmeState s) {
        return s.phase().toString();
    }

    @Override
    public List<String> ringValues() {
        return RINGS;
    }

    /**
     * Algorithms 1-3 as printed; the corrected variants add a block of corrected lines, marked
     * {@value LmePseudocode#MARK} on the printed lines they change.
     */
    @Override
    public Pseudocode pseudocode() {
        return pseudocode.pseudocode();
    }

    /** The lines of the branches the execution took, CleanUp()'s included (see {@link LmeStep}). */
    @Override
    public List<Pseudocode.Span> executedLines(ExecutionRecord record, LmeState before, SystemView view) {
        if (pseudocode.pseudocode().spansOf(record.label()).isEmpty()) return List.of();
        try {
            return pseudocode.executed(new LmeStep(record, before, variant));
        } catch (RuntimeException e) {
            return pseudocode.pseudocode().spansOf(record.label());
        }
    }

    /** E.g. "x ran CheckPriorities: tie at priority 3 between x and y, so every candidate loses: win(false) to ports 0, 1". */
    @Override
    public String narrate(ExecutionRecord record, LmeState before, SystemView view) {
        try {
            return LmeNarration.sentence(new LmeStep(record, before, variant), view);
        } catch (RuntimeException e) {
            return Narration.describe(record, view);
        }
    }
}
