package dev.lockstep.session;

import java.util.HashMap;
import java.util.Map;

/**
 * One object for equal values the history records again and again (a message label such as
 * {@code win(false)}, a variable such as {@code state = compete}), up to {@code limit} distinct
 * values, so that a run making ever new values does not grow this table without end. Only
 * identity changes: a value past the limit is kept as given. Never iterated, so its hash order
 * cannot reach any output.
 */
final class Interned<T> {
    private final Map<T, T> seen = new HashMap<>();
    private final int limit;

    Interned(int limit) {
        this.limit = limit;
    }

    T of(T value) {
        T known = seen.get(value);
        if (known != null) return known;
        if (seen.size() < limit) seen.put(value, value);
        return value;
    }

    int size() {
        return seen.size();
    }
}
