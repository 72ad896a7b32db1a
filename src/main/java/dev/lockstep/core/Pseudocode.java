package dev.lockstep.core;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
    public record Span(int block, int first, int last) {
        public boolean contains(int block, int line) {
            return this.block == block && first <= line && line <= last;
        }
    }

    public Pseudocode {
        blocks = List.copyOf(blocks);
        spans = Map.copyOf(spans);
    }

    /** The line ranges of an action (empty if unknown). */
    public List<Span> spansOf(String actionLabel) {
        return spans.getOrDefault(actionLabel, List.of());
    }

    /**
     * Collects single lines and ranges of several blocks and merges them into the fewest spans,
     * sorted by block and line (for {@link ProtocolPresentation#executedLines}).
     */
    public static final class Lines {
        private final TreeMap<Integer, BitSet> lines = new TreeMap<>();

        public Lines add(int block, int... numbers) {
            BitSet b = lines.computeIfAbsent(block, k -> new BitSet());
            for (int n : numbers) b.set(n);
            return this;
        }

        public Lines range(int block, int first, int last) {
            lines.computeIfAbsent(block, k -> new BitSet()).set(first, last + 1);
            return this;
        }

        public List<Span> spans() {
            List<Span> out = new ArrayList<>();
            for (var e : lines.entrySet()) {
                BitSet b = e.getValue();
                for (int i = b.nextSetBit(0); i >= 0; ) {
                    int end = b.nextClearBit(i);
                    out.add(new Span(e.getKey(), i, end - 1));
                    i = b.nextSetBit(end);
                }
            }
            return List.copyOf(out);
        }
    }
}
