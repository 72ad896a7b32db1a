package dev.lockstep.protocol.klme;

import dev.lockstep.core.Pseudocode;
import dev.lockstep.core.Pseudocode.Span;
import dev.lockstep.core.SystemView;
import java.util.ArrayList;
import java.util.List;

/**
 * What the node's last execution did: the pseudocode lines it ran and what happened, in words
 * with node ids as {@code {3}} placeholders (a protocol knows ids, not names). Not behaviour: the
 * state's equality ignores it, and every execution starts it afresh.
 */
final class KlmeTrail {
    private boolean any;
    private final List<String> notes = new ArrayList<>();

    void clear() {
        notes.clear();
        any = false;
        reset();
    }

    private Pseudocode.Lines fresh;

    private void reset() {
        fresh = new Pseudocode.Lines();
    }

    KlmeTrail() {
        reset();
    }

    KlmeTrail line(int block, int... numbers) {
        fresh.add(block, numbers);
        any = true;
        return this;
    }

    KlmeTrail note(String s) {
        notes.add(s);
        return this;
    }

    boolean empty() {
        return !any;
    }

    List<Span> spans() {
        return fresh.spans();
    }

    /** The notes with node names put in, joined into one clause list. */
    String text(SystemView view) {
        List<String> out = new ArrayList<>();
        for (String n : notes) out.add(names(n, view));
        return String.join("; ", out);
    }

    static String names(String s, SystemView view) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            int close = c == '{' ? s.indexOf('}', i) : -1;
            if (close > i) {
                int id = Integer.parseInt(s.substring(i + 1, close));
                b.append(id >= 0 && id < view.nodeCount() ? view.nodeName(id) : "?");
                i = close + 1;
            } else {
                b.append(c);
                i++;
            }
        }
        return b.toString();
    }
}
