package dev.lockstep.core.check;

import dev.lockstep.core.Check;
import dev.lockstep.core.Protocol;

/** A check of the lock sets the protocol defines ({@link Protocol#lockSet}), under a fixed name. */
abstract class LockSetCheck implements Check {
    private final String name;
    final Protocol<?> protocol;

    LockSetCheck(String name, Protocol<?> protocol) {
        this.name = name;
        this.protocol = protocol;
    }

    @Override
    public final String name() {
        return name;
    }
}
