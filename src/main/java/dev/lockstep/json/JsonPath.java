package dev.lockstep.json;

/** JSON paths as the messages print them: {@code $.edges[3][1]}, {@code $["odd key"]}. */
final class JsonPath {
    private JsonPath() {}

    static String child(String path, String key) {
        boolean simple = !key.isEmpty() && Character.isJavaIdentifierStart(key.charAt(0))
                && key.chars().allMatch(Character::isJavaIdentifierPart);
        return simple ? path + "." + key : path + "[" + JsonWriter.quoted(key) + "]";
    }

    static String item(String path, int index) {
        return path + "[" + index + "]";
    }
}
