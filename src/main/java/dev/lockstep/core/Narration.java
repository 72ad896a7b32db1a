package dev.lockstep.core;

import java.util.StringJoiner;

/** Protocol-neutral sentences about executions (protocols may narrate better: {@link Protocol#narrate}). */
public final class Narration {
    private Narration() {}

    /** E.g. "v3 ran CheckWin: drew 5, sent request-lock(5) on ports 0, 1, 2". */
    public static String describe(ExecutionRecord r, SystemView view) {
        StringBuilder sb = new StringBuilder(view.nodeName(r.node())).append(" ran ").append(r.label());
        StringJoiner parts = new StringJoiner("; ", ": ", "");
        parts.setEmptyValue("");
        if (r.received() != null) {
            parts.add("received " + r.received().message().label() + " on port " + r.received().toPort());
        }
        if (r.disconnected() != 0) parts.add("processed the cut of port(s) " + PortSet.format(r.disconnected()));
        for (int d : r.draws()) parts.add("drew " + d);
        if (!r.sent().isEmpty()) parts.add("sent " + sends(r));
        return sb.append(parts).toString();
    }

    /** "request-lock(5) on ports 0, 1, 2; ack-lock() on port 1", grouping equal messages. */
    public static String sends(ExecutionRecord r) {
        StringJoiner out = new StringJoiner("; ");
        java.util.LinkedHashMap<String, java.util.List<Integer>> byLabel = new java.util.LinkedHashMap<>();
        for (Sent s : r.sent()) byLabel.computeIfAbsent(s.message().label(), k -> new java.util.ArrayList<>()).add(s.port());
        for (var e : byLabel.entrySet()) {
            StringJoiner ports = new StringJoiner(", ");
            for (int p : e.getValue()) ports.add(Integer.toString(p));
            out.add(e.getKey() + (e.getValue().size() == 1 ? " on port " : " on ports ") + ports);
        }
        return out.toString();
    }
}
