package dev.lockstep.json;

import java.util.Arrays;

/**
 * Line and column of a character offset, 1-based. Only a line feed ends a line (a lone carriage
 * return is plain whitespace, as it always was in Lockstep's messages; Jackson's own counter
 * would start a new line there), and a tab is one column.
 */
final class LineIndex {
    private final int[] lineStarts;
    private final int count;

    LineIndex(String text) {
        int[] starts = new int[16];
        int n = 1; // starts[0] = 0
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            if (n == starts.length) starts = Arrays.copyOf(starts, n * 2);
            starts[n++] = i + 1;
        }
        this.lineStarts = starts;
        this.count = n;
    }

    int line(int offset) {
        int i = Arrays.binarySearch(lineStarts, 0, count, offset);
        return i >= 0 ? i + 1 : -i - 1;
    }

    int column(int offset) {
        return offset - lineStarts[line(offset) - 1] + 1;
    }
}
