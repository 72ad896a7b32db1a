package dev.lockstep.experiment;

import dev.lockstep.core.Application;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Stats;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.Scenario;
import java.util.List;

/**
 * What one run of a sweep records. Waits are in rounds, from a Lock call's request to its success,
 * over the requests that succeeded (as {@code run}'s "wait"); the percentiles use the nearest-rank
 * rule ({@link Stats#waitQuantile}). A measure with no value (a wait when nothing was acquired,
 * messages per CS without a CS) is JSON null and left out of the summary's statistics.
 */
public final class Measures {
    /** Every measure, in the order of the JSON lines and the summary's columns. */
    public static final List<String> ALL = List.of("rounds", "actions", "lockRequests", "locksAcquired", "unlocks",
            "messagesSent", "messagesLost", "messagesPerCs", "meanWaitRounds", "maxWaitRounds", "p50WaitRounds",
            "p90WaitRounds", "p99WaitRounds", "tokenMessages", "trials", "openTrials", "violations", "messagesByType",
            "broadcastsByType");
    /** The application's measures ({@link ApplicationMeasures}): recorded only when a spec names them. */
    public static final List<String> APPLICATION = ApplicationMeasures.ALL;
    /** Every measure a spec may name, in the order of the JSON lines and the summary's columns: {@link #ALL}, then {@link #APPLICATION}. */
    public static final List<String> KNOWN = java.util.stream.Stream.concat(ALL.stream(), APPLICATION.stream()).toList();

    private Measures() {}

    /** Runs the scenario with this seed for {@code rounds} rounds and writes the measures as a JSON object. */
    public static void run(Scenario scenario, long seed, int rounds, List<String> measures, JsonWriter w) {
        Engine engine = scenario.engine(seed);
        Simulation sim = engine.simulation();
        MessageTally tally = new MessageTally(sim.protocol().presentation());
        sim.addListener(tally);
        OpenTrials trials = new OpenTrials(sim);
        sim.addListener(trials);
        engine.runUntil(rounds);
        write(sim, scenario.application(), tally, trials, measures, w);
    }

    private static void write(Simulation sim, Application application, MessageTally tally, OpenTrials trials, List<String> measures,
                              JsonWriter w) {
        Stats s = sim.stats();
        boolean acquired = s.locksAcquired() > 0;
        w.beginObject();
        for (String m : measures) {
            w.key(m);
            switch (m) {
                case "rounds" -> w.value(sim.round());
                case "actions" -> w.value(s.actions());
                case "lockRequests" -> w.value(s.lockRequests());
                case "locksAcquired" -> w.value(s.locksAcquired());
                case "unlocks" -> w.value(s.unlocks());
                case "messagesSent" -> w.value(s.messagesSent());
                case "messagesLost" -> w.value(s.messagesLost());
                case "messagesPerCs" -> orNull(w, acquired, (double) s.messagesSent() / s.locksAcquired());
                case "meanWaitRounds" -> orNull(w, acquired, s.meanWaitRounds());
                case "maxWaitRounds" -> orNull(w, acquired, s.maxWaitRounds());
                case "p50WaitRounds" -> orNull(w, acquired, s.waitQuantile(0.5));
                case "p90WaitRounds" -> orNull(w, acquired, s.waitQuantile(0.9));
                case "p99WaitRounds" -> orNull(w, acquired, s.waitQuantile(0.99));
                case "tokenMessages" -> w.value(tally.tokenMessages());
                case "trials" -> w.value(trials.trials());
                case "openTrials" -> w.value(trials.open());
                case "violations" -> {
                    w.value(sim.violationCount()).key("firstViolation");
                    if (sim.violations().isEmpty()) w.nullValue();
                    else w.value(sim.violations().get(0).check());
                }
                case "messagesByType" -> counts(w, tally.byType());
                case "broadcastsByType" -> counts(w, tally.broadcastsByType());
                default -> ApplicationMeasures.write(m, sim, application, w);
            }
        }
        w.endObject();
    }

    private static void counts(JsonWriter w, java.util.Map<String, Long> byType) {
        w.beginObject();
        for (var e : byType.entrySet()) w.field(e.getKey(), e.getValue());
        w.endObject();
    }

    private static void orNull(JsonWriter w, boolean present, double value) {
        if (present) w.value(value);
        else w.nullValue();
    }
}
