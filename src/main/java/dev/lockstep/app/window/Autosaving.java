package dev.lockstep.app.window;

import dev.lockstep.workspace.Autosave;

/** Keeps the autosave in step with the session on screen, unless it is held. */
public final class Autosaving {
    final Autosave autosave;
    private final WindowState state;
    private final StatusBar status;
    /**
     * While held, nothing is written or deleted: the autosave found at start belongs to the
     * previous run until the person has answered whether to restore it.
     */
    private boolean held;

    Autosaving(Autosave autosave, WindowState state, StatusBar status) {
        this.autosave = autosave;
        this.state = state;
        this.status = status;
    }

    public void hold(boolean hold) {
        held = hold;
    }

    void save() {
        if (state.session == null || held) return;
        String problem = autosave.save(state.session);
        if (problem != null) status.say(problem);
    }

    /** Saves if the last save is a few seconds old (the round reached, after a step). */
    void saveIfDue() {
        if (autosave.due()) save();
    }

    /** On a clean exit: the autosave is not needed any more. */
    public void closedCleanly() {
        state.pause();
        if (!held) autosave.delete();
    }

    public Autosave autosave() {
        return autosave;
    }
}
