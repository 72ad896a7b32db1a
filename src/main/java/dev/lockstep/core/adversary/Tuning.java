package dev.lockstep.core.adversary;

/**
 * The knobs of the randomized policies: the activation probability (semi-synchronous and
 * asynchronous), the longest execution in rounds (asynchronous) and how a node picks among its
 * enabled choices (all four). A caller can switch a policy's kind and keep its knobs, or write
 * them out, without asking which kind it has (see {@link SchedulerPolicy#tuning}).
 */
public record Tuning(double activation, int maxDuration, NodeChoice nodeChoice) {
    /** The scenario format's defaults. */
    public static final Tuning DEFAULT = new Tuning(0.5, 3, NodeChoice.EFFECTIVE);

    public Tuning withNodeChoice(NodeChoice choice) {
        return new Tuning(activation, maxDuration, choice);
    }
}
