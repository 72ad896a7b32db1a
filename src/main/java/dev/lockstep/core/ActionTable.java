package dev.lockstep.core;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A protocol's actions by index, with the indices of each trigger kind in protocol order:
 * enumerating a node's choices scans only the actions its pending call, messages or state can
 * enable. Action codes keep the index in 8 bits, hence the limit.
 */
final class ActionTable {
    final List<Action<NodeState>> list;
    private final Action<NodeState>[] all;
    final int[] onCall;
    final int[] onMessage;
    final int[] onState;
    /** Whether listings take the shortcuts below; off, every action is asked on its own (the reference). */
    private final boolean together;
    /**
     * The protocol's state guards evaluated together, bit i for {@code onState[i]}; null when the
     * protocol has none or they no longer are the actions' own guards (then each guard is asked).
     */
    private final StateGuards<NodeState> stateGuards;
    /**
     * Which enabled state actions change something, without dry runs; null when the protocol has
     * none or its state actions are not, by identity, the ones it describes (then each is dry-run).
     */
    private final StateEffects<NodeState> stateEffects;
    /**
     * The message actions that accept a message of a given class, in protocol order: whether an
     * action accepts a message depends on its class alone, so a listing looks the class up once
     * instead of asking every message action in turn.
     */
    private final ClassValue<int[]> receivers = new ClassValue<>() {
        @Override
        protected int[] computeValue(Class<?> type) {
            int[] out = new int[onMessage.length];
            int k = 0;
            for (int a : onMessage) {
                Class<? extends Message> accepted = all[a].messageType();
                if (accepted.isAssignableFrom(type)) out[k++] = a;
            }
            return Arrays.copyOf(out, k);
        }
    };

    /**
     * {@link #receivers} of the protocol's final message types (every record), one class a slot at
     * its identity hash masked by {@link #exactMask}: a listing finds a message's actions with one
     * probe and one comparison, where the {@code ClassValue} reads the class's map, its cache
     * array and an entry's version, and does so for every message in every inbox. Another class
     * (a subtype of a type that is not final, or a message no action takes) is looked up in
     * {@link #receivers}. Null when the types do not fit a table of up to 4,096 slots one a slot.
     */
    private final Class<?>[] exactTypes;
    private final int[][] exactReceivers;
    private final int exactMask;
    /**
     * The protocol's {@link MessageCodec} while listings take the shortcuts, else null; with it, by
     * code, its canonical messages and their {@link #receivers}: a listing finds a coded message's
     * actions with one index, reading neither the message's reference nor its class.
     */
    private final MessageCodec codec;
    private final Message[] canonical;
    private final int[][] codeReceivers;
    /**
     * By code, the one message action that receives its message when that action is guarded by the
     * message alone ("On receiving m via port ℓ", as every LME receive action is: Alg. 1, l. 6 and
     * 12; Alg. 2, l. 1, 11, 23 and 27; Alg. 3, l. 6 and 9): a listing puts its code without
     * reading the action; {@link #NO_RECEIVER} for a message no action receives; {@link #ASK} when
     * some receiver's guard must be asked, or it has several.
     */
    private final int[] codeAction;
    private static final int NO_RECEIVER = -1;
    private static final int ASK = -2;

    /** The actions alone, each asked on its own: the reference a listing made {@link #of together} must equal. */
    ActionTable(List<Action<NodeState>> actions) {
        this(actions, null, null, null, false);
    }

