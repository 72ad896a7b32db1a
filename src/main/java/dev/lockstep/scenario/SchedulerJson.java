package dev.lockstep.scenario;

import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.Tuning;
import dev.lockstep.json.JsonWriter;
import java.util.List;
import java.util.Map;

/**
 * The scheduler object of the scenario and session formats ({@code {"policy": "asynchronous",
 * "activation": 0.5, "maxDuration": 3, "choice": "effective"}}): which knobs each policy has, in
 * the order they are written. Reading ({@link AdversaryReader}) and writing go by this one table.
 */
public final class SchedulerJson {
    /** Every policy name, in the order error messages list them. */
    static final List<String> POLICIES = List.of("synchronous", "semi-synchronous", "sequential", "asynchronous",
            "scripted", "manual");

    /** The knobs of each policy made of knobs alone (not scripted: its steps are not knobs). */
    private static final Map<String, List<String>> KNOBS = Map.of(
            "synchronous", List.of("choice"),
            "semi-synchronous", List.of("activation", "choice"),
            "sequential", List.of("choice"),
            "asynchronous", List.of("activation", "maxDuration", "choice"),
            "manual", List.of());

    private SchedulerJson() {}

    /** The knobs the policy of that name takes, in file order; null for scripted or an unknown name. */
    static List<String> knobs(String policy) {
        return KNOBS.get(policy);
    }

    /** Whether {@link #write} can write the policy: every one but a scripted schedule. */
    public static boolean writable(SchedulerPolicy p) {
        return KNOBS.containsKey(p.name());
    }

    /** Writes the scheduler object of a policy (the inverse of {@link ScenarioLoader#policy}); scripted policies are not written. */
    public static void write(JsonWriter w, SchedulerPolicy p) {
        List<String> knobs = KNOBS.get(p.name());
        if (knobs == null) throw new IllegalArgumentException("cannot write a " + p.name() + " policy");
        Tuning t = p.tuning(Tuning.DEFAULT);
        w.beginObject().field("policy", p.name());
        for (String knob : knobs) {
            switch (knob) {
                case "activation" -> w.field(knob, t.activation());
                case "maxDuration" -> w.field(knob, t.maxDuration());
                default -> w.field(knob, t.nodeChoice().json());
            }
        }
        w.endObject();
    }
}
