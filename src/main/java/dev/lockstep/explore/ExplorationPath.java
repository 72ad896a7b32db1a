package dev.lockstep.explore;

import dev.lockstep.core.Simulation;
import java.util.ArrayList;
import java.util.List;

/** A path from the start: its steps, and replay into a simulation. */
public final class ExplorationPath {
    private final Simulation start;
    private final List<PathStep> steps;

    ExplorationPath(Simulation start, List<PathStep> steps) {
        this.start = start;
        this.steps = List.copyOf(steps);
    }

    public List<PathStep> steps() { return steps; }

    public int size() { return steps.size(); }

    public List<AdversaryMove> moves() {
        List<AdversaryMove> out = new ArrayList<>(steps.size());
        for (PathStep s : steps) out.add(s.move());
        return out;
    }

    /** The simulation the path starts from (not modified). */
    public Simulation start() { return start; }

    /** A copy of the start with every step applied (each followed by {@code endRound()}). */
    public Simulation replay() {
        Simulation sim = start.copy();
        for (PathStep s : steps) {
            // The moves hold envelopes of the original replay; ids are the same in a fresh one.
            s.move().apply(sim);
            sim.endRound();
        }
        return sim;
    }

    /** The scripted schedule of this path in the scenario format; see {@link ScheduleJson#schedule}. */
    public String toSchedule() {
        return ScheduleJson.schedule(start, steps);
    }

    /** A complete scenario file that replays this path; see {@link ScheduleJson#scenario}. */
    public String toScenario(String name, String protocol, String paramsJson, int extraRounds) {
        return ScheduleJson.scenario(start, steps, name, protocol, paramsJson, extraRounds);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (PathStep s : steps) sb.append(s).append('\n');
        return sb.toString();
    }
}