    @SuppressWarnings("unchecked") // a generic array of actions
    private ActionTable(List<Action<NodeState>> actions, StateGuards<NodeState> guards, StateEffects<NodeState> effects,
                        MessageCodec codec, boolean together) {
        this.together = together;
        list = List.copyOf(actions);
        all = list.toArray(new Action[0]);
        if (all.length > 255) throw new IllegalArgumentException("at most 255 actions per protocol");
        onCall = indicesOf(Action.Trigger.CALL);
        onMessage = indicesOf(Action.Trigger.MESSAGE);
        onState = indicesOf(Action.Trigger.STATE);
        stateGuards = together && describes(guards) ? guards : null;
        stateEffects = together && describes(effects) ? effects : null;
        Class<?>[] types = together ? exactTypes() : null;
        exactTypes = types;
        exactMask = types == null ? 0 : types.length - 1;
        exactReceivers = types == null ? null : new int[types.length][];
        for (int i = 0; types != null && i < types.length; i++) if (types[i] != null) exactReceivers[i] = receivers.get(types[i]);
        this.codec = together ? codec : null;
        canonical = this.codec == null ? null : MessageCodec.table(codec);
        codeReceivers = canonical == null ? null : new int[canonical.length][];
        for (int c = 0; canonical != null && c < canonical.length; c++) codeReceivers[c] = receiversOf(canonical[c].getClass());
        codeAction = codeReceivers == null ? null : new int[codeReceivers.length];
        for (int c = 0; codeAction != null && c < codeAction.length; c++) {
            int[] r = codeReceivers[c];
            codeAction[c] = r.length == 0 ? NO_RECEIVER : r.length == 1 && !all[r[0]].guarded() ? r[0] : ASK;
        }
    }

    /**
     * The distinct final message types of the message actions, each at its identity hash masked by
     * the table's length - 1, in the smallest table of at least twice their number where no two
     * meet; null if there is none up to 4,096 slots (or no such type).
     */
    private Class<?>[] exactTypes() {
        List<Class<?>> types = new ArrayList<>();
        for (int a : onMessage) {
            Class<?> t = all[a].messageType();
            if (Modifier.isFinal(t.getModifiers()) && !types.contains(t)) types.add(t);
        }
        if (types.isEmpty()) return null;
        for (int size = Integer.highestOneBit(types.size()) * 4; size <= 4096; size *= 2) {
            Class<?>[] table = new Class<?>[size];
            boolean fits = true;
            for (Class<?> t : types) {
                int i = System.identityHashCode(t) & (size - 1);
                fits &= table[i] == null;
                table[i] = t;
            }
            if (fits) return table;
        }
        return null;
    }

    /** The message actions that accept a message of class {@code type}, in protocol order. */
    private int[] receiversOf(Class<?> type) {
        Class<?>[] types = exactTypes;
        if (types != null) {
            int i = System.identityHashCode(type) & exactMask;
            if (types[i] == type) return exactReceivers[i];
        }
        return receivers.get(type);
    }

    /** The protocol's actions, with its {@link Protocol#stateGuards()} where they are its actions' guards. */
    static ActionTable of(Protocol<NodeState> protocol) {
        return new ActionTable(protocol.actions(), protocol.stateGuards(), protocol.stateEffects(), protocol.messageCodec(), true);
    }

    /** Whether {@code guards} evaluates exactly the state actions' guards, one by one in order. */
    private boolean describes(StateGuards<NodeState> guards) {
        if (guards == null || guards.guards().size() != onState.length || onState.length > Long.SIZE) return false;
        for (int i = 0; i < onState.length; i++) {
            if (all[onState[i]].stateGuard() != guards.guards().get(i)) return false;
        }
        return true;
    }

    /** Whether {@code effects} describes exactly the state actions, the very objects in order. */
    private boolean describes(StateEffects<NodeState> effects) {
        if (effects == null || effects.actions().size() != onState.length || onState.length > Long.SIZE) return false;
        for (int i = 0; i < onState.length; i++) {
            if (all[onState[i]] != effects.actions().get(i)) return false;
        }
        return true;
    }

    /** Whether {@link #putChangingByState} decides effects without dry runs. */
    boolean decidesEffects() {
        return stateEffects != null;
    }

