/**
 * The main window's behaviour, one concept per class around a shared
 * {@link dev.lockstep.app.window.WindowState}: stepping, time travel, inputs, manual mode, scenario
 * edits, file actions, the graph's menus and gestures, the player, the menus, toolbars and keys.
 * A part talks to the parts below it, never back up: {@link dev.lockstep.app.window.WindowActions}
 * builds them in that order, and the player reaches the lower parts only as a
 * {@link dev.lockstep.app.window.Playback}.
 */
package dev.lockstep.app.window;
