package dev.lockstep.core;

/**
 * One Send of an execution. {@code envelope} is null when the message was lost on sending because
 * the port's edge was gone (or was cut while an asynchronous execution ran).
 */
public record Sent(int port, Message message, Envelope envelope) {
    public boolean lost() {
        return envelope == null;
    }
}
