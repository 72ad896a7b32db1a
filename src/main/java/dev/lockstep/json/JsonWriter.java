package dev.lockstep.json;

/**
 * Compact, deterministic JSON output: keys in insertion order, no whitespace, numbers in one
 * canonical form. Traces are compared byte for byte, so nothing here may depend on locale or
 * hash order.
 */
public final class JsonWriter {
    private final StringBuilder out;
    /** Per nesting level: true once the first element has been written. */
    private boolean[] started = new boolean[16];
    private int depth;
    private boolean afterKey;

    public JsonWriter() {
        this(new StringBuilder(128));
    }

    public JsonWriter(StringBuilder out) {
        this.out = out;
    }

    public JsonWriter beginObject() {
        separate();
        out.append('{');
        push();
        return this;
    }

    public JsonWriter endObject() {
        depth--;
        out.append('}');
        return this;
    }

    public JsonWriter beginArray() {
        separate();
        out.append('[');
        push();
        return this;
    }

    public JsonWriter endArray() {
        depth--;
        out.append(']');
        return this;
    }

    public JsonWriter key(String key) {
        separate();
        quote(key);
        out.append(':');
        afterKey = true;
        return this;
    }

    public JsonWriter value(String s) {
        separate();
        if (s == null) out.append("null");
        else quote(s);
        return this;
    }

    public JsonWriter value(long n) {
        separate();
        out.append(n);
        return this;
    }

    public JsonWriter value(double d) {
        separate();
        out.append(number(d));
        return this;
    }

    public JsonWriter value(boolean b) {
        separate();
        out.append(b);
        return this;
    }

    public JsonWriter nullValue() {
        separate();
        out.append("null");
        return this;
    }

    /** Appends an already-serialized JSON value verbatim. */
    public JsonWriter raw(String json) {
        separate();
        out.append(json);
        return this;
    }

    public JsonWriter field(String key, String value) { return key(key).value(value); }

    public JsonWriter field(String key, long value) { return key(key).value(value); }

    public JsonWriter field(String key, double value) { return key(key).value(value); }

    public JsonWriter field(String key, boolean value) { return key(key).value(value); }

    /** Writes a parsed value back out (used to embed a scenario in a trace header). */
    public JsonWriter value(JsonValue v) {
        if (v instanceof JsonValue.Obj o) {
            beginObject();
            for (var e : o.members().entrySet()) {
                key(e.getKey()).value(e.getValue());
            }
            endObject();
        } else if (v instanceof JsonValue.Arr a) {
            beginArray();
            for (JsonValue item : a.items()) value(item);
            endArray();
        } else if (v instanceof JsonValue.Str s) {
            value(s.value());
        } else if (v instanceof JsonValue.Num n) {
            raw(n.text());
        } else if (v instanceof JsonValue.Bool b) {
            value(b.value());
        } else {
            nullValue();
        }
        return this;
    }

    @Override
    public String toString() {
        return out.toString();
    }

    /** Integral doubles print without a fraction ("3" not "3.0"); others use Java's shortest form. */
    public static String number(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) throw new IllegalArgumentException("JSON has no " + d);
        if (d == Math.rint(d) && Math.abs(d) < 1e15) return Long.toString((long) d);
        return Double.toString(d);
    }

    public static String quoted(String s) {
        JsonWriter w = new JsonWriter();
        w.quote(s);
        return w.toString();
    }

    private void push() {
        depth++;
        if (depth >= started.length) started = java.util.Arrays.copyOf(started, started.length * 2);
        started[depth] = false;
        afterKey = false;
    }

    private void separate() {
        if (afterKey) {
            afterKey = false;
            return;
        }
        if (depth > 0) {
            if (started[depth]) out.append(',');
            started[depth] = true;
        }
    }

    private void quote(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                default:
                    if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
                    else out.append(c);
            }
        }
        out.append('"');
    }
}
