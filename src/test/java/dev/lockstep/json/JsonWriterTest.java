package dev.lockstep.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JsonWriterTest {

    /** JSON null in generated trees (lists of Java nulls are awkward to generate). */
    private enum Null { NULL }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "3.0|3", "-2.0|-2", "0.0|0", "-0.0|0", "0.1|0.1", "2.5|2.5", "-0.001|-0.001",
            "123456789012345.0|123456789012345", "1.0E20|1.0E20", "1.0E-7|1.0E-7", "1.0E15|1.0E15"})
    void numberFormatting(double value, String expected) throws Exception {
        assertEquals(expected, JsonWriter.number(value));
        // whatever the form, it is valid JSON and reads back as the same double
        JsonValue.Num n = assertInstanceOf(JsonValue.Num.class, JsonParser.parse(expected));
        assertEquals(value == 0 ? 0.0 : value, n.doubleValue());
    }

    @Test
    void nonFiniteNumbersAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> JsonWriter.number(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new JsonWriter().value(Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> new JsonWriter().value(Double.NEGATIVE_INFINITY));
    }

    @Test
    void escaping() {
        assertEquals("\"a\\\"b\\\\c\"", JsonWriter.quoted("a\"b\\c"));
        assertEquals("\"\\n\\r\\t\"", JsonWriter.quoted("\n\r\t"));
        assertEquals("\"\\u0000\\u0001\\u0008\\u000c\\u001f\"", JsonWriter.quoted("\u0000\u0001\b\f\u001f"));
        assertEquals("\"/ \u007f \u00e9 \u2028 \uD83D\uDE00\"", JsonWriter.quoted("/ \u007f \u00e9 \u2028 \uD83D\uDE00"),
                "only what JSON requires is escaped");
        assertEquals("\"\"", JsonWriter.quoted(""));
    }

    @Test
    void compactStructure() {
        JsonWriter w = new JsonWriter();
        w.beginObject()
                .field("s", "x")
                .field("n", 3L)
                .field("d", 0.5)
                .field("b", false)
                .key("z").nullValue()
                .key("a").beginArray().value(1).beginArray().endArray().beginObject().endObject().value("y").endArray()
                .key("o").beginObject().field("k", true).key("e").beginArray().endArray().endObject()
                .field("nullString", (String) null)
                .key("raw").raw("[1,2]")
                .endObject();
        assertEquals("{\"s\":\"x\",\"n\":3,\"d\":0.5,\"b\":false,\"z\":null,\"a\":[1,[],{},\"y\"],"
                + "\"o\":{\"k\":true,\"e\":[]},\"nullString\":null,\"raw\":[1,2]}", w.toString());
    }

    @Test
    void topLevelArrayOfValues() {
        assertEquals("[1,-2,2.25,\"q\",true,null]",
                new JsonWriter().beginArray().value(1).value(-2L).value(2.25).value("q").value(true).nullValue()
                        .endArray().toString());
    }

    @Test
    void writingGoesOnAfterToString() {
        JsonWriter w = new JsonWriter().beginArray().value(1);
        assertEquals("[1", w.toString(), "an unfinished document shows what is written so far");
        w.value(2).endArray();
        assertEquals("[1,2]", w.toString());
        w.beginObject().field("a", 1).endObject();
        assertEquals("[1,2]{\"a\":1}", w.toString(), "top-level values follow each other, as before");
        StringBuilder target = new StringBuilder("x=");
        assertEquals("x=\"\\u0008\"", new JsonWriter(target).value("\b").toString());
        assertEquals("x=\"\\u0008\"", target.toString());
    }

    @Test
    void deepNestingBeyondTheInitialStack() throws Exception {
        JsonWriter w = new JsonWriter();
        for (int i = 0; i < 40; i++) w.beginArray().value(i);
        for (int i = 0; i < 40; i++) w.endArray();
        String s = w.toString();
        assertEquals("[0,[1,[2,", s.substring(0, 9));
        JsonParser.parse(s); // well formed
    }

    @Test
    void parseWriteParseRoundTrip() throws Exception {
        String text = "{\n  \"format\": \"lockstep-scenario/1\",\n  \"odd key\": [1, -0, 2.50, 1e3, 1E-2, -7],\n"
                + "  \"s\": \"tab\\tquote\\\"back\\\\slash\\u0001 \\u00e9\\/\",\n  \"nested\": {\"a\": [[], {}, [null, true, false]]}\n}";
        JsonValue first = JsonParser.parse(text);
        String written = new JsonWriter().value(first).toString();
        assertEquals("{\"format\":\"lockstep-scenario/1\",\"odd key\":[1,-0,2.50,1e3,1E-2,-7],"
                + "\"s\":\"tab\\tquote\\\"back\\\\slash\\u0001 \u00e9/\",\"nested\":{\"a\":[[],{},[null,true,false]]}}",
                written, "numbers keep their literal text; strings are re-escaped canonically");
        JsonValue second = JsonParser.parse(written);
        assertEquals(plain(first), plain(second));
        assertEquals(written, new JsonWriter().value(second).toString(), "writing is idempotent");
    }

    @Test
    void supplementaryCharactersRoundTripAndALoneSurrogateIsRefusedNotRoundTripped() throws Exception {
        // The issue-9 failure of the old generator: a member name holding a lone high surrogate.
        String pair = "a\uD83D\uDE00b";
        String text = new JsonWriter().beginObject().key(pair).value(pair).endObject().toString();
        JsonValue parsed = JsonParser.parse(text);
        assertEquals(text, new JsonWriter().value(parsed).toString());
        String lone = new JsonWriter().beginObject().key("x\ud9c6").value(0).endObject().toString();
        JsonParseException e = assertThrows(JsonParseException.class, () -> JsonParser.parse(lone));
        assertTrue(e.getMessage().contains("unpaired UTF-16 surrogate"), e.getMessage());
    }

    // ---- property: random trees round-trip exactly ----

    @Provide
    Arbitrary<Object> trees() {
        return tree(3);
    }

    /**
     * Any Unicode text, supplementary characters (surrogate pairs) included. Not
     * {@code strings().all()}: that draws lone surrogates, which are not text and which the parser
     * rightly refuses (issue 9, item 4) — a round trip is only promised for text.
     */
    private static Arbitrary<String> unicodeText(int maxLength) {
        return Arbitraries.integers().between(0, Character.MAX_CODE_POINT)
                .filter(cp -> cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE)
                .list().ofMaxSize(maxLength)
                .map(cps -> {
                    StringBuilder b = new StringBuilder();
                    cps.forEach(b::appendCodePoint);
                    return b.toString();
                });
    }

    private static Arbitrary<Object> tree(int depth) {
        Arbitrary<Object> leaf = Arbitraries.oneOf(
                unicodeText(12).map(s -> (Object) s),
                Arbitraries.strings().withChars("\"\\/\n\r\t\b\f\u0000\u001f\u007fa\u00e9\u2028").ofMaxLength(8).map(s -> (Object) s),
                Arbitraries.longs().map(l -> (Object) l),
                Arbitraries.doubles().filter(Double::isFinite).map(d -> (Object) d),
                Arbitraries.of(-0.0, 0.1, 1e15, 1e-7, 123.0, 1e300, Double.MIN_VALUE, Double.MAX_VALUE).map(d -> (Object) d),
                Arbitraries.of(true, false).map(b -> (Object) b),
                Arbitraries.just((Object) Null.NULL));
        if (depth == 0) return leaf;
        Arbitrary<Object> child = tree(depth - 1);
        Arbitrary<Object> list = child.list().ofMaxSize(4).map(l -> (Object) l);
        Arbitrary<Object> map = Arbitraries.maps(unicodeText(6), child).ofMaxSize(4)
                .map(m -> (Object) new LinkedHashMap<>(m));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, leaf), net.jqwik.api.Tuple.of(1, list), net.jqwik.api.Tuple.of(1, map));
    }

    @Property(tries = 300)
    void randomTreesRoundTripExactly(@ForAll("trees") Object tree) throws Exception {
        JsonWriter w = new JsonWriter();
        write(w, tree);
        String text = w.toString();
        JsonValue parsed = JsonParser.parse(text);
        assertEquals(expected(tree), plain(parsed), text);
        assertEquals(text, new JsonWriter().value(parsed).toString(), "parse then write reproduces the bytes");
    }

    private static void write(JsonWriter w, Object o) {
        if (o instanceof Map<?, ?> m) {
            w.beginObject();
            for (var e : m.entrySet()) {
                w.key((String) e.getKey());
                write(w, e.getValue());
            }
            w.endObject();
        } else if (o instanceof List<?> l) {
            w.beginArray();
            for (Object x : l) write(w, x);
            w.endArray();
        } else if (o instanceof String s) {
            w.value(s);
        } else if (o instanceof Long l) {
            w.value((long) l);
        } else if (o instanceof Double d) {
            w.value((double) d);
        } else if (o instanceof Boolean b) {
            w.value((boolean) b);
        } else {
            w.nullValue();
        }
    }

    /** The generated tree with numbers as exact decimals, as they must read back. */
    private static Object expected(Object o) {
        if (o instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, v) -> out.put((String) k, expected(v)));
            return out;
        }
        if (o instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            for (Object x : l) out.add(expected(x));
            return out;
        }
        if (o instanceof Long l) return decimal(BigDecimal.valueOf(l));
        if (o instanceof Double d) return decimal(new BigDecimal(d == 0 ? "0" : Double.toString(d)));
        return o;
    }

    /** A parsed value as plain Java: maps in file order, lists, strings, exact decimals, booleans, NULL. */
    static Object plain(JsonValue v) {
        if (v instanceof JsonValue.Obj o) {
            Map<String, Object> out = new LinkedHashMap<>();
            o.members().forEach((k, x) -> out.put(k, plain(x)));
            return out;
        }
        if (v instanceof JsonValue.Arr a) {
            List<Object> out = new ArrayList<>();
            for (JsonValue x : a.items()) out.add(plain(x));
            return out;
        }
        if (v instanceof JsonValue.Str s) return s.value();
        if (v instanceof JsonValue.Num n) return decimal(new BigDecimal(n.text()));
        if (v instanceof JsonValue.Bool b) return b.value();
        return Null.NULL;
    }

    private static BigDecimal decimal(BigDecimal d) {
        return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
    }
}
