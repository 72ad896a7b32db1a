package dev.lockstep.app.window;

import dev.lockstep.core.adversary.ScheduleException;
import javafx.animation.AnimationTimer;

/** Steps rounds at the chosen speed on the animation pulse; pauses at a violation, and before memory runs out. */
public final class Player extends AnimationTimer implements Playback {
    private final WindowState state;
    private final Controls controls;
    private final Panels panels;
    private final Stepping stepping;
    private final Failures failures;
    private final Autosaving autosaving;
    private final StatusBar status;
    private MemoryWatch memory = MemoryWatch.ofThisJvm();
    private boolean playing;
    private long last = -1;
    private double due;

    Player(WindowState state, Controls controls, Panels panels, Stepping stepping, Failures failures, Autosaving autosaving,
           StatusBar status) {
        this.state = state;
        this.controls = controls;
        this.panels = panels;
        this.stepping = stepping;
        this.failures = failures;
        this.autosaving = autosaving;
        this.status = status;
    }

    @Override
    public boolean playing() {
        return playing;
    }

    public void toggle() {
        if (playing) {
            pause();
        } else if (state.session.manual()) {
            status.say("Manual mode: nothing runs by itself. Click a choice, or end the round (→); M leaves manual mode.");
        } else {
            play();
        }
    }

    void play() {
        if (playing) return;
        playing = true;
        last = -1;
        due = 1; // the first round at once
        start();
        controls.play.setSelected(true);
        controls.play.setText("Pause");
        controls.play.setGraphic(Controls.icon(Controls.PAUSE));
    }

    @Override
    public void pause() {
        if (!playing) return;
        playing = false;
        stop();
        controls.play.setSelected(false);
        controls.play.setText("Play");
        controls.play.setGraphic(Controls.icon(Controls.PLAY));
        if (state.session != null) autosaving.save();
    }

    /** Watches memory through {@code watch} instead of this JVM's heap (tests). */
    public void watchMemory(MemoryWatch watch) {
        memory = watch;
    }

    @Override
    public void handle(long now) {
        if (last < 0) last = now;
        due += (now - last) / 1e9 * controls.rps();
        last = now;
        int rounds = (int) Math.min(Math.floor(due), 4);
        if (rounds <= 0) return;
        due = Math.min(due - rounds, 1);
        try {
            for (int i = 0; i < rounds && playing; i++) {
                if (panels.breakpoints.active()) {
                    if (stepping.stepRoundChecked()) return;
                } else {
                    state.session.stepRound();
                }
                if (stepping.hasNewViolations()) break;
            }
            stepping.afterStep(true);
            if (playing && memory.nearlyFull(now)) {
                pause();
                status.sayAndKeep(memory.message());
            }
        } catch (ScheduleException e) {
            pause();
            failures.guarded("Play", () -> {
                throw e;
            });
        } catch (RuntimeException e) {
            failures.failed("Playing", e);
        }
    }
}
