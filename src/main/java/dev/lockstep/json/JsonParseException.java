package dev.lockstep.json;

/** Malformed JSON, with the position where the parser gave up. */
public final class JsonParseException extends Exception {
    private final int line;
    private final int column;

    public JsonParseException(int line, int column, String message) {
        super(message);
        this.line = line;
        this.column = column;
    }

    public int line() { return line; }

    public int column() { return column; }
}
