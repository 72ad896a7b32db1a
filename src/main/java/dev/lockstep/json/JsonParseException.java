package dev.lockstep.json;

/**
 * JSON that cannot be read, with the position where the parser gave up: malformed syntax, or
 * (with a JSON path) a well-formed value the parser refuses, such as text that is not Unicode or
 * an array longer than its {@link JsonParser.Limit}.
 */
public final class JsonParseException extends Exception {
    private final int line;
    private final int column;
    private final String path;

    public JsonParseException(int line, int column, String message) {
        super(message);
        this.line = line;
        this.column = column;
        this.path = null;
    }

    /** A refused value at {@code path}; the message starts with the path. */
    public JsonParseException(int line, int column, String path, String message) {
        super(path + ": " + message);
        this.line = line;
        this.column = column;
        this.path = path;
    }

    public int line() { return line; }

    public int column() { return column; }

    /** The JSON path of the refused value, or null for malformed syntax. */
    public String path() { return path; }

    /** The one-line problem as the loaders report it: {@code file:line:col: ...}. */
    public String describe(String file) {
        return describe(file, line);
    }

    /** The same for one line of a JSON Lines file, parsed on its own: {@code line} is its line in the file. */
    public String describe(String file, int line) {
        return file + ":" + line + ":" + column + ": " + (path == null ? "malformed JSON: " : "") + getMessage();
    }
}
