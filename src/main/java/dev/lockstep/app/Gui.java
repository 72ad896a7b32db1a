package dev.lockstep.app;

import javafx.application.Application;

/**
 * Starts the GUI from a plain class (the command line's {@code gui} command), so the jar's
 * entry point never needs to be a JavaFX {@code Application}.
 */
public final class Gui {
    private Gui() {}

    /** Opens the window and returns when it is closed. */
    public static void launch(String[] args) {
        Application.launch(LockstepApp.class, args);
    }
}
