package dev.lockstep.core;

import java.lang.reflect.Modifier;
import java.util.Objects;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * An action {@code label : guard -> operation} (paper, Sec. 2.1). Its guard is one of
 * <ul>
 *   <li>an application call ({@code On Lock being called}),</li>
 *   <li>a message of a given type in transit to the node ({@code On receiving prepare() via port ℓ}),</li>
 *   <li>a predicate over the node's state ({@code (state = prepare) ∧ (R = L)}).</li>
 * </ul>
 *
 * @param <S> the protocol's node state
 */
public final class Action<S extends NodeState> {

    public enum Trigger { CALL, MESSAGE, STATE }

    /** The operation: receive is implicit (the chosen message is in the execution), then compute and send. */
    @FunctionalInterface
    public interface Operation<S> {
        void run(S state, Execution x);
    }

    /**
     * The guard of an action guarded by its call or message type alone: recognised by identity, so
     * enumerating choices skips the call instead of making a megamorphic call that is always true.
     */
    private static final BiPredicate<Object, Message> ALWAYS = (s, m) -> true;

    private final String label;
    private final Trigger trigger;
    private final Call call;
    private final Class<? extends Message> messageType;
    private final BiPredicate<S, Message> guard;
    /**
     * A guard over the state alone, kept as given (null if the guard reads the message): enumerating
     * choices calls it directly, one megamorphic call instead of a wrapper's two.
     */
    private final Predicate<S> stateGuard;
    private final Operation<S> operation;
    /**
     * Whether the message type is a final class (records are): then a message is accepted iff its
     * class is exactly that type, a comparison that never misses {@link Class#isInstance}'s type cache.
     */
    private final boolean exactType;
    private final boolean guarded;

    private Action(String label, Trigger trigger, Call call, Class<? extends Message> messageType,
                   BiPredicate<S, Message> guard, Predicate<S> stateGuard, Operation<S> operation) {
        this.label = Objects.requireNonNull(label);
        this.trigger = trigger;
        this.call = call;
        this.messageType = messageType;
        this.guard = guard;
        this.stateGuard = stateGuard;
        this.operation = Objects.requireNonNull(operation);
        this.exactType = messageType != null && Modifier.isFinal(messageType.getModifiers());
        this.guarded = guard != (Object) ALWAYS;
    }

    @SuppressWarnings("unchecked") // ALWAYS ignores both arguments
    private static <S> BiPredicate<S, Message> always() {
        return (BiPredicate<S, Message>) (BiPredicate<?, Message>) ALWAYS;
    }

    public static <S extends NodeState> Action<S> onCall(String label, Call call, Operation<S> op) {
        return new Action<>(label, Trigger.CALL, Objects.requireNonNull(call), null, always(), null, op);
    }

    public static <S extends NodeState> Action<S> onReceive(String label, Class<? extends Message> type,
                                                            Operation<S> op) {
        return new Action<>(label, Trigger.MESSAGE, null, Objects.requireNonNull(type), always(), null, op);
    }

    /** A receive action whose guard also looks at the state and the message. */
    public static <S extends NodeState> Action<S> onReceive(String label, Class<? extends Message> type,
                                                            BiPredicate<S, Message> guard, Operation<S> op) {
        return new Action<>(label, Trigger.MESSAGE, null, Objects.requireNonNull(type), guard, null, op);
    }

    public static <S extends NodeState> Action<S> when(String label, Predicate<S> guard, Operation<S> op) {
        Objects.requireNonNull(guard);
        return new Action<>(label, Trigger.STATE, null, null, (s, m) -> guard.test(s), guard, op);
    }

    /** The same action with another guard (used by protocol variants and by tests that break a protocol). */
    public Action<S> withGuard(Predicate<S> newGuard) {
        Objects.requireNonNull(newGuard);
        return new Action<>(label, trigger, call, messageType, (s, m) -> newGuard.test(s), newGuard, operation);
    }

    /** The same action with another operation. */
    public Action<S> withOperation(Operation<S> newOperation) {
        return new Action<>(label, trigger, call, messageType, guard, stateGuard, newOperation);
    }

    public String label() { return label; }

    /** The guard over the state alone it was built with ({@link #when}, {@link #withGuard}), or null. */
    Predicate<S> stateGuard() { return stateGuard; }

    public Trigger trigger() { return trigger; }

    public Call call() { return call; }

    public Class<? extends Message> messageType() { return messageType; }

    public boolean accepts(Message m) {
        if (exactType) return m != null && m.getClass() == messageType;
        return messageType != null && messageType.isInstance(m);
    }

    /** Whether its guard says more than its trigger (a call's or message's type alone always holds): a listing asks only such guards. */
    boolean guarded() {
        return guarded;
    }

    public boolean guard(S state, Message m) {
        if (stateGuard != null) return stateGuard.test(state);
        return !guarded || guard.test(state, m);
    }

    /** Its operation, the object it was built with ({@link ActionOperations} are recognised by it). */
    public Operation<S> operation() {
        return operation;
    }

    public void run(S state, Execution x) {
        operation.run(state, x);
    }

    @Override
    public String toString() {
        return label;
    }
}
