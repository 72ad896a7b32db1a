package dev.lockstep.app.graph;

import dev.lockstep.figure.LabelPlacement;

/**
 * A message in transit as the graph view draws it: where it rests (laid out by the painter at each
 * change), where it was last drawn (hit-testing reads that), and where its animation starts.
 */
final class MessageToken {
    /** The animation starts at the sender (a new message). */
    static final int AT_SENDER = 0;
    /** No animation: drawn at rest. */
    static final int AT_SLOT_STILL = 1;
    /** The animation starts where the token was drawn when the step began ({@link #startGx}, {@link #startGy}). */
    static final int AT_POINT = 2;

    final long id;
    final int from;
    final int fromPort;
    final int to;
    final int toPort;
    final String label;
    /** As drawn: the label without the empty parentheses of a message with no argument. */
    final String text;
    /** Tokens the message carries (the protocol's {@code tokens(m)}): a badge on it when positive. */
    int carried;
    int slot;
    int count = 1;
    boolean leaving;
    int startKind;
    double startGx;
    double startGy;
    double lastX = Double.NaN;
    double lastY = Double.NaN;
    double lastAlpha = 1;
    // resting layout, refreshed by the painter when the scene, the camera or the view changes
    double w;
    double restX;
    double restY;
    boolean restText;
    double dx = 1;
    double dy;

    MessageToken(long id, int from, int fromPort, int to, int toPort, String label) {
        this.id = id;
        this.from = from;
        this.fromPort = fromPort;
        this.to = to;
        this.toPort = toPort;
        this.label = label;
        this.text = LabelPlacement.tokenText(label);
    }

    void rest(LabelPlacement.Rest r) {
        restX = r.x();
        restY = r.y();
        dx = r.dx();
        dy = r.dy();
        restText = r.pill();
    }
}
