/**
 * What the window shows of a run, computed without a GUI toolkit: the {@link dev.lockstep.watch.Watcher}
 * listens to a live simulation, {@link dev.lockstep.watch.SessionMoment} reads the same story back
 * from a branch's history after a jump in time (both tell it in the same
 * {@link dev.lockstep.watch.NarrationEntry} sentences), and {@link dev.lockstep.watch.TimelineMarks}
 * finds the timeline's marks. Below {@code app}: it never uses it.
 */
package dev.lockstep.watch;
