package dev.lockstep.core.adversary;

import dev.lockstep.core.Choice;

/**
 * An execution the adversary schedules this round: {@code duration} 0 executes it at once
 * (semi-synchronous); {@code duration} ≥ 1 starts an asynchronous execution lasting that many rounds.
 */
public record Planned(Choice choice, int duration) {
    public static Planned now(Choice c) {
        return new Planned(c, 0);
    }
}
