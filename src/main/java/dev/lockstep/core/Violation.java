package dev.lockstep.core;

import java.util.List;

/**
 * A live check that failed: which check, in which round, which nodes (indices) and a sentence
 * that names them.
 */
public record Violation(String check, int round, List<Integer> nodes, String message) {
    public Violation {
        nodes = List.copyOf(nodes);
    }

    @Override
    public String toString() {
        return check + " @ round " + round + ": " + message;
    }
}
