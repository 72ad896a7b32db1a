package dev.lockstep.app.window;

import dev.lockstep.core.adversary.Policies;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.Scripted;
import dev.lockstep.core.adversary.Tuning;
import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.List;

/**
 * The settings bar's scheduler chooser: the randomized policies by their scenario names (made by
 * core's {@link Policies}, the one map from names to policies), then scripted while the session
 * runs one, then manual. A policy chosen by name keeps the scenario's activation and duration and
 * the in-node choice in use.
 */
final class SchedulerChoice {
    static final List<String> RANDOMIZED = List.of("synchronous", "semi-synchronous", "sequential", "asynchronous");

    private SchedulerChoice() {}

    /** The names the chooser lists for a session (scripted only while it runs one). */
    static List<String> names(Session session) {
        List<String> names = new ArrayList<>(RANDOMIZED);
        if (session.policy() instanceof Scripted) names.add("scripted");
        names.add("manual");
        return names;
    }

    /** A randomized policy of the given name tuned as described above; null for any other name. */
    static SchedulerPolicy named(String name, Session session) {
        Tuning kept = session.scenario().policy().tuning(Tuning.DEFAULT);
        return Policies.randomized(name, kept.withNodeChoice(session.policy().tuning(kept).nodeChoice()));
    }
}
