package dev.lockstep.json;

/**
 * Whether an array holds more items than a {@link JsonParser.Limit} allows, found without reading
 * its items: a scan that only follows strings and brackets. Not done with Jackson, whose
 * skipping would stop at the first malformed item; the limit is checked (and reported) first,
 * so that an oversized file fails fast whatever it holds. Syntax errors are left to the parse.
 */
final class ItemCount {
    private ItemCount() {}

    /** {@code from} is the offset just after the array's opening bracket. */
    static boolean exceeds(String text, int from, int max) {
        int depth = 0;
        long items = 0;
        boolean inItem = false;
        for (int i = from; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') continue;
            if (depth == 0 && !inItem) {
                if (ch == ']') return false;
                inItem = true;
                if (++items > max) return true;
            }
            switch (ch) {
                case '"' -> {
                    for (i++; i < text.length() && text.charAt(i) != '"'; i++) {
                        if (text.charAt(i) == '\\') i++;
                    }
                }
                case '[', '{' -> depth++;
                case ']', '}' -> {
                    if (depth == 0) return false; // the array's end (or a mismatch the parse reports)
                    depth--;
                }
                case ',' -> {
                    if (depth == 0) inItem = false;
                }
                default -> {
                    // part of a number or literal
                }
            }
        }
        return false;
    }
}
