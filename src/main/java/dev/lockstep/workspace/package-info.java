/**
 * The person's files, without a GUI toolkit: opening a scenario or a session file, writing the
 * scenario, the session and the trace ({@link dev.lockstep.workspace.SessionFiles}), and the
 * crash-safe autosave with its journal ({@link dev.lockstep.workspace.Autosave}). Below {@code app}:
 * it never uses it.
 */
package dev.lockstep.workspace;
