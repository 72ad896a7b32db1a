package dev.lockstep.experiment;

import dev.lockstep.core.Application;
import dev.lockstep.core.Check;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Violation;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.PopulationOutcome;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The measures of a run's application (LME paper, Sec. 6): what {@code run --json} reports under
 * {@code "application"}, as numbers a sweep can average. They are recorded only when a spec's
 * {@code "measures"} names them, never by default: the default columns of every existing sweep
 * stay as they were, and a grid whose points differ in having an application (an
 * {@code /application} axis with a null value) still has one set of columns. The wait for a Lock is
 * {@code meanWaitRounds}, already a measure.
 *
 * <ul>
 *   <li>{@code consensusRound}: the round since which every agent has held the same opinion at
 *       the end of the run (the rounds until consensus), null when they do not agree then;</li>
 *   <li>{@code converged}: 1 when they agree at the end, else 0 (its mean is the fraction of
 *       runs that converged, which {@code consensusRound}'s mean, over those runs only, needs beside it);</li>
 *   <li>{@code initialMajorityWon}: 1 when they agree on the opinion most held at round 0, 0 when
 *       they do not agree or agree on the minority's; null after a tie at round 0;</li>
 *   <li>{@code interactions}: interactions done (written);</li>
 *   <li>{@code applicationViolations}: violations of the application's own checks
 *       ({@code isolation}, {@code majority-invariant}), a part of {@code violations}.</li>
 * </ul>
 * The first four are null for an application that is not a population protocol.
 */
final class ApplicationMeasures {
    static final List<String> ALL = List.of("consensusRound", "converged", "initialMajorityWon", "interactions",
            "applicationViolations");

    private ApplicationMeasures() {}

    /** Writes the value of measure m (one of {@link #ALL}) for a run of {@code application} (null: none) in {@code sim}. */
    static void write(String m, Simulation sim, Application application, JsonWriter w) {
        PopulationOutcome a = PopulationOutcome.of(sim);
        switch (m) {
            case "consensusRound" -> {
                if (a == null || !a.converged()) w.nullValue();
                else w.value(a.consensusRound());
            }
            case "converged" -> {
                if (a == null) w.nullValue();
                else w.value(a.converged() ? 1 : 0);
            }
            case "initialMajorityWon" -> {
                if (a == null || a.initialMajority() < 0) w.nullValue();
                else w.value(a.converged() && a.consensus() == a.initialMajority() ? 1 : 0);
            }
            case "interactions" -> {
                if (a == null) w.nullValue();
                else w.value(a.interactions());
            }
            case "applicationViolations" -> {
                if (application == null) {
                    w.nullValue();
                    return;
                }
                Set<String> names = application.checks().stream().map(Check::name).collect(Collectors.toSet());
                long n = 0;
                for (Violation v : sim.violations()) if (names.contains(v.check())) n++;
                w.value(n);
            }
            default -> throw new IllegalArgumentException("unknown application measure " + m);
        }
    }
}
