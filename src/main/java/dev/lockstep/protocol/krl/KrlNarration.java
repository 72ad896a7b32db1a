package dev.lockstep.protocol.krl;

import dev.lockstep.core.Envelope;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.SystemView;
import java.util.List;

/** One sentence per KRL execution: the input event, then what the modules did, in order. */
final class KrlNarration {
    private KrlNarration() {}

    static String sentence(ExecutionRecord r, List<String> notes, SystemView view) {
        String who = view.nodeName(r.node());
        Envelope e = r.received();
        String event = switch (r.label()) {
            case KrlEvents.REQUEST_CS -> "requested the CS";
            case KrlEvents.RELEASE_CS -> "released the CS";
            case KrlEvents.LINK_CHANGE -> "processed link changes";
            default -> e == null ? r.label() : "received " + e.message().label() + " from " + view.nodeName(e.from());
        };
        StringBuilder b = new StringBuilder(who).append(' ').append(event);
        if (!notes.isEmpty()) b.append(": ").append(String.join(", ", notes.stream().map(n -> names(n, view)).toList()));
        return b.append('.').toString();
    }

    /** Notes name neighbours by id; a scenario's node names are what people read. */
    private static String names(String note, SystemView view) {
        int sp = note.lastIndexOf(' ');
        String last = note.substring(sp + 1);
        if (!last.matches("\\d+")) return note;
        int id = Integer.parseInt(last);
        return id < view.nodeCount() ? note.substring(0, sp + 1) + view.nodeName(id) : note;
    }
}
