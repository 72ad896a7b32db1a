package dev.lockstep.app.window;

/** Whether rounds run by themselves; every part that acts pauses it first. */
public interface Playback {
    void pause();

    boolean playing();
}
