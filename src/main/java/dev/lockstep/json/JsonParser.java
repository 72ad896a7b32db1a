package dev.lockstep.json;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Strict RFC 8259 JSON, read with Jackson's streaming parser into a tree that records line,
 * column and JSON path of every value (Jackson's own trees drop positions, and the loaders'
 * messages point into the file). Duplicate object keys are rejected: in a scenario file they are
 * always a mistake.
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

    /**
     * Every non-standard ALLOW_ feature is off by default (comments, single quotes, NaN, leading
     * zeros, trailing commas, control characters in strings). No size limits: a file is refused
     * for its content, never its length. Nesting is checked here first, to name the path.
     */
    private static final JsonFactory FACTORY = new JsonFactoryBuilder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_DEPTH + 1)
                    .maxNumberLength(Integer.MAX_VALUE)
                    .maxStringLength(Integer.MAX_VALUE)
                    .maxNameLength(Integer.MAX_VALUE)
                    .build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .build();

    private final String text;
    private final Limit[] limits;
    private final LineIndex lines;
    private final boolean recheckStrings;
    private com.fasterxml.jackson.core.JsonParser in;
    private int depth;
    // Where reading stands, for the message when Jackson refuses: the last token it delivered.
    private OpenContainer open;
    private JsonToken last;
    private int lastAt;
    private String lastPath;

    private JsonParser(String text, Limit[] limits) {
        // A UTF-8 BOM is tolerated; Jackson reading a String would refuse it, a space keeps every offset.
        this.text = text.startsWith("\uFEFF") ? " " + text.substring(1) : text;
        this.limits = limits;
        this.lines = new LineIndex(this.text);
        this.recheckStrings = nonAsciiAfterBackslashU(this.text);
    }

    /**
     * Whether a backslash-u is followed by a non-ASCII character within four: Jackson 2.22 reads
     * hex digits as {@code ch & 0xFF}, so it would decode Arabic-Indic digits U+0661.. as a..d.
     * Such a document has each string re-read by the RFC 8259 rules (no cost for any other).
     */
    private static boolean nonAsciiAfterBackslashU(String text) {
        for (int i = text.indexOf("\\u"); i >= 0; i = text.indexOf("\\u", i + 1)) {
            for (int j = i + 2; j < Math.min(i + 6, text.length()); j++) {
                if (text.charAt(j) > 0x7F) return true;
            }
        }
        return false;
    }

    public static JsonValue parse(String text, Limit... limits) throws JsonParseException {
        JsonParser p = new JsonParser(text, limits.clone());
        try (com.fasterxml.jackson.core.JsonParser in = FACTORY.createParser(p.text)) {
            p.in = in;
            JsonToken first = p.next("$");
            if (first == null) throw p.refused(null);
            JsonValue root = p.value(first, "$");
            if (in.nextToken() != null) throw p.refused(null); // Jackson reads a sequence of root values
            return root;
        } catch (JacksonException e) {
            throw p.refused(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // reading a String does no I/O
        }
    }

    private JsonToken next(String path) throws IOException {
        JsonToken t = in.nextToken();
        if (t != null) {
            last = t;
            lastAt = (int) in.currentTokenLocation().getCharOffset();
            lastPath = path;
        }
        return t;
    }

    private JsonValue value(JsonToken t, String path) throws IOException, JsonParseException {
        int l = lines.line(lastAt);
        int c = lines.column(lastAt);
        switch (t) {
            case START_OBJECT:
            case START_ARRAY:
                if (depth >= MAX_DEPTH) {
                    throw new JsonParseException(l, c, "nesting deeper than " + MAX_DEPTH + " levels at " + path);
                }
                depth++;
                JsonValue nested = t == JsonToken.START_OBJECT ? object(path, l, c) : array(path, l, c);
                depth--;
                open = open.parent;
                return nested;
            case VALUE_STRING: return new JsonValue.Str(l, c, path, string(path));
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT: return new JsonValue.Num(l, c, path, in.getText());
            case VALUE_TRUE: return new JsonValue.Bool(l, c, path, true);
            case VALUE_FALSE: return new JsonValue.Bool(l, c, path, false);
            case VALUE_NULL: return new JsonValue.Null(l, c, path);
            default: throw new IllegalStateException("token " + t + " where a value starts");
        }
    }

    private JsonValue.Obj object(String path, int l, int c) throws IOException, JsonParseException {
        Map<String, JsonValue> members = new LinkedHashMap<>();
        open = new OpenContainer(open, path, false, members);
        String namePath = path + " (a member name)";
        while (next(namePath) != JsonToken.END_OBJECT) {
            String key = string(namePath);
            String child = JsonPath.child(path, key);
            JsonToken t = next(child);
            open.started++;
            members.put(key, value(t, child));
        }
        return new JsonValue.Obj(l, c, path, members);
    }

    private JsonValue.Arr array(String path, int l, int c) throws IOException, JsonParseException {
        for (Limit limit : limits) {
            if (limit.path().equals(path) && ItemCount.exceeds(text, lastAt + 1, limit.maxItems())) {
                throw new JsonParseException(l, c, path, limit.message());
            }
        }
        open = new OpenContainer(open, path, true, null);
        List<JsonValue> items = new ArrayList<>();
        while (true) {
            String itemPath = JsonPath.item(path, items.size());
            JsonToken t = next(itemPath);
            if (t == JsonToken.END_ARRAY) break;
            open.started++;
            items.add(value(t, itemPath));
        }
        return new JsonValue.Arr(l, c, path, items);
    }

    /** The current string or member name; text that is not Unicode (a lone UTF-16 surrogate) is refused. */
    private String string(String path) throws IOException, JsonParseException {
        String s = in.getText();
        if (recheckStrings) {
            JsonParseException e = new SyntaxDiagnosis(text, lines).explainString(lastAt, path);
            if (e != null) throw e;
        }
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (Character.isHighSurrogate(ch) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(ch)) {
                JsonParseException e = new SyntaxDiagnosis(text, lines).explainString(lastAt, path);
                if (e != null) throw e;
            }
        }
        return s;
    }

    private JsonParseException refused(JacksonException e) {
        JsonParseException explained = new SyntaxDiagnosis(text, lines).explain(open, last, lastAt, lastPath);
        if (explained != null) return explained;
        if (e == null) return new JsonParseException(lines.line(text.length()), lines.column(text.length()), "malformed JSON");
        // a refusal the RFC 8259 rules do not see: Jackson's own words, at its position
        JsonLocation at = e.getLocation();
        int offset = at == null ? text.length() : (int) Math.min(at.getCharOffset(), text.length());
        return new JsonParseException(lines.line(offset), lines.column(offset), e.getOriginalMessage());
    }
}
