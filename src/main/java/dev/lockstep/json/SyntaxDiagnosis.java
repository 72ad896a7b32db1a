package dev.lockstep.json;

import com.fasterxml.jackson.core.JsonToken;
import java.util.HashSet;
import java.util.Set;

/**
 * Words a refusal the way Lockstep always has. Jackson decides what is malformed, but its
 * messages and error positions are its own (a bad number is reported at its start or its end
 * depending on what follows, a missing comma as "was expecting comma to separate Array entries",
 * with no JSON path), and the loaders' messages are an output that must not change. So when
 * Jackson refuses, this class re-reads only the stretch Jackson was reading, from the start of
 * the last token it delivered, with RFC 8259's rules, and reports the first fault in it, with
 * the path, position and words of the messages users and tests know.
 */
final class SyntaxDiagnosis {
    private final String text;
    private final LineIndex lines;
    private int pos;

    /** A value that opens an array or object: Jackson delivers those, so a fault cannot be here. */
    private static final class Unexplained extends Exception {
        private static final long serialVersionUID = 1L;

        Unexplained() {
            super(null, null, false, false);
        }
    }

    SyntaxDiagnosis(String text, LineIndex lines) {
        this.text = text;
        this.lines = lines;
    }

    /**
     * The fault after the last token Jackson delivered ({@code last}, starting at {@code at},
     * holding the value at {@code lastPath}; null before the first), inside {@code in} (null at
     * the top level), or null if these rules find none.
     */
    JsonParseException explain(OpenContainer in, JsonToken last, int at, String lastPath) {
        Set<String> names = in == null ? Set.of() : new HashSet<>(in.names());
        int index = in == null ? 0 : in.started; // of the array item after the last one started
        try {
            if (last == null) {
                pos = 0;
                skipWhitespace();
                if (pos >= text.length()) return error("empty document: expected a JSON value");
                value("$");
            } else if (last == JsonToken.START_ARRAY || last == JsonToken.START_OBJECT) {
                pos = at + 1;
                skipWhitespace();
                if (peek() == (in.array ? ']' : '}')) return null;
                next(in, index++, names);
            } else if (last == JsonToken.END_ARRAY || last == JsonToken.END_OBJECT) {
                pos = at + 1;
            } else if (last == JsonToken.FIELD_NAME) {
                pos = at;
                member(in, names);
            } else {
                pos = at;
                value(lastPath);
            }
            afterValue(in, index, names);
            return null;
        } catch (JsonParseException e) {
            return e;
        } catch (Unexplained e) {
            return null;
        }
    }

    /** The fault in the string starting at {@code at}: Jackson decodes lone surrogates, which are not text. */
    JsonParseException explainString(int at, String path) {
        pos = at;
        try {
            string(path);
            return null;
        } catch (JsonParseException e) {
            return e;
        }
    }

    private void afterValue(OpenContainer in, int index, Set<String> names) throws JsonParseException, Unexplained {
        if (in == null) {
            skipWhitespace();
            if (pos < text.length()) throw error("unexpected " + describeHere() + " after the end of the JSON value");
            return;
        }
        while (true) {
            skipWhitespace();
            char ch = peek();
            if (ch == (in.array ? ']' : '}')) return;
            if (ch != ',') {
                throw error(in.array ? "expected ',' or ']' in array " + in.path + ", found " + describeHere()
                        : "expected ',' or '}' in object at " + in.path + ", found " + describeHere());
            }
            pos++;
            next(in, index++, names);
        }
    }

    private void next(OpenContainer in, int index, Set<String> names) throws JsonParseException, Unexplained {
        if (!in.array) {
            member(in, names);
            return;
        }
        skipWhitespace();
        if (pos >= text.length()) throw error("unexpected end of file inside array " + in.path);
        value(JsonPath.item(in.path, index));
    }

    private void member(OpenContainer in, Set<String> names) throws JsonParseException, Unexplained {
        skipWhitespace();
        if (peek() != '"') throw error("expected a quoted member name, found " + describeHere());
        int keyAt = pos;
        String key = string(in.path + " (a member name)");
        if (!names.add(key)) throw errorAt(keyAt, "duplicate member \"" + key + "\" in object at " + in.path);
        skipWhitespace();
        if (peek() != ':') throw error("expected ':' after member name \"" + key + "\", found " + describeHere());
        pos++;
        skipWhitespace();
        if (pos >= text.length()) throw error("unexpected end of file: expected a value for \"" + key + "\"");
        value(JsonPath.child(in.path, key));
    }

    private void value(String path) throws JsonParseException, Unexplained {
        char ch = text.charAt(pos);
        switch (ch) {
            case '{', '[' -> throw new Unexplained();
            case '"' -> string(path);
            case 't' -> literal("true");
            case 'f' -> literal("false");
            case 'n' -> literal("null");
            default -> {
                if (ch == '-' || (ch >= '0' && ch <= '9')) number();
                else throw error("expected a JSON value, found " + describeHere());
            }
        }
    }

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
            if (ch == '\\') ch = escape();
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
        return new JsonParseException(lines.line(at), lines.column(at), path, "unpaired UTF-16 surrogate " + seq
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
                if (pos + 4 > text.length() || !text.substring(pos, pos + 4).chars().allMatch(SyntaxDiagnosis::isHex)) {
                    throw errorAt(pos - 2, "invalid \\u escape: expected four hex digits after \\u");
                }
                pos += 4;
                return (char) Integer.parseInt(text, pos - 4, pos, 16);
            default:
                pos--;
                throw error("invalid escape sequence \\" + Printable.escape(String.valueOf(e)));
        }
    }

    private void number() throws JsonParseException {
        if (peek() == '-') pos++;
        if (peek() == '0') {
            pos++;
        } else if (isDigit(peek())) {
            digits();
        } else {
            throw error("invalid number: expected a digit after '-'");
        }
        if (peek() == '.') {
            pos++;
            if (!isDigit(peek())) throw error("invalid number: expected a digit after '.'");
            digits();
        }
        if (peek() == 'e' || peek() == 'E') {
            pos++;
            if (peek() == '+' || peek() == '-') pos++;
            if (!isDigit(peek())) throw error("invalid number: expected a digit in the exponent");
            digits();
        }
        if (Character.isLetterOrDigit(peek())) throw error("invalid number: unexpected " + describeHere());
    }

    private void digits() {
        while (isDigit(peek())) pos++;
    }

    private void literal(String word) throws JsonParseException {
        if (!text.startsWith(word, pos)) throw error("expected a JSON value, found " + describeHere());
        pos += word.length();
    }

    /** An ASCII hex digit (Character.digit would also accept non-ASCII digits). */
    private static boolean isHex(int c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private void skipWhitespace() {
        while (pos < text.length() && " \t\n\r".indexOf(text.charAt(pos)) >= 0) pos++;
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
        return errorAt(pos, message);
    }

    private JsonParseException errorAt(int at, String message) {
        return new JsonParseException(lines.line(at), lines.column(at), message);
    }
}
