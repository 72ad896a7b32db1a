package dev.lockstep.json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict RFC 8259 JSON parser that records line, column and JSON path of every value.
 * Duplicate object keys are rejected: in a scenario file they are always a mistake.
 */
public final class JsonParser {
    /** Deeper nesting is rejected with a message instead of overflowing the stack. */
    public static final int MAX_DEPTH = 512;

    /**
     * The most items the array at {@code path} may hold; {@code message} says so when it holds
     * more. Checked when the array opens, before any of its items is built, so that an oversized
     * file fails in a fraction of the time and memory a full parse would take.
     */
    public record Limit(String path, int maxItems, String message) {}

    private final String text;
    private final Limit[] limits;
    private int depth;
    private int pos;
    private int line = 1;
    private int lineStart;

    private JsonParser(String text, Limit[] limits) {
        this.text = text;
        this.limits = limits;
    }

    public static JsonValue parse(String text, Limit... limits) throws JsonParseException {
        JsonParser p = new JsonParser(text, limits.clone());
        if (!text.isEmpty() && text.charAt(0) == '\uFEFF') p.pos = 1; // tolerate a UTF-8 BOM
        p.skipWhitespace();
        if (p.pos >= text.length()) throw p.error("empty document: expected a JSON value");
        JsonValue v = p.value("$");
        p.skipWhitespace();
        if (p.pos < text.length()) throw p.error("unexpected " + p.describeHere() + " after the end of the JSON value");
        return v;
    }

    private JsonValue value(String path) throws JsonParseException {
        int l = line;
        int c = column();
        char ch = text.charAt(pos);
        switch (ch) {
            case '{':
            case '[':
                if (depth >= MAX_DEPTH) throw error("nesting deeper than " + MAX_DEPTH + " levels at " + path);
                depth++;
                JsonValue nested = ch == '{' ? object(path, l, c) : array(path, l, c);
                depth--;
                return nested;
            case '"': return new JsonValue.Str(l, c, path, string(path));
            case 't': literal("true"); return new JsonValue.Bool(l, c, path, true);
            case 'f': literal("false"); return new JsonValue.Bool(l, c, path, false);
            case 'n': literal("null"); return new JsonValue.Null(l, c, path);
            default:
                if (ch == '-' || (ch >= '0' && ch <= '9')) return new JsonValue.Num(l, c, path, number());
                throw error("expected a JSON value, found " + describeHere());
        }
    }

    private JsonValue.Obj object(String path, int l, int c) throws JsonParseException {
        pos++; // {
        Map<String, JsonValue> members = new LinkedHashMap<>();
        skipWhitespace();
        if (peek() == '}') {
            pos++;
            return new JsonValue.Obj(l, c, path, members);
        }
        while (true) {
            skipWhitespace();
            if (peek() != '"') throw error("expected a quoted member name, found " + describeHere());
            int keyLine = line;
            int keyCol = column();
            String key = string(path + " (a member name)");
            if (members.containsKey(key)) {
                throw new JsonParseException(keyLine, keyCol, "duplicate member \"" + key + "\" in object at " + path);
            }
            skipWhitespace();
            if (peek() != ':') throw error("expected ':' after member name \"" + key + "\", found " + describeHere());
            pos++;
            skipWhitespace();
            if (pos >= text.length()) throw error("unexpected end of file: expected a value for \"" + key + "\"");
            members.put(key, value(childPath(path, key)));
            skipWhitespace();
            char ch = peek();
            if (ch == ',') {
                pos++;
                continue;
            }
            if (ch == '}') {
                pos++;
                return new JsonValue.Obj(l, c, path, members);
            }
            throw error("expected ',' or '}' in object at " + path + ", found " + describeHere());
        }
    }

    private JsonValue.Arr array(String path, int l, int c) throws JsonParseException {
        pos++; // [
        for (Limit limit : limits) {
            if (limit.path().equals(path) && overLimit(limit.maxItems())) {
                throw new JsonParseException(l, c, path, limit.message());
            }
        }
        List<JsonValue> items = new ArrayList<>();
        skipWhitespace();
        if (peek() == ']') {
            pos++;
            return new JsonValue.Arr(l, c, path, items);
        }
        while (true) {
            skipWhitespace();
            if (pos >= text.length()) throw error("unexpected end of file inside array " + path);
            items.add(value(path + "[" + items.size() + "]"));
            skipWhitespace();
            char ch = peek();
            if (ch == ',') {
                pos++;
                continue;
            }
            if (ch == ']') {
                pos++;
                return new JsonValue.Arr(l, c, path, items);
            }
            throw error("expected ',' or ']' in array " + path + ", found " + describeHere());
        }
    }

    /**
     * Whether the array that opened just before {@code pos} has more than {@code max} items: a
     * scan that only follows strings and brackets (no values are built; syntax errors are left to
     * the parse that follows).
     */
    private boolean overLimit(int max) {
        int depthHere = 0;
        long items = 0;
        boolean inItem = false;
        for (int i = pos; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') continue;
            if (depthHere == 0 && !inItem) {
                if (ch == ']') return false;
                inItem = true;
                if (++items > max) return true;
            }
            switch (ch) {
                case '"' -> {
                    for (i++; i < text.length() && text.charAt(i) != '"'; i++) {
                        if (text.charAt(i) == '\\') i++;
                    }
                }
                case '[', '{' -> depthHere++;
                case ']', '}' -> {
                    if (depthHere == 0) return false; // the array's end (or a mismatch the parse reports)
                    depthHere--;
                }
                case ',' -> {
                    if (depthHere == 0) inItem = false;
                }
                default -> {
                    // part of a number or literal
                }
            }
        }
        return false;
    }

