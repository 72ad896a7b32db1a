/**
 * The Experiments window (File › Experiments…): runs a sweep spec with the {@code experiment}
 * package's engine on a thread of its own, charts a measure as runs arrive, and opens any run of
 * a point in the main window. The logic ({@link dev.lockstep.app.experiments.SpecSummary},
 * {@link dev.lockstep.app.experiments.LiveResults}, {@link dev.lockstep.app.experiments.RunningStat},
 * {@link dev.lockstep.app.experiments.ProgressLine}, {@link dev.lockstep.app.experiments.SweepRunner})
 * uses no JavaFX; the window and its results view only show it.
 */
package dev.lockstep.app.experiments;
