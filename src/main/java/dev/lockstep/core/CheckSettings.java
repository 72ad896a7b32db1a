package dev.lockstep.core;

/**
 * Settings of the live checks.
 *
 * @param lockoutBound a request waiting more rounds than this is reported by {@code lockout}
 */
public record CheckSettings(int lockoutBound) {
    public static final int DEFAULT_LOCKOUT_BOUND = 1000;
    public static final CheckSettings DEFAULTS = new CheckSettings(DEFAULT_LOCKOUT_BOUND);
}
