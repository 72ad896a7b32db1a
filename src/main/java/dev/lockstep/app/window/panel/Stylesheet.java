package dev.lockstep.app.window.panel;

/** Lockstep's one stylesheet, shared by the window, the export dialog and the exported frames. */
public final class Stylesheet {
    private Stylesheet() {}

    public static String url() {
        return Stylesheet.class.getResource("/dev/lockstep/app/lockstep.css").toExternalForm();
    }
}
