package dev.lockstep.json;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class JsonParserTest {

    private static JsonValue parse(String text) throws JsonParseException {
        return JsonParser.parse(text);
    }

    private static JsonParseException fails(String text) {
        return assertThrows(JsonParseException.class, () -> JsonParser.parse(text), () -> "accepted: " + text);
    }

    private static String str(JsonValue v) {
        return assertInstanceOf(JsonValue.Str.class, v).value();
    }

    @Test
    void scalarsObjectsAndArrays() throws Exception {
        JsonValue.Obj o = assertInstanceOf(JsonValue.Obj.class,
                parse("{\"s\": \"x\", \"n\": -12.5, \"t\": true, \"f\": false, \"z\": null, \"a\": [1, [2, {}], []], \"o\": {}}"));
        assertEquals(List.of("s", "n", "t", "f", "z", "a", "o"), List.copyOf(o.members().keySet()), "file order kept");
        assertEquals("x", str(o.get("s")));
        JsonValue.Num n = assertInstanceOf(JsonValue.Num.class, o.get("n"));
        assertEquals("-12.5", n.text());
        assertEquals(-12.5, n.doubleValue());
        assertFalse(n.isIntegral());
        assertTrue(assertInstanceOf(JsonValue.Bool.class, o.get("t")).value());
        assertFalse(assertInstanceOf(JsonValue.Bool.class, o.get("f")).value());
        assertInstanceOf(JsonValue.Null.class, o.get("z"));
        JsonValue.Arr a = assertInstanceOf(JsonValue.Arr.class, o.get("a"));
        assertEquals(3, a.size());
        JsonValue.Arr inner = assertInstanceOf(JsonValue.Arr.class, a.get(1));
        assertEquals("2", assertInstanceOf(JsonValue.Num.class, inner.get(0)).text());
        assertTrue(assertInstanceOf(JsonValue.Obj.class, inner.get(1)).members().isEmpty());
        assertEquals(0, assertInstanceOf(JsonValue.Arr.class, a.get(2)).size());
        assertTrue(assertInstanceOf(JsonValue.Obj.class, o.get("o")).members().isEmpty());
        assertFalse(o.has("missing"));
        assertEquals(null, o.get("missing"));
    }

    @Test
    void topLevelScalarsAndSurroundingWhitespace() throws Exception {
        assertEquals("hi", str(parse(" \t\r\n \"hi\" \n")));
        assertInstanceOf(JsonValue.Null.class, parse("null"));
        assertEquals("7", assertInstanceOf(JsonValue.Num.class, parse("\n7\n")).text());
        assertEquals(1, assertInstanceOf(JsonValue.Arr.class, parse("\uFEFF[1]")).size(), "a UTF-8 BOM is tolerated");
    }

    @Test
    void escapes() throws Exception {
        assertEquals("\"\\/\b\f\n\r\t", str(parse("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"")));
        assertEquals("A\u00e9\u20ac", str(parse("\"\\u0041\\u00E9\\u20ac\"")), "\\u with upper- and lower-case hex");
        assertEquals("\uD83D\uDE00", str(parse("\"\\uD83D\\uDE00\"")), "a surrogate pair written as two escapes");
        assertEquals("\u0000", str(parse("\"\\u0000\"")));
        assertEquals("caf\u00e9 \uD83D\uDE00", str(parse("\"caf\u00e9 \uD83D\uDE00\"")), "raw non-ASCII passes through");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "\"\\u12G4\"", "\"\\u12\"", "\"\\u+041\"", "\"\\u-041\"", "\"\\u 041\"",
            "\"\\u\u0661\u0662\u0663\u0664\"", // Arabic-Indic digits are not hex digits
            "\"\\x\"", "\"\\'\"", "\"abc", "\"a\\", "\"tab\there\""})
    void badStringsAreRejected(String text) {
        fails(text);
    }

    @Test
    void invalidUnicodeEscapeIsLocatedAtTheBackslash() {
        JsonParseException e = fails("[\"ab\\u+041\"]");
        assertEquals(1, e.line());
        assertEquals(5, e.column());
        assertTrue(e.getMessage().contains("four hex digits"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "0|true", "-0|true", "7|true", "-12|true", "1234567890123456789|true",
            "0.5|false", "-3.25|false", "1e5|false", "1E+5|false", "2.5e-3|false", "10.0|false"})
    void validNumbersKeepTheirText(String text, boolean integral) throws Exception {
        JsonValue.Num n = assertInstanceOf(JsonValue.Num.class, parse(text));
        assertEquals(text, n.text());
        assertEquals(integral, n.isIntegral());
        assertEquals(Double.parseDouble(text), n.doubleValue());
        JsonValue.Num inArray = assertInstanceOf(JsonValue.Num.class, assertInstanceOf(JsonValue.Arr.class,
                parse("[" + text + "," + text + "]")).get(1));
        assertEquals(text, inArray.text());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "01|2|unexpected '1'",
            "-01|3|unexpected '1'",
            "1.|3|digit after '.'",
            "1.e5|3|digit after '.'",
            "-|2|digit after '-'",
            "-a|2|digit after '-'",
            "1e|3|digit in the exponent",
            "1e+|4|digit in the exponent",
            "1E-x|4|digit in the exponent",
            ".5|1|expected a JSON value",
            "+1|1|expected a JSON value",
            "0x10|2|unexpected 'x10'",
            "12abc|3|unexpected 'abc'",
            "NaN|1|expected a JSON value",
            "Infinity|1|expected a JSON value"})
    void invalidNumbers(String text, int column, String message) {
        JsonParseException e = fails(text);
        assertEquals(1, e.line(), text);
        assertEquals(column, e.column(), text + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(message), text + ": " + e.getMessage());
    }

    @Test
    void duplicateKeysAreRejectedAtTheSecondKey() {
        JsonParseException e = fails("{\n  \"a\": 1,\n  \"b\": {\"c\": 1, \"c\": 2}\n}");
        assertEquals(3, e.line());
        assertEquals(17, e.column());
        assertTrue(e.getMessage().contains("duplicate member \"c\""), e.getMessage());
        assertTrue(e.getMessage().contains("$.b"), "names the object: " + e.getMessage());
        JsonParseException top = fails("{\"x\": 1, \"x\": 1}");
        assertEquals(10, top.column());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{} x|4", "[1]]|4", "1 2|3", "\"a\" \"b\"|5", "true false|6", "{\"a\":1}}|8", "null,|5"})
    void trailingGarbageIsRejected(String text, int column) {
        JsonParseException e = fails(text);
        assertEquals(column, e.column(), e.getMessage());
        assertTrue(e.getMessage().contains("after the end of the JSON value"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\n\n", "[", "{", "[1,", "{\"a\"", "{\"a\":", "{\"a\":1", "[1,]", "{\"a\":1,}",
            "{a:1}", "{'a':1}", "[1 2]", "tru", "nul", "True", "[,1]", "{,}", "{\"a\" 1}", "// comment\n1"})
    void malformedDocumentsAreRejected(String text) {
        JsonParseException e = fails(text);
        assertTrue(e.line() >= 1 && e.column() >= 1, "positions are 1-based");
    }

    @Test
    void errorPositionsAreExact() {
        assertAll(
                () -> {
                    JsonParseException e = fails("{\n  \"a\": [1,\n    2,, 3]\n}");
                    assertEquals(3, e.line());
                    assertEquals(7, e.column());
                    assertTrue(e.getMessage().contains("found ','"), e.getMessage());
                },
                () -> {
                    JsonParseException e = fails("{\n  \"delta\": 2\n  \"seed\": 3\n}");
                    assertEquals(3, e.line());
                    assertEquals(3, e.column());
                    assertTrue(e.getMessage().contains("expected ',' or '}'"), e.getMessage());
                },
                () -> {
                    JsonParseException e = fails("[\n\ttrue,\n\tfalse,\n\tnope\n]");
                    assertEquals(4, e.line());
                    assertEquals(2, e.column(), "a tab counts as one column");
                    assertTrue(e.getMessage().contains("'nope'"), e.getMessage());
                },
                () -> {
                    JsonParseException e = fails("{\"name\": \"ab\ncd\"}");
                    assertEquals(1, e.line());
                    assertEquals(13, e.column(), "points at the line break itself");
                    assertTrue(e.getMessage().contains("line break"), e.getMessage());
                },
                () -> {
                    JsonParseException e = fails("[\"x\ty\"]");
                    assertEquals(1, e.line());
                    assertEquals(4, e.column(), "points at the control character");
                },
                () -> {
                    JsonParseException e = fails("{\n  \"a\": [1, 2]\n");
                    assertEquals(3, e.line());
                    assertEquals(1, e.column());
                    assertTrue(e.getMessage().contains("end of file"), e.getMessage());
                },
                () -> {
                    JsonParseException e = fails("{\"a\": \"b\\q\"}");
                    assertEquals(10, e.column(), "points at the escaped character");
                    assertTrue(e.getMessage().contains("\\q"), e.getMessage());
                });
    }

    @Test
    void valuesRememberLineColumnAndPath() throws Exception {
        String text = "{\n"
                + "  \"edges\": [[\"a\", \"b\"], [\"b\", \"c\"],\n"
                + "            [\"c\", \"d\"], [\"d\", \"e\"]],\n"
                + "  \"odd key\": {\"x-y\": [true]},\n"
                + "  \"q\\\"uote\": 1, \"\": 2, \"back\\\\slash\": 3, \"_ok$1\": 4\n"
                + "}";
        JsonValue.Obj root = assertInstanceOf(JsonValue.Obj.class, parse(text));
        assertEquals("$", root.path());
        assertEquals(1, root.line());
        assertEquals(1, root.column());
        JsonValue.Arr edges = assertInstanceOf(JsonValue.Arr.class, root.get("edges"));
        assertEquals("$.edges", edges.path());
        assertEquals(2, edges.line());
        assertEquals(12, edges.column());
        JsonValue e31 = assertInstanceOf(JsonValue.Arr.class, edges.get(3)).get(1);
        assertEquals("$.edges[3][1]", e31.path());
        assertEquals("e", str(e31));
        assertEquals(3, e31.line());
        assertEquals(31, e31.column());
        JsonValue.Obj odd = assertInstanceOf(JsonValue.Obj.class, root.get("odd key"));
        assertEquals("$[\"odd key\"]", odd.path());
        assertEquals("$[\"odd key\"][\"x-y\"][0]", assertInstanceOf(JsonValue.Arr.class, odd.get("x-y")).get(0).path());
        assertEquals("$[\"q\\\"uote\"]", root.get("q\"uote").path());
        assertEquals("$[\"\"]", root.get("").path());
        assertEquals("$[\"back\\\\slash\"]", root.get("back\\slash").path(), "backslashes in keys are escaped in paths");
        assertEquals("$._ok$1", root.get("_ok$1").path());
    }

    @Test
    void deepNestingIsAnErrorNotAStackOverflow() throws Exception {
        String ok = "[".repeat(JsonParser.MAX_DEPTH) + "]".repeat(JsonParser.MAX_DEPTH);
        assertInstanceOf(JsonValue.Arr.class, parse(ok));
        JsonParseException e = fails("[".repeat(JsonParser.MAX_DEPTH + 1) + "]".repeat(JsonParser.MAX_DEPTH + 1));
        assertTrue(e.getMessage().contains("nesting deeper than"), e.getMessage());
        assertEquals(JsonParser.MAX_DEPTH + 1, e.column());
        JsonParseException huge = fails("{\"a\":".repeat(200_000));
        assertTrue(huge.getMessage().contains("nesting deeper than"), huge.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            // text | column of the lone half | what the message quotes
            "{\"id\": \"\\ud800\"}|9|\\ud800",
            "{\"id\": \"a\\uDBFFb\"}|10|\\uDBFF",
            "{\"id\": \"\\udc00\"}|9|\\udc00",
            "{\"id\": \"\\ud83d\\ud83d\\ude00\"}|9|\\ud83d",
            "{\"id\": \"x\\ud800\\n\"}|10|\\ud800"})
    void loneSurrogateEscapesAreRejectedWithTheirPositionAndPath(String text, int column, String quoted) {
        JsonParseException e = fails(text);
        assertEquals(1, e.line());
        assertEquals(column, e.column(), e.getMessage());
        assertEquals("$.id", e.path());
        assertTrue(e.getMessage().startsWith("$.id: unpaired UTF-16 surrogate " + quoted + " in a string"), e.getMessage());
        assertEquals("f.json:1:" + column + ": " + e.getMessage(), e.describe("f.json"), "not called malformed syntax");
    }

    @Test
    void loneSurrogatesAsRawCharactersAndInMemberNamesAreRejectedToo() throws Exception {
        JsonParseException raw = fails("[\"ok\", \"a" + (char) 0xD800 + "\"]");
        assertEquals(10, raw.column());
        assertEquals("$[1]", raw.path());
        assertTrue(raw.getMessage().contains("surrogate \\ud800"), "printed escaped, not as a lone half: " + raw.getMessage());
        JsonParseException key = fails("{\"ok\": {\"\\udfff\": 1}}");
        assertEquals("$.ok (a member name)", key.path());
        assertEquals(10, key.column());
        String mixed = "\"\\" + "uD83D" + (char) 0xDE00 + (char) 0xD83D + "\\" + "uDE00\"";
        assertEquals("\uD83D\uDE00\uD83D\uDE00", str(parse(mixed)), "pairs, escaped or raw, are fine");
    }

    @Test
    void controlCharactersAreQuotedEscapedInMessages() {
        JsonParseException nul = fails("[\"a\u0000\"]");
        assertTrue(nul.getMessage().contains("control character \\u0000"), nul.getMessage());
        JsonParseException bare = fails("[\u0001]");
        assertTrue(bare.getMessage().contains("found '\\u0001'"), bare.getMessage());
        assertFalse(bare.getMessage().chars().anyMatch(c -> c < 0x20), bare.getMessage());
    }

    @Test
    void anArrayOverItsLimitFailsBeforeAnyOfItsItemsIsBuilt() throws Exception {
        JsonParser.Limit limit = new JsonParser.Limit("$.nodes", 3, "at most 3 nodes");
        assertEquals(3, ((JsonValue.Arr) ((JsonValue.Obj) JsonParser.parse("{\"nodes\": [1, [2, 3], {\"a\": \",]\"}]}", limit))
                .get("nodes")).size(), "commas and brackets inside items and strings do not count");
        assertEquals(4, ((JsonValue.Arr) ((JsonValue.Obj) JsonParser.parse("{\"other\": [1, 2, 3, 4]}", limit))
                .get("other")).size(), "the limit applies to its path only");
        // the first item is malformed: a parse that built items first would report it instead
        JsonParseException e = assertThrows(JsonParseException.class,
                () -> JsonParser.parse("{\"a\": 1,\n \"nodes\": [tru, 2, 3, 4]}", limit));
        assertEquals("$.nodes", e.path());
        assertEquals(2, e.line());
        assertEquals(11, e.column(), "points at the array");
        assertEquals("f.json:2:11: $.nodes: at most 3 nodes", e.describe("f.json"));
    }

    @Test
    void onlyALineFeedStartsALine() throws Exception {
        // Jackson's own counter starts a line at a lone carriage return; the messages never did
        JsonParseException e = fails("[1,\r 2,\r\n x]");
        assertEquals(2, e.line());
        assertEquals(2, e.column());
        JsonValue.Arr a = assertInstanceOf(JsonValue.Arr.class, parse("[1,\r 2]"));
        assertEquals(1, a.get(1).line());
        assertEquals(6, a.get(1).column());
    }

    @Test
    void hexDigitsOfAUnicodeEscapeAreAsciiOnly() throws Exception {
        // Jackson 2.22 reads a hex digit as (ch & 0xFF), which would turn U+0661 into 'a'
        JsonParseException e = fails("{\"k\": [\"ok\", \"\\u\u0661\u0662\u0663\u0664\"]}");
        assertEquals(15, e.column(), "at the backslash");
        assertTrue(e.getMessage().contains("four hex digits"), e.getMessage());
        assertEquals("\u00e9", str(parse("\"\\u00e9\"")), "a document with non-ASCII text elsewhere still reads");
        assertEquals("\u0661", str(parse("\"\\u0041\u0661\"")).substring(1));
    }
}
