package dev.lockstep.watch;

import java.util.List;

/** One line of the narration: what happened in a round, to which nodes, told as a sentence. */
public record NarrationEntry(int round, List<Integer> nodes, String text, Kind kind) {
    /** What the line tells of (the narration colours and filters by it). */
    public enum Kind { ACTION, CALL, TOPOLOGY, REFUSAL, VIOLATION, INPUT, APPLICATION }
}
