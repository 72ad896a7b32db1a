package dev.lockstep.cli;

import java.io.PrintStream;

/** Where the commands write: standard output, standard error, and whether stderr is a terminal (progress). */
record Streams(PrintStream out, PrintStream err, boolean terminal) {}
