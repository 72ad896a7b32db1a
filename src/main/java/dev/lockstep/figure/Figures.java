package dev.lockstep.figure;

import dev.lockstep.session.Session;

/**
 * Vector figures of a session's current moment, looking like the window's graph view: an SVG
 * (for slides and the web) and a standalone TikZ picture (for LaTeX papers and slides). Pure
 * functions of the session's state: the same moment gives the same bytes, on any machine and in
 * any locale. Neither needs a display or a GUI toolkit.
 */
public final class Figures {
    private Figures() {}

    /** The SVG document (UTF-8 text) of the session's current moment: round/step header, legend, optional caption. */
    public static String svg(Session session, FigureOptions options) {
        return SvgWriter.write(figure(session, options));
    }

    /** A standalone-compilable LaTeX document with one tikzpicture of the same moment. */
    public static String tikz(Session session, FigureOptions options) {
        return TikzWriter.write(figure(session, options));
    }

    /** The laid-out picture both writers transcribe. */
    public static Figure figure(Session session, FigureOptions options) {
        if (session == null) throw new IllegalArgumentException("no session to draw");
        if (options == null) throw new IllegalArgumentException("no figure options");
        return FigureLayout.of(session, options);
    }
}
