package dev.lockstep.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * Compact, deterministic JSON output through Jackson's generator: keys in insertion order, no
 * whitespace, numbers in one canonical form. Traces are compared byte for byte, so nothing here
 * may depend on locale or hash order.
 */
public final class JsonWriter {
    private static final JsonFactory FACTORY = new JsonFactoryBuilder()
            .characterEscapes(new TraceEscapes())
            .rootValueSeparator((String) null)
            .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(Integer.MAX_VALUE).build())
            .build();

    private final StringBuilder out;
    /**
     * Created on the first write and closed by {@link #toString} once every array and object is
     * closed: closing hands its buffers back to Jackson's pool, which matters for the many
     * one-line writers of a trace. Writing on afterwards starts a new one (at the top level
     * there is no state to carry over).
     */
    private JsonGenerator gen;

    /** A generator step; the target is a StringBuilder, so its IOException cannot happen. */
    private interface Step {
        void run(JsonGenerator gen) throws IOException;
    }

    public JsonWriter() {
        this(new StringBuilder(128));
    }

    public JsonWriter(StringBuilder out) {
        this.out = out;
    }

    private JsonWriter emit(Step step) {
        try {
            if (gen == null) {
                gen = FACTORY.createGenerator(new Writer() {
                    @Override public void write(char[] buf, int off, int len) { out.append(buf, off, len); }

                    @Override public void flush() {}

                    @Override public void close() {}
                });
            }
            step.run(gen);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    public JsonWriter beginObject() { return emit(JsonGenerator::writeStartObject); }

    public JsonWriter endObject() { return emit(JsonGenerator::writeEndObject); }

    public JsonWriter beginArray() { return emit(JsonGenerator::writeStartArray); }

    public JsonWriter endArray() { return emit(JsonGenerator::writeEndArray); }

    public JsonWriter key(String key) { return emit(g -> g.writeFieldName(key)); }

    public JsonWriter value(String s) { return emit(g -> g.writeString(s)); }

    public JsonWriter value(long n) { return emit(g -> g.writeNumber(n)); }

    /**
     * Pre-formatted by {@link #number}: Jackson's writeNumber(double) prints "3.0" for an
     * integral double, and traces have always printed "3".
     */
    public JsonWriter value(double d) {
        String text = number(d);
        return emit(g -> g.writeNumber(text));
    }

    public JsonWriter value(boolean b) { return emit(g -> g.writeBoolean(b)); }

    public JsonWriter nullValue() { return emit(JsonGenerator::writeNull); }

    /** Appends an already-serialized JSON value verbatim. */
    public JsonWriter raw(String json) { return emit(g -> g.writeRawValue(json)); }

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
        if (gen != null) {
            boolean complete = gen.getOutputContext().inRoot();
            emit(complete ? JsonGenerator::close : JsonGenerator::flush);
            if (complete) gen = null;
        }
        return out.toString();
    }

    /** Integral doubles print without a fraction ("3" not "3.0"); others use Java's shortest form. */
    public static String number(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) throw new IllegalArgumentException("JSON has no " + d);
        if (d == Math.rint(d) && Math.abs(d) < 1e15) return Long.toString((long) d);
        return Double.toString(d);
    }

    public static String quoted(String s) {
        return new JsonWriter().value(s).toString();
    }

    /**
     * String escapes as Lockstep has always written them: \" \\ \n \r \t, and every other control
     * character as a lower-case backslash-u00xx. Jackson's standard escapes would write \b and \f and
     * upper-case hex, changing the bytes of traces that hold such characters.
     */
    private static final class TraceEscapes extends CharacterEscapes {
        private static final long serialVersionUID = 1L;
        private static final SerializableString[] ESCAPES = new SerializableString[0x20];
        private final int[] table = standardAsciiEscapesForJSON();

        static {
            for (int c = 0; c < 0x20; c++) ESCAPES[c] = new SerializedString(String.format("\\u%04x", c));
        }

        TraceEscapes() {
            for (int c = 0; c < 0x20; c++) {
                if (c != '\n' && c != '\r' && c != '\t') table[c] = ESCAPE_CUSTOM;
            }
        }

        @Override public int[] getEscapeCodesForAscii() { return table; }

        /** Asked for every character above ASCII too: those stay as they are. */
        @Override public SerializableString getEscapeSequence(int ch) {
            return ch < 0x20 ? ESCAPES[ch] : null;
        }
    }
}
