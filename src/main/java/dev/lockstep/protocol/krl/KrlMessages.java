package dev.lockstep.protocol.krl;

import dev.lockstep.core.Message;

/**
 * The three messages of KRL (Sec. 4.1: "Request, Token, and LinkInfo"). Each carries the sender's
 * height when it was sent ("myHeight_i is included with every message").
 */
public final class KrlMessages {
    private KrlMessages() {}

    /** A request for a token, sent to the lowest neighbour (App., ForwardRequest l. 2). */
    public record Request(HeightTriple h) implements Message {
        @Override public String label() { return "Request" + h; }
    }

    /** One token (App., GiveTokenToNext l. 8). */
    public record Token(HeightTriple h) implements Message {
        @Override public String label() { return "Token" + h; }
    }

    /** A height announcement (link formation, raising, lowering, the reply to a token). */
    public record LinkInfo(HeightTriple h) implements Message {
        @Override public String label() { return "LinkInfo" + h; }
    }
}
