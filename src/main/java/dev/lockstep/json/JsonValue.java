package dev.lockstep.json;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parsed JSON value that remembers where it came from (line, column, JSON path), so that
 * validation errors can point at the exact spot in a scenario file.
 */
public abstract sealed class JsonValue permits JsonValue.Obj, JsonValue.Arr, JsonValue.Str,
        JsonValue.Num, JsonValue.Bool, JsonValue.Null {

    private final int line;
    private final int column;
    private final String path;

    JsonValue(int line, int column, String path) {
        this.line = line;
        this.column = column;
        this.path = path;
    }

    /** 1-based line of the value's first character, or 0 when built in memory. */
    public int line() { return line; }

    public int column() { return column; }

    /** JSON path such as {@code $.edges[3][1]}. */
    public String path() { return path; }

    /** Human name of the JSON type, for "expected X, found Y" messages. */
    public abstract String typeName();

    public static final class Obj extends JsonValue {
        private final Map<String, JsonValue> members;

        Obj(int line, int column, String path, Map<String, JsonValue> members) {
            super(line, column, path);
            this.members = Collections.unmodifiableMap(new LinkedHashMap<>(members));
        }

        /** Members in file order. */
        public Map<String, JsonValue> members() { return members; }

        public JsonValue get(String key) { return members.get(key); }

        public boolean has(String key) { return members.containsKey(key); }

        /** This object without {@code key} (positions kept, so later problems still point into the file). */
        public Obj without(String key) {
            if (!members.containsKey(key)) return this;
            Map<String, JsonValue> rest = new LinkedHashMap<>(members);
            rest.remove(key);
            return new Obj(line(), column(), path(), rest);
        }

        @Override public String typeName() { return "an object"; }
    }

    public static final class Arr extends JsonValue {
        private final List<JsonValue> items;

        Arr(int line, int column, String path, List<JsonValue> items) {
            super(line, column, path);
            this.items = List.copyOf(items);
        }

        public List<JsonValue> items() { return items; }

        public int size() { return items.size(); }

        public JsonValue get(int i) { return items.get(i); }

        @Override public String typeName() { return "an array"; }
    }

    public static final class Str extends JsonValue {
        private final String value;

        Str(int line, int column, String path, String value) {
            super(line, column, path);
            this.value = value;
        }

        public String value() { return value; }

        @Override public String typeName() { return "a string"; }
    }

    public static final class Num extends JsonValue {
        private final String text;

        Num(int line, int column, String path, String text) {
            super(line, column, path);
            this.text = text;
        }

        /** The number exactly as written in the file. */
        public String text() { return text; }

        public double doubleValue() { return Double.parseDouble(text); }

        /** True when the literal is an integer (no fraction, no exponent). */
        public boolean isIntegral() {
            return text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0;
        }

        @Override public String typeName() { return "a number"; }
    }

    public static final class Bool extends JsonValue {
        private final boolean value;

        Bool(int line, int column, String path, boolean value) {
            super(line, column, path);
            this.value = value;
        }

        public boolean value() { return value; }

        @Override public String typeName() { return "a boolean"; }
    }

    public static final class Null extends JsonValue {
        Null(int line, int column, String path) {
            super(line, column, path);
        }

        @Override public String typeName() { return "null"; }
    }
}
