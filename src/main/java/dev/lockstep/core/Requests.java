package dev.lockstep.core;

/** What a committed execution's Lock and Unlock requests change in its node's status (Sec. 2.2). */
final class Requests {
    private Requests() {}

    /**
     * The request events of u's execution: N_i[u] is the neighbourhood seen as it starts
     * ({@code ports}), within the Lock's scope ({@link LockScopes}: a scoped Lock's request concerns
     * u and its chosen partner only). Returns whether a Lock was requested, for the caller's count.
     */
    static boolean record(SimulationState w, int u, int events, long ports, Protocol<?> protocol) {
        boolean lock = (events & ExecutionContext.EV_REQUESTED) != 0;
        if (lock) {
            w.setStatus(u, OperationStatus.LOCKING);
            w.requestRound.set(u, w.round);
            w.persistentPorts.set(u, LockScopes.of(w, protocol, u, ports) & ~1L);
        }
        if ((events & ExecutionContext.EV_UNLOCK_REQUESTED) != 0) w.setStatus(u, OperationStatus.UNLOCKING);
        return lock;
    }
}
