package dev.lockstep.app.window;

import dev.lockstep.app.window.panel.Dialogs;
import dev.lockstep.core.adversary.ScheduleException;

/**
 * Runs the person's actions so that nothing escapes: a scripted schedule that cannot go on is
 * explained, any other exception is shown, kept for the tests, and the window shows what is left.
 */
public final class Failures {
    private final WindowState state;
    private final SessionDisplay display;

    Failures(WindowState state, SessionDisplay display) {
        this.state = state;
        this.display = display;
    }

    void guarded(String what, Runnable r) {
        try {
            r.run();
        } catch (ScheduleException e) {
            state.pause();
            safeRefresh();
            scheduleStuck(e);
        } catch (RuntimeException e) {
            failed(what, e);
        }
    }

    void scheduleStuck(ScheduleException e) {
        Dialogs.error(state.stage, "The scripted schedule cannot continue",
                e.source() + ": " + e.getMessage() + "\n\nSwitch the scheduler to another policy to go on.");
    }

    public void failed(String what, Throwable e) {
        state.pause();
        state.errors.add(e);
        System.err.println("lockstep: " + what + " failed: " + e);
        e.printStackTrace();
        safeRefresh();
        Dialogs.exception(state.stage, what + " failed", e);
    }

    private void safeRefresh() {
        try {
            if (state.session != null) {
                state.graphView.update(false);
                display.refresh();
            }
        } catch (RuntimeException again) {
            again.printStackTrace();
        }
    }
}
