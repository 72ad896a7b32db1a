package dev.lockstep.scenario;

import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import java.nio.file.Path;

/**
 * The three kinds of file Lockstep reads, told apart by their {@code "format"}: a scenario (one
 * JSON object), a session (one JSON object) and a trace (JSON Lines, the format in the first
 * line's header). The one place that knows the format names and how to sniff them.
 */
public enum FileKind {
    SCENARIO("lockstep-scenario/1", "a scenario"),
    SESSION("lockstep-session/1", "a session file"),
    TRACE("lockstep-trace/1", "a trace");

    private final String format;
    private final String noun;

    FileKind(String format, String noun) {
        this.format = format;
        this.noun = noun;
    }

    /** The value of the {@code "format"} field, e.g. {@code lockstep-trace/1}. */
    public String format() {
        return format;
    }

    /** The kind a parsed file (or a trace's header line) declares by its {@code "format"}; null if none. */
    public static FileKind declared(JsonValue root) {
        if (!(root instanceof JsonValue.Obj o) || !(o.get("format") instanceof JsonValue.Str f)) return null;
        for (FileKind k : values()) if (k.format.equals(f.value())) return k;
        return null;
    }

    /**
     * The kind a file's text declares: by its first line when that line is a whole JSON value (a
     * trace's header, a session or scenario written on one line), else by the whole text (a
     * scenario laid out over lines). Null when it declares none or is not JSON: the scenario
     * loader then says what is wrong. Parsed with the loaders' node limits, so an oversized file
     * is refused by them, not first parsed whole here.
     */
    public static FileKind of(String text) {
        int end = text.indexOf('\n');
        if (end >= 0) {
            try {
                return declared(parse(text.substring(0, end)));
            } catch (JsonParseException e) {
                // not a line of JSON Lines: the whole text is one value, or not JSON at all
            }
        }
        try {
            return declared(parse(text));
        } catch (JsonParseException e) {
            return null;
        }
    }

    /** {@link #of(String)} of a file's text; a ScenarioException if it cannot be read as UTF-8 text. */
    public static FileKind of(Path file) throws ScenarioException {
        return of(TextFile.read(file));
    }

    private static JsonValue parse(String text) throws JsonParseException {
        return JsonParser.parse(text, TopologyReader.nodeLimit("$"), TopologyReader.nodeLimit("$.scenario"));
    }

    /**
     * Refuses a parsed file (or trace header) of another kind, naming {@code where} (a file, or
     * {@code file:1} for a trace's header line): {@code where: not a trace: expected "format":
     * "lockstep-trace/1"}.
     */
    public void require(JsonValue root, String where) throws ScenarioException {
        if (declared(root) != this) {
            throw new ScenarioException(where + ": not " + noun + ": expected \"format\": \"" + format + "\"");
        }
    }
}
