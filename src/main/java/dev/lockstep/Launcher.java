package dev.lockstep;

import dev.lockstep.cli.Main;

/**
 * Entry point of the jar. A plain class (not a JavaFX Application), so the shaded jar starts
 * without the JavaFX launcher's module checks once the GUI is added.
 */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] args) {
        Main.main(args);
    }
}
