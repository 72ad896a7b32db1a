package dev.lockstep.explore;

/** One step of a path: the round it happens in, the move and a sentence describing it. */
public record PathStep(int round, AdversaryMove move, String text) {
    @Override
    public String toString() {
        return "r" + round + ": " + text;
    }
}
