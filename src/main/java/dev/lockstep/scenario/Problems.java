package dev.lockstep.scenario;

import dev.lockstep.json.JsonValue;
import java.util.ArrayList;
import java.util.List;

/** Collects validation problems with file, line, column and JSON path; typed field access. */
final class Problems {
    private static final int MAX = 50;
    private final String file;
    private final List<String> list = new ArrayList<>();

    Problems(String file) {
        this.file = file;
    }

    /** The value read, or {@code fallback} if it was missing or invalid (and so already reported). */
    static <T> T orElse(T value, T fallback) {
        return value != null ? value : fallback;
    }

    void add(JsonValue at, String message) {
        if (list.size() == MAX) list.add(file + ": (more problems not shown)");
        if (list.size() > MAX) return;
        String where = at == null || at.line() == 0 ? file : file + ":" + at.line() + ":" + at.column();
        list.add(where + ": " + (at == null ? "$" : at.path()) + ": " + message);
    }

    boolean any() {
        return !list.isEmpty();
    }

    void throwIfAny() throws ScenarioException {
        if (any()) throw new ScenarioException(list);
    }

    /** Reports members of {@code o} not in {@code allowed}. */
    void onlyKnown(JsonValue.Obj o, List<String> allowed) {
        for (var e : o.members().entrySet()) {
            if (!allowed.contains(e.getKey())) {
                add(e.getValue(), "unknown field \"" + e.getKey() + "\"; expected one of: " + String.join(", ", allowed));
            }
        }
    }

    JsonValue.Obj object(JsonValue v, String what) {
        if (v instanceof JsonValue.Obj o) return o;
        add(v, "expected " + what + " (an object), found " + v.typeName());
        return null;
    }

    JsonValue.Arr array(JsonValue v, String what) {
        if (v instanceof JsonValue.Arr a) return a;
        add(v, "expected " + what + " (an array), found " + v.typeName());
        return null;
    }

    String string(JsonValue v, String what) {
        if (v instanceof JsonValue.Str s) return s.value();
        add(v, "expected " + what + " (a string), found " + v.typeName());
        return null;
    }

    Double number(JsonValue v, String what) {
        if (!(v instanceof JsonValue.Num n)) {
            add(v, "expected " + what + " (a number), found " + v.typeName());
            return null;
        }
        double d = n.doubleValue();
        if (Double.isInfinite(d)) {
            // e.g. 1e400: would become Infinity, which no trace or position can hold
            add(v, "expected " + what + " (a finite number), found " + n.text() + ", which is out of range");
            return null;
        }
        return d;
    }

    /** An integer within [min, max], or null after reporting. */
    Long integer(JsonValue v, String what, long min, long max) {
        if (!(v instanceof JsonValue.Num n)) {
            add(v, "expected " + what + " (an integer), found " + v.typeName());
            return null;
        }
        if (!n.isIntegral()) {
            add(v, "expected " + what + " to be a whole number, found " + n.text());
            return null;
        }
        long x;
        try {
            x = Long.parseLong(n.text());
        } catch (NumberFormatException e) {
            add(v, what + " " + n.text() + " is out of range");
            return null;
        }
        if (x < min || x > max) {
            add(v, "expected " + what + " between " + min + " and " + max + ", found " + x);
            return null;
        }
        return x;
    }

    Double probability(JsonValue v, String what) {
        Double d = number(v, what);
        if (d == null) return null;
        if (d < 0 || d > 1) {
            add(v, "expected " + what + " to be a probability between 0 and 1, found " + ((JsonValue.Num) v).text());
            return null;
        }
        return d;
    }
}
