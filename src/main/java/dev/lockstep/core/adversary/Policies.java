package dev.lockstep.core.adversary;

/**
 * Makes a randomized policy from its scenario name and knobs: the one place that maps names to
 * policy classes (a method of {@link SchedulerPolicy} would make the interface and its
 * implementations refer to each other).
 */
public final class Policies {
    private Policies() {}

    /**
     * The randomized policy of the given scenario name, tuned by {@code t} (each takes the knobs
     * it has); null for any other name, scripted and manual included: those are not made of knobs.
     */
    public static SchedulerPolicy randomized(String name, Tuning t) {
        switch (name) {
            case "synchronous":
                return new Synchronous(t.nodeChoice());
            case "semi-synchronous":
                return new SemiSynchronous(t.activation(), t.nodeChoice());
            case "sequential":
                return new Sequential(t.nodeChoice());
            case "asynchronous":
                return new Asynchronous(t.activation(), t.maxDuration(), t.nodeChoice());
            default:
                return null;
        }
    }
}
