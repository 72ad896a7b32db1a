package dev.lockstep.protocol.krl;

import dev.lockstep.core.Pseudocode;
import java.util.ArrayList;
import java.util.List;

/**
 * What one execution did, line by line, for the pseudocode panel and the narration. A run of the
 * protocol records nothing ({@link #OFF}); the presentation re-runs an execution on a copy of the
 * state before it with a recording trace, so the highlighted lines are exactly the branches taken.
 */
class KrlTrace {
    static final KrlTrace OFF = new KrlTrace(false, null);

    private final boolean on;
    /** The panel's block for each module of {@link KrlModules} (KRLF shows its modules in KRL's places). */
    private final int[] block;
    private final Pseudocode.Lines lines = new Pseudocode.Lines();
    private final List<String> notes = new ArrayList<>();

    KrlTrace(boolean on, int[] block) {
        this.on = on;
        this.block = block;
    }

    /** Line {@code l} of the appendix's module {@code block} (see {@link KrlPseudocode}) ran. */
    void line(int block, int... l) {
        if (on) lines.add(this.block == null ? block : this.block[block], l);
    }

    /** A fact for the narration ("raised its height to (2,0,3)"). */
    void note(String s) {
        if (on) notes.add(s);
    }

    List<Pseudocode.Span> spans() {
        return lines.spans();
    }

    List<String> notes() {
        return notes;
    }
}
