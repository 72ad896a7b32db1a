package dev.lockstep.experiment;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Sent;
import dev.lockstep.core.SimulationListener;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts the messages a run sends by type (the label before its first "(": {@code Req_CS(3)} is
 * a {@code Req_CS}), the executions that sent each type, and the sends that carry tokens (a token hand-over, for KLME and KRL). Every
 * send counts, lost ones included, as in {@code messagesSent}.
 */
final class MessageTally implements SimulationListener {
    private final ProtocolPresentation<?> presentation;
    private final Map<String, Long> byType = new TreeMap<>();
    private final Map<String, Long> sendersByType = new TreeMap<>();
    private long tokenMessages;

    MessageTally(ProtocolPresentation<?> presentation) {
        this.presentation = presentation;
    }

    @Override
    public void executed(ExecutionRecord record) {
        java.util.Set<String> types = new java.util.HashSet<>();
        for (Sent s : record.sent()) {
            String type = type(s.message().label());
            byType.merge(type, 1L, Long::sum);
            if (types.add(type)) sendersByType.merge(type, 1L, Long::sum);
            if (presentation.tokens(s.message()) > 0) tokenMessages++;
        }
    }

    static String type(String label) {
        int paren = label.indexOf('(');
        return (paren < 0 ? label : label.substring(0, paren)).strip();
    }

    /** By type, in alphabetical order (so that the JSON lines do not depend on which type came first). */
    Map<String, Long> byType() {
        return byType;
    }

    /**
     * By type, the executions that sent at least one message of that type: a broadcast counts
     * once. LME's trials are its request-lock broadcasts (Alg. 1, l. 19: one per trial).
     */
    Map<String, Long> broadcastsByType() {
        return sendersByType;
    }

    long tokenMessages() {
        return tokenMessages;
    }
}
