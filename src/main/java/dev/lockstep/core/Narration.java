package dev.lockstep.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.StringJoiner;
import java.util.function.Predicate;

/**
 * Protocol-neutral sentences about executions (protocols may narrate better:
 * {@link ProtocolPresentation#narrate}) and the phrase helpers protocols build theirs from.
 */
public final class Narration {
    private Narration() {}

    /**
     * E.g. "v3 ran CheckWin: received win(false) from w (port 2); drew 5; sent request-lock(5) on
     * ports 0, 1, 2".
     */
    public static String describe(ExecutionRecord r, SystemView view) {
        StringBuilder sb = new StringBuilder(view.nodeName(r.node())).append(" ran ").append(r.label());
        StringJoiner parts = new StringJoiner("; ", ": ", "");
        parts.setEmptyValue("");
        if (r.received() != null) parts.add("received " + r.received().message().label() + " " + from(r, view));
        if (r.disconnected() != 0) parts.add("processed the cut of " + ports(r.disconnected()));
        for (int d : r.draws()) parts.add("drew " + d);
        if (!r.sent().isEmpty()) parts.add("sent " + sends(r));
        return sb.append(parts).toString();
    }

    /**
     * "request-lock(5) on ports 0, 1, 2; ack-lock() on port 1", grouping equal messages; a message
     * lost on sending is marked, e.g. "ok(4) on ports 1, 2 (lost on port 2)".
     */
    public static String sends(ExecutionRecord r) {
        StringJoiner out = new StringJoiner("; ");
        LinkedHashMap<String, long[]> byLabel = new LinkedHashMap<>(); // label -> {ports, lost ports}
        for (Sent s : r.sent()) {
            long[] sets = byLabel.computeIfAbsent(s.message().label(), k -> new long[2]);
            sets[0] |= 1L << s.port();
            if (s.lost()) sets[1] |= 1L << s.port();
        }
        for (var e : byLabel.entrySet()) {
            long[] sets = e.getValue();
            String text = e.getKey() + " on " + ports(sets[0]);
            if (sets[1] != 0) text += " (lost on " + ports(sets[1]) + ")";
            out.add(text);
        }
        return out.toString();
    }

    // ---------------------------------------------------------------- phrase helpers

    /** "port 2", "ports 0, 1, 2" or "no port". */
    public static String ports(long set) {
        int n = Long.bitCount(set);
        if (n == 0) return "no port";
        return (n == 1 ? "port " : "ports ") + portList(set);
    }

    /** "0, 1, 2". */
    public static String portList(long set) {
        StringJoiner j = new StringJoiner(", ");
        for (long s = set; s != 0; s &= s - 1) j.add(Integer.toString(Long.numberOfTrailingZeros(s)));
        return j.toString();
    }

    /** Name of the node on u's port {@code port} (u itself for port 0), or null if the port is unconnected. */
    public static String peerName(SystemView view, int u, int port) {
        if (port == 0) return view.nodeName(u);
        int v = port > 0 ? view.peer(u, port) : -1;
        return v < 0 ? null : view.nodeName(v);
    }

    /** The nodes on u's ports, by name in port order, e.g. "{x, y, z}" ("port 3" for an unconnected port). */
    public static String nodes(SystemView view, int u, long set) {
        if (set == 0) return "∅";
        StringJoiner j = new StringJoiner(", ", "{", "}");
        for (long s = set; s != 0; s &= s - 1) {
            int p = Long.numberOfTrailingZeros(s);
            String name = peerName(view, u, p);
            j.add(name == null ? "port " + p : name);
        }
        return j.toString();
    }

    /** "w (port 1)", "w and v (ports 1, 2)", "w, v and z (ports 1, 2, 3)"; just the ports if a name is unknown. */
    public static String who(SystemView view, int u, long set) {
        String names = names(view, u, set);
        return names == null ? ports(set) : names + " (" + ports(set) + ")";
    }

    /** "w", "w and v", "w, v and z" for the nodes on u's ports (u for port 0); null if a port is unconnected. */
    public static String names(SystemView view, int u, long set) {
        List<String> names = new ArrayList<>();
        for (long s = set; s != 0; s &= s - 1) {
            String name = peerName(view, u, Long.numberOfTrailingZeros(s));
            if (name == null) return null;
            names.add(name);
        }
        return names.isEmpty() ? "nobody" : and(names);
    }

    /** "a", "a and b", "a, b and c". */
    public static String and(List<String> items) {
        int n = items.size();
        if (n == 0) return "";
        if (n == 1) return items.get(0);
        return String.join(", ", items.subList(0, n - 1)) + " and " + items.get(n - 1);
    }

    /** "from w (port 2)", or "from itself (port 0)" for a self-message; "" if nothing was received. */
    public static String from(ExecutionRecord r, SystemView view) {
        Envelope e = r.received();
        if (e == null) return "";
        String sender = e.from() == r.node() && e.toPort() == 0 ? "itself" : view.nodeName(e.from());
        return "from " + sender + " (port " + e.toPort() + ")";
    }

    /** Ports the execution sent a message matching {@code which} to. */
    public static long sentPorts(ExecutionRecord r, Predicate<Message> which) {
        long out = 0;
        for (Sent s : r.sent()) if (which.test(s.message())) out |= 1L << s.port();
        return out;
    }

    /** "; ok(4) on port 2 was lost (its edge was cut)" for the messages lost on sending, or "". */
    public static String lost(ExecutionRecord r) {
        LinkedHashMap<String, Long> byLabel = new LinkedHashMap<>();
        for (Sent s : r.sent()) if (s.lost()) byLabel.merge(s.message().label(), 1L << s.port(), (a, b) -> a | b);
        if (byLabel.isEmpty()) return "";
        List<String> items = new ArrayList<>();
        for (var e : byLabel.entrySet()) items.add(e.getKey() + " on " + ports(e.getValue()));
        boolean one = items.size() == 1 && Long.bitCount(byLabel.values().iterator().next()) == 1;
        return "; " + and(items) + (one ? " was lost (its edge was cut)" : " were lost (their edges were cut)");
    }
}
