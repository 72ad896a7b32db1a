package dev.lockstep.core;

/**
 * A protocol's messages as small ints, opt-in ({@link Protocol#messageCodec()}): a table of
 * canonical instances, code i for the i-th. {@link Channels} keeps a coded message as its code in
 * the slot's own words, so a send writes and a listing reads one cache line a message, not a
 * second one for the reference and a third for the object; the actions a code's message may
 * enable are found by the code ({@link ActionTable}). A message is a value ({@link Message}): a
 * coded message reads back as its canonical instance, equal to the one sent. Messages without a
 * code (-1) are kept as objects, as they are without a codec.
 */
public interface MessageCodec {
    /** Most codes a codec may have: a slot keeps code + 1 in the 15 bits its ports leave. */
    int MAX_CODES = (1 << 15) - 1;

    /** Number of codes; the codes are 0 to {@code codes() - 1}. */
    int codes();

    /**
     * The code of {@code m}, or -1 if it has none. Equal messages have the same code and messages
     * that differ have different codes ({@code message(code(m)).equals(m)}): a codec that gives two
     * messages one code would swap one for the other in transit.
     */
    int code(Message m);

    /** The canonical instance of {@code code}, 0 ≤ code < {@link #codes()}. */
    Message message(int code);

    /** The canonical instances by code, checked: each is there and has its own code. */
    static Message[] table(MessageCodec codec) {
        int n = codec.codes();
        if (n < 0 || n > MAX_CODES) throw new IllegalArgumentException("codes must number 0 to " + MAX_CODES + ": " + n);
        Message[] table = new Message[n];
        for (int c = 0; c < n; c++) {
            Message m = codec.message(c);
            if (m == null || codec.code(m) != c) {
                throw new IllegalArgumentException("code " + c + "'s message " + m + " has code " + (m == null ? "none" : codec.code(m)));
            }
            table[c] = m;
        }
        return table;
    }
}
