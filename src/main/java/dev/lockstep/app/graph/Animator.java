package dev.lockstep.app.graph;

import javafx.scene.paint.Color;

/**
 * The transition between two steps: nodes glide and change colour, messages glide to their new
 * places, received ones into their receiver. Driven by the frame clock ({@link #advance}) or, for
 * exports, by explicit times ({@link #showAt}); eased in and out.
 */
final class Animator {
    private final DrawnScene scene;
    private final StreamGraph graph;
    private double millis = 350;
    private boolean animating;
    private long start = -1;
    private double duration;

    Animator(DrawnScene scene, StreamGraph graph) {
        this.scene = scene;
        this.graph = graph;
    }

    /** Duration of the animation between two steps, in milliseconds (0: no animation). */
    double millis() {
        return millis;
    }

    void setMillis(double millis) {
        this.millis = Math.max(0, millis);
    }

    boolean animating() {
        return animating;
    }

    /** Starts the transition to the scene's new state, or jumps there if {@code animate} is false. */
    void start(boolean animate) {
        if (animate) {
            animating = true;
            start = -1;
            duration = millis;
            scene.progress = 0;
            apply(0);
        } else {
            animating = false;
            scene.progress = 1;
            for (MessageToken t : scene.tokens.values()) t.startKind = MessageToken.AT_SLOT_STILL;
            apply(1);
        }
    }

    /** Moves the transition on to the frame at {@code now} (nanoseconds); false if none is running. */
    boolean advance(long now) {
        if (!animating) return false;
        if (start < 0) start = now;
        double t = (now - start) / 1e6 / duration;
        if (t >= 1) finish();
        else apply(ease(t));
        return true;
    }

    /** Shows the running transition at time t in [0, 1] of its duration (1: over). */
    void showAt(double t) {
        if (!animating) return;
        if (t >= 1) finish();
        else apply(ease(Math.max(0, t)));
    }

    private void finish() {
        animating = false;
        scene.tokens.values().removeIf(tok -> tok.leaving);
        for (MessageToken tok : scene.tokens.values()) tok.startKind = MessageToken.AT_SLOT_STILL;
        apply(1);
    }

    static double ease(double t) {
        return t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2;
    }

    /** Sets the shown state at eased progress e of the animation. */
    private void apply(double e) {
        boolean moved = false;
        for (int u = 0; u < scene.n; u++) {
            double x = scene.fromX[u] + (scene.toX[u] - scene.fromX[u]) * e;
            double y = scene.fromY[u] + (scene.toY[u] - scene.fromY[u]) * e;
            Color c = e >= 1 ? scene.toFill[u] : scene.fromFill[u].interpolate(scene.toFill[u], e);
            if (x != scene.curX[u] || y != scene.curY[u] || graph.unplaced(u)) {
                scene.curX[u] = x;
                scene.curY[u] = y;
                graph.place(u, x, y);
                moved = true;
            }
            if (!c.equals(scene.curFill[u])) {
                scene.curFill[u] = c;
                graph.setFill(u, c);
            }
        }
        scene.progress = e;
        if (moved) scene.geometryVersion++;
        if (moved || scene.nameSidesStale) {
            scene.chooseNameSides();
            scene.nameSidesStale = false;
            scene.layoutVersion++;
        }
    }
}
