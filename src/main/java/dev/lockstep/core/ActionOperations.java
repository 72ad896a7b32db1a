package dev.lockstep.core;

import java.util.List;

/**
 * A protocol's operations behind one call: {@link #run}{@code (a, s, x)} runs what
 * {@code actions().get(a).run(s, x)} runs, typically as one switch on the action index calling the
 * protocol's methods directly. Optional ({@link Protocol#operations()}): a synchronous execution
 * nobody listens to ({@link QuietExecutions}) then makes one call the JIT can follow instead of a
 * call through each action's own operation, which, one lambda class per action, no call site
 * sees fewer than a dozen of. The core takes it only while {@link #operations()} are, by identity,
 * the operations the protocol's actions hold (an action replaced by {@link Action#withOperation}
 * or {@link Action#withGuard} keeps or drops its operation accordingly).
 *
 * @param <S> the protocol's node state
 */
public interface ActionOperations<S extends NodeState> {
    /** The operations it runs, by action index: the very objects the protocol's actions were built with. */
    List<Action.Operation<S>> operations();

    /** Runs the operation of the action with index {@code action} on {@code state}, as that action's own would. */
    void run(int action, S state, Execution x);
}
