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

    private final String text;
    private int depth;
    private int pos;
    private int line = 1;
    private int lineStart;

    private JsonParser(String text) {
        this.text = text;
    }

    public static JsonValue parse(String text) throws JsonParseException {
        JsonParser p = new JsonParser(text);
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
            case '"': return new JsonValue.Str(l, c, path, string());
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
            String key = string();
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

    static String childPath(String path, String key) {
        boolean simple = !key.isEmpty() && Character.isJavaIdentifierStart(key.charAt(0))
                && key.chars().allMatch(Character::isJavaIdentifierPart);
        return simple ? path + "." + key : path + "[" + JsonWriter.quoted(key) + "]";
    }

    private String string() throws JsonParseException {
        pos++; // opening quote
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) throw error("unterminated string");
            char ch = text.charAt(pos++);
            if (ch == '"') return sb.toString();
            if (ch == '\n') throw errorAt(pos - 1, "unterminated string (line break inside a string)");
            if (ch < 0x20) throw errorAt(pos - 1, "control character inside a string");
            if (ch != '\\') {
                sb.append(ch);
                continue;
            }
            if (pos >= text.length()) throw error("unterminated escape sequence");
            char e = text.charAt(pos++);
            switch (e) {
                case '"': sb.append('"'); break;
                case '\\': sb.append('\\'); break;
                case '/': sb.append('/'); break;
                case 'b': sb.append('\b'); break;
                case 'f': sb.append('\f'); break;
                case 'n': sb.append('\n'); break;
                case 'r': sb.append('\r'); break;
                case 't': sb.append('\t'); break;
                case 'u':
                    int code = 0;
                    for (int i = 0; i < 4; i++) {
                        int digit = pos + i < text.length() ? hex(text.charAt(pos + i)) : -1;
                        if (digit < 0) {
                            throw errorAt(pos - 2, "invalid \\u escape: expected four hex digits after \\u");
                        }
                        code = code * 16 + digit;
                    }
                    sb.append((char) code);
                    pos += 4;
                    break;
                default:
                    pos--;
                    throw error("invalid escape sequence \\" + e);
            }
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
        return "'" + ch + "'";
    }

    private JsonParseException error(String message) {
        return new JsonParseException(line, column(), message);
    }

    /** An error at an earlier position {@code at} on the current line. */
    private JsonParseException errorAt(int at, String message) {
        return new JsonParseException(line, at - lineStart + 1, message);
    }
}
