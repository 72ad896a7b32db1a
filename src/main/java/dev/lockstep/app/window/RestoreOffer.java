package dev.lockstep.app.window;

import dev.lockstep.app.window.panel.Dialogs;
import dev.lockstep.app.window.panel.SessionLoading;
import dev.lockstep.session.Session;
import dev.lockstep.workspace.Autosave;
import dev.lockstep.workspace.SessionFiles;
import java.io.IOException;
import java.util.List;

/** At start, the autosave of a run that did not exit cleanly: offered back, or set aside if it cannot be read. */
public final class RestoreOffer {
    private final WindowState state;
    private final SessionLifecycle lifecycle;
    private final Autosaving autosaving;
    private final StatusBar status;
    private SessionLoading restoring;

    RestoreOffer(WindowState state, SessionLifecycle lifecycle, Autosaving autosaving, StatusBar status) {
        this.state = state;
        this.lifecycle = lifecycle;
        this.autosaving = autosaving;
        this.status = status;
    }

    /**
     * If an autosave was left by a run that did not exit cleanly, offers to restore it — unless it
     * holds nothing a restore would give back (round 0, no input, the start's own scenario), which
     * is dropped without a word.
     */
    public void offer() {
        Autosave autosave = autosaving.autosave;
        if (!autosave.exists()) {
            autosaving.hold(false);
            return;
        }
        if (autosave.holdsNothing(SessionFiles.defaultScenario())) {
            autosave.delete();
            autosaving.hold(false);
            autosaving.save();
            return;
        }
        restoring = SessionLoading.start(state.stage, autosave.file(), "Restoring the last session", this::offerRestored,
                this::unrestorable, () -> {
                    // the autosave stays held, untouched: the next start offers it again
                    restoring = null;
                    status.say("Restore cancelled: the autosave stays at " + autosave.file()
                            + " and is offered again at the next start (until then this window is not autosaved).");
                });
    }

    /** The load of the autosave under way (null when none): its progress dialog, for tests. */
    public SessionLoading restoring() {
        return restoring;
    }

    private void offerRestored(Session s) {
        restoring = null;
        int n = s.inputs().size() + s.waiting().size();
        Dialogs.confirm(state.stage, "Restore the last session?",
                "Lockstep did not exit cleanly last time. The autosave holds \"" + s.scenario().name() + "\" at round "
                        + s.round() + " with " + n + " input" + (n == 1 ? "" : "s") + ".", "Restore",
                () -> {
                    autosaving.hold(false);
                    lifecycle.show(s, null);
                    status.say("Restored the autosaved session at round " + s.round() + ".");
                }, () -> {
                    autosaving.hold(false);
                    autosaving.save();
                });
    }

    private void unrestorable(List<String> problems) {
        restoring = null;
        String aside;
        try {
            aside = "It was moved to " + autosaving.autosave.setAside() + ".";
        } catch (IOException io) {
            aside = "It stays at " + autosaving.autosave.file() + ".";
        }
        Dialogs.problems(state.stage, "The autosaved session cannot be restored", problems, aside);
        autosaving.hold(false);
        autosaving.save();
    }
}
