package dev.lockstep.protocol.lme;

import dev.lockstep.core.Action;
import dev.lockstep.core.StateEffects;
import java.util.List;

/**
 * Which of LME's enabled state actions change something (Algorithms 1-3), read off the
 * pseudocode instead of found by dry runs. Five of the six always do when their guard holds:
 * CheckStart, CheckDone and CheckUnlocked set {@code state} to another value (Alg. 1, l. 17;
 * Alg. 2, l. 32; Alg. 3, l. 14); CheckWin either sets {@code state} to win (Alg. 2, l. 20) or
 * empties a W that holds a win(false) (l. 22); CheckPriorities sends to every candidate (l. 8-9)
 * or, with C empty after CleanUp(), CleanUp() has moved phase off compete (Alg. 1, l. 30-31).
 * CleanUp alone can be a no-op: see {@link LmeRules#cleanUpChanges}. {@code StateEffectsProperties}
 * checks this against the dry runs on random states and disconnections.
 */
final class LmeEffects implements StateEffects<LmeState> {
    private final LmeVariant variant;
    private final List<Action<LmeState>> stateActions;

    LmeEffects(LmeVariant variant, List<Action<LmeState>> actions) {
        this.variant = variant;
        this.stateActions = actions.stream().filter(a -> a.trigger() == Action.Trigger.STATE).toList();
    }

    @Override
    public List<Action<LmeState>> actions() {
        return stateActions;
    }

    @Override
    public long changing(LmeState s, long enabled, long disconnected) {
        if ((enabled & LmeGuards.CLEAN_UP) == 0 || LmeRules.cleanUpChanges(s, disconnected, variant)) return enabled;
        return enabled & ~LmeGuards.CLEAN_UP;
    }
}
