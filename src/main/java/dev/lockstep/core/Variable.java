package dev.lockstep.core;

/** One named variable of a node's state, formatted for display, e.g. {@code L = {0,2,3}}. */
public record Variable(String name, String value) {
    @Override
    public String toString() {
        return name + " = " + value;
    }
}
