package dev.lockstep.core;

import java.util.List;
import java.util.Map;

/**
 * A protocol's pseudocode as printed (e.g. Algorithms 1-3 of the LME paper), and which lines each
 * action covers, so the GUI can show the lines of the last execution.
 *
 * @param blocks the algorithms, each a title and its numbered lines (line i is {@code lines.get(i - 1)})
 * @param spans  for each action label, the line ranges it executes
 */
public record Pseudocode(List<Block> blocks, Map<String, List<Span>> spans) {
    public static final Pseudocode NONE = new Pseudocode(List.of(), Map.of());

    public record Block(String title, List<String> lines) {
        public Block {
            lines = List.copyOf(lines);
        }
    }

    /** Lines {@code first..last} (1-based, inclusive) of block {@code block} (0-based). */
    public record Span(int block, int first, int last) {}

    public Pseudocode {
        blocks = List.copyOf(blocks);
        spans = Map.copyOf(spans);
    }

    /** The line ranges of an action (empty if unknown). */
    public List<Span> spansOf(String actionLabel) {
        return spans.getOrDefault(actionLabel, List.of());
    }
}
