package dev.lockstep.protocol;

/**
 * A protocol's parameters as read from a scenario's {@code params}. Bad values are reported by
 * the reader (naming the file and JSON path) and a default is returned, so a factory never has
 * to handle errors itself.
 */
public interface ProtocolParams {
    int integer(String name, int defaultValue, int min, int max);

    /** One of {@code allowed}; the first is the default. */
    String choice(String name, String... allowed);
}
