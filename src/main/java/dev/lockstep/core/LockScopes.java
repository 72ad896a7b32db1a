package dev.lockstep.core;

/**
 * The ports a Lock is scoped to (LME paper, Sec. 6, second implementation): all of N[u] unless
 * the application names a partner for u's Lock and the protocol supports scopes; then port 0 and
 * u's port towards the partner as the graph is now, or port 0 alone when the partner has moved
 * out of range ("leaving u to lock only itself"). One function for the operation
 * ({@link Execution#lockScope}) and the request's bookkeeping ({@code Executions}), so the two
 * agree.
 */
final class LockScopes {
    private LockScopes() {}

    static long of(SimulationState world, Protocol<?> protocol, int u, long ports) {
        if (world.app == null || !protocol.lockScopes()) return ports;
        int v = world.app.lockPartner(u);
        if (v < 0) return ports;
        int p = v == u ? -1 : world.graph.portTo(u, v);
        return p > 0 ? (1L | 1L << p) & ports : 1L & ports;
    }
}
