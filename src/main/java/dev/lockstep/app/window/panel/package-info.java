/**
 * The window's panels and dialogs (inspector, narration, pseudocode, checks, breakpoints, choices,
 * legend, timeline): each shows what it is given and reports clicks through callbacks; none knows
 * the window or another panel.
 */
package dev.lockstep.app.window.panel;