    /**
     * As {@link #putByState}, of the state actions whose guard holds only those that
     * {@link StateEffects#changing} says change something with the node's unprocessed
     * disconnections {@code disconnected}: what a dry run of each keeps. Only while {@link #decidesEffects}.
     */
    int putChangingByState(NodeState s, long disconnected, int[] buf, int count) {
        long enabled = enabledByState(s);
        return enabled == 0 ? count : putChanging(s, enabled, disconnected, buf, count);
    }

    /**
     * {@link #putChangingByState} of node u in {@code graph}, whose disconnection detector is read
     * only when a state action is enabled (its row is one more cache line a node otherwise).
     */
    int putChangingByState(NodeState s, TimeVaryingGraph graph, int u, int[] buf, int count) {
        long enabled = enabledByState(s);
        return enabled == 0 ? count : putChanging(s, enabled, graph.pendingDisconnections(u), buf, count);
    }

    /** Bit i set iff the guard of {@code onState[i]} holds in s. */
    private long enabledByState(NodeState s) {
        if (stateGuards != null) return stateGuards.enabled(s);
        long enabled = 0;
        for (int i = 0; i < onState.length; i++) if (all[onState[i]].guard(s, null)) enabled |= 1L << i;
        return enabled;
    }

    private int putChanging(NodeState s, long enabled, long disconnected, int[] buf, int count) {
        for (long on = stateEffects.changing(s, enabled, disconnected) & enabled; on != 0; on &= on - 1) {
            count = put(buf, count, onState[Long.numberOfTrailingZeros(on)]);
        }
        return count;
    }

    private int[] indicesOf(Action.Trigger trigger) {
        int[] out = new int[all.length];
        int k = 0;
        for (int i = 0; i < all.length; i++) if (all[i].trigger() == trigger) out[k++] = i;
        return Arrays.copyOf(out, k);
    }

    /**
     * Puts into {@code buf} from {@code count} on the code {@code tag << 8 | a} of every message
     * action a, in protocol order, that accepts {@code m} and whose guard holds; returns the new
     * count (codes past the buffer's end are counted, not written).
     */
    int putReceivers(NodeState s, Message m, int tag, int[] buf, int count) {
        if (m == null) return count; // accepted by no action
        if (!together) {
            for (int a : onMessage) {
                Action<NodeState> act = all[a];
                if (act.accepts(m) && act.guard(s, m)) count = put(buf, count, tag << 8 | a);
            }
            return count;
        }
        for (int a : receiversOf(m.getClass())) {
            if (all[a].guard(s, m)) count = put(buf, count, tag << 8 | a);
        }
        return count;
    }

    /** The codec whose codes {@link #putCoded} takes, or null (then it takes none). */
    MessageCodec codec() {
        return codec;
    }

    /** {@link #putReceivers} of the message with code {@code code} of {@link #codec}: its canonical instance. */
    int putCoded(NodeState s, int code, int tag, int[] buf, int count) {
        int one = codeAction[code];
        if (one >= 0) return put(buf, count, tag << 8 | one);
        if (one == NO_RECEIVER) return count;
        Message m = canonical[code];
        for (int a : codeReceivers[code]) {
            if (all[a].guard(s, m)) count = put(buf, count, tag << 8 | a);
        }
        return count;
    }

    /** Puts the code of every state action whose guard holds in {@code s}, in protocol order, as {@link #putReceivers} does. */
    int putByState(NodeState s, int[] buf, int count) {
        if (stateGuards == null) {
            for (int a : onState) {
                if (all[a].guard(s, null)) count = put(buf, count, a);
            }
            return count;
        }
        for (long enabled = stateGuards.enabled(s); enabled != 0; enabled &= enabled - 1) {
            count = put(buf, count, onState[Long.numberOfTrailingZeros(enabled)]);
        }
        return count;
    }

    static int put(int[] buf, int count, int code) {
        if (count < buf.length) buf[count] = code;
        return count + 1;
    }

    Action<NodeState> get(int i) {
        return all[i];
    }

    int size() {
        return all.length;
    }
}
