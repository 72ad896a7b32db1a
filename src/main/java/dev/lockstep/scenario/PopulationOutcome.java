package dev.lockstep.scenario;

import dev.lockstep.application.population.Agents;
import dev.lockstep.core.SystemView;

/**
 * Where a population protocol's run stands (Sec. 6), as numbers: what {@code run --json} reports
 * under {@code "application"} ({@link ApplicationOutcome}), for layers that may not read the
 * application's classes (a sweep's measures).
 *
 * @param consensusRound  the round since which every agent has held the same opinion, or −1 when they disagree now
 * @param consensus       the opinion they all hold (an index into the protocol's opinions), or −1
 * @param initialMajority the opinion most agents held at round 0, or −1 after a tie
 * @param interactions    interactions done (written)
 */
public record PopulationOutcome(int consensusRound, int consensus, int initialMajority, long interactions) {
    /** The outcome of the view's application, or null when it is not a population protocol (or there is none). */
    public static PopulationOutcome of(SystemView view) {
        if (!(view.application() instanceof Agents a)) return null;
        return new PopulationOutcome(a.consensusSince(), a.consensus(), a.initialMajority(), a.interactions());
    }

    /** Whether every agent holds the same opinion now. */
    public boolean converged() {
        return consensusRound >= 0;
    }
}