    static String childPath(String path, String key) {
        boolean simple = !key.isEmpty() && Character.isJavaIdentifierStart(key.charAt(0))
                && key.chars().allMatch(Character::isJavaIdentifierPart);
        return simple ? path + "." + key : path + "[" + JsonWriter.quoted(key) + "]";
    }

    /** A string at {@code path}; text that is not Unicode (a lone UTF-16 surrogate) is rejected here. */
    private String string(String path) throws JsonParseException {
        pos++; // opening quote
        StringBuilder sb = new StringBuilder();
        int highAt = -1; // where a high surrogate waiting for its low half started
        while (true) {
            if (pos >= text.length()) throw error("unterminated string");
            int at = pos;
            char ch = text.charAt(pos++);
            if (ch == '"') {
                if (highAt >= 0) throw unpaired(highAt, path);
                return sb.toString();
            }
            if (ch == '\n') throw errorAt(pos - 1, "unterminated string (line break inside a string)");
            if (ch < 0x20) throw errorAt(pos - 1, "control character " + Printable.escape(String.valueOf(ch)) + " inside a string");
            if (ch == '\\') {
                ch = escape();
            }
            if (highAt >= 0 && !Character.isLowSurrogate(ch)) throw unpaired(highAt, path);
            if (Character.isHighSurrogate(ch)) {
                highAt = at;
            } else {
                if (Character.isLowSurrogate(ch) && highAt < 0) throw unpaired(at, path);
                highAt = -1;
            }
            sb.append(ch);
        }
    }

    private JsonParseException unpaired(int at, String path) {
        String seq = text.charAt(at) == '\\' ? text.substring(at, at + 6) : Printable.escape(String.valueOf(text.charAt(at)));
        return new JsonParseException(line, at - lineStart + 1, path, "unpaired UTF-16 surrogate " + seq
                + " in a string: not Unicode text (a high surrogate \\ud800-\\udbff must be followed by a low one"
                + " \\udc00-\\udfff)");
    }

    /** The character of the escape sequence after a backslash. */
    private char escape() throws JsonParseException {
        if (pos >= text.length()) throw error("unterminated escape sequence");
        char e = text.charAt(pos++);
        switch (e) {
            case '"': return '"';
            case '\\': return '\\';
            case '/': return '/';
            case 'b': return '\b';
            case 'f': return '\f';
            case 'n': return '\n';
            case 'r': return '\r';
            case 't': return '\t';
            case 'u':
                int code = 0;
                for (int i = 0; i < 4; i++) {
                    int digit = pos + i < text.length() ? hex(text.charAt(pos + i)) : -1;
                    if (digit < 0) {
                        throw errorAt(pos - 2, "invalid \\u escape: expected four hex digits after \\u");
                    }
                    code = code * 16 + digit;
                }
                pos += 4;
                return (char) code;
            default:
                pos--;
                throw error("invalid escape sequence \\" + Printable.escape(String.valueOf(e)));
        }
    }

    private String number() throws JsonParseException {
        int start = pos;
        if (peek() == '-') pos++;
        if (peek() == '0') {
            pos++;
        } else if (isDigit(peek())) {
            while (isDigit(peek())) pos++;
        } else {
            throw error("invalid number: expected a digit after '-'");
        }
        if (peek() == '.') {
            pos++;
            if (!isDigit(peek())) throw error("invalid number: expected a digit after '.'");
            while (isDigit(peek())) pos++;
        }
        if (peek() == 'e' || peek() == 'E') {
            pos++;
            if (peek() == '+' || peek() == '-') pos++;
            if (!isDigit(peek())) throw error("invalid number: expected a digit in the exponent");
            while (isDigit(peek())) pos++;
        }
        if (Character.isLetterOrDigit(peek())) throw error("invalid number: unexpected " + describeHere());
        return text.substring(start, pos);
    }

    private void literal(String word) throws JsonParseException {
        if (!text.startsWith(word, pos)) throw error("expected a JSON value, found " + describeHere());
        pos += word.length();
    }

    /** The value of an ASCII hex digit, or -1 (Character.digit would also accept non-ASCII digits). */
    private static int hex(char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private void skipWhitespace() {
        while (pos < text.length()) {
            char ch = text.charAt(pos);
            if (ch == '\n') {
                line++;
                lineStart = pos + 1;
            } else if (ch != ' ' && ch != '\t' && ch != '\r') {
                return;
            }
            pos++;
        }
    }

    private int column() {
        return pos - lineStart + 1;
    }

    private String describeHere() {
        if (pos >= text.length()) return "end of file";
        char ch = text.charAt(pos);
        if (Character.isLetter(ch)) {
            int end = pos;
            while (end < text.length() && end - pos < 20 && Character.isLetterOrDigit(text.charAt(end))) end++;
            return "'" + text.substring(pos, end) + "'";
        }
        return "'" + Printable.escape(Character.toString(text.codePointAt(pos))) + "'";
    }

    private JsonParseException error(String message) {
        return new JsonParseException(line, column(), message);
    }

    /** An error at an earlier position {@code at} on the current line. */
    private JsonParseException errorAt(int at, String message) {
        return new JsonParseException(line, at - lineStart + 1, message);
    }
}
