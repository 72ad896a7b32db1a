package dev.lockstep.json;

import java.util.Map;
import java.util.Set;

/**
 * An array or object whose end has not been read yet: what {@link SyntaxDiagnosis} needs to word
 * a refusal inside it (its path, how many items have started, which member names it holds).
 */
final class OpenContainer {
    final OpenContainer parent;
    final String path;
    final boolean array;
    /** Items (array) or members (object) whose value has started. */
    int started;
    private final Map<String, JsonValue> members;

    OpenContainer(OpenContainer parent, String path, boolean array, Map<String, JsonValue> members) {
        this.parent = parent;
        this.path = path;
        this.array = array;
        this.members = members;
    }

    Set<String> names() {
        return members == null ? Set.of() : members.keySet();
    }
}
