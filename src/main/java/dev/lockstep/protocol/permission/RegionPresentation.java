package dev.lockstep.protocol.permission;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Narration;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Pseudocode;
import dev.lockstep.core.SystemView;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * How a permission-based protocol of the lecture slides (Lamport's LogicalTimeME,
 * Ricart-Agrawala) is shown: a node's fill is its region (rem, try, crit, exit; no ring), the
 * slides' rules as pseudocode with the branches an execution took, one sentence per execution.
 * A protocol's own sentence or line picker that cannot read a record (a hand-made one in a test)
 * falls back to the generic ones rather than break the window.
 */
public final class RegionPresentation<S extends NodeState> implements ProtocolPresentation<S> {
    /** One sentence about an execution, from the record, the state before it and the system. */
    public interface Sentence<S> {
        String of(ExecutionRecord record, S before, SystemView view);
    }

    private final Function<S, String> region;
    private final List<String> regions;
    private final Pseudocode pseudocode;
    private final BiFunction<ExecutionRecord, S, List<Pseudocode.Span>> executed;
    private final Sentence<S> sentence;

    /**
     * @param regions every region in legend order, e.g. {@code Region.values()}
     * @param executed the lines an execution ran, given the state before it
     */
    public RegionPresentation(Function<S, String> region, Enum<?>[] regions, Pseudocode pseudocode,
            BiFunction<ExecutionRecord, S, List<Pseudocode.Span>> executed, Sentence<S> sentence) {
        this.region = region;
        this.regions = java.util.Arrays.stream(regions).map(Enum::toString).toList();
        this.pseudocode = pseudocode;
        this.executed = executed;
        this.sentence = sentence;
    }

    @Override
    public String fill(S s) {
        return region.apply(s);
    }

    @Override
    public String fillName() {
        return "region";
    }

    @Override
    public List<String> fillValues() {
        return regions;
    }

    @Override
    public Pseudocode pseudocode() {
        return pseudocode;
    }

    @Override
    public List<Pseudocode.Span> executedLines(ExecutionRecord record, S before, SystemView view) {
        try {
            return executed.apply(record, before);
        } catch (RuntimeException e) {
            return pseudocode.spansOf(record.label());
        }
    }

    @Override
    public String narrate(ExecutionRecord record, S before, SystemView view) {
        try {
            return sentence.of(record, before, view);
        } catch (RuntimeException e) {
            return Narration.describe(record, view);
        }
    }
}
