package dev.lockstep.plot;

import java.io.IOException;

/**
 * Results that cannot be plotted as asked: a missing directory, an unknown axis or measure (the
 * message lists the known ones), an axis left with several values. An {@link IOException}, so the
 * command line reports it like any other bad input file (exit code 2).
 */
public final class PlotException extends IOException {
    public PlotException(String message) {
        super(message);
    }
}
