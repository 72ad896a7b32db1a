package dev.lockstep.core;

/** Where a node is in the application's Lock/Unlock cycle, as reported by its protocol. */
public enum OperationStatus {
    IDLE,
    /** Lock was issued and has not succeeded yet. */
    LOCKING,
    /** The lock set is held; the application will call Unlock. */
    LOCKED,
    /** Unlock was issued and has not completed yet. */
    UNLOCKING;

    /** A Lock or Unlock operation is in progress (what the deadlock check calls "pending"). */
    public boolean pending() {
        return this == LOCKING || this == UNLOCKING;
    }
}
