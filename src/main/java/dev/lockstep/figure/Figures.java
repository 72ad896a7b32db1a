package dev.lockstep.figure;

/** Vector figures of a session's current moment (placeholder until the figure branch is merged). */
public final class Figures {
    private Figures() {}

    /** The SVG document (UTF-8 text) of the session's current moment: round/step header, legend, optional caption. */
    public static String svg(dev.lockstep.session.Session session, FigureOptions options) {
        throw new UnsupportedOperationException("figure export not merged yet");
    }

    /** A standalone-compilable LaTeX document with one tikzpicture of the same moment. */
    public static String tikz(dev.lockstep.session.Session session, FigureOptions options) {
        throw new UnsupportedOperationException("figure export not merged yet");
    }
}
