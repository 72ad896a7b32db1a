package dev.lockstep.app.export;

import dev.lockstep.figure.MarkKinds;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Point2D;

/**
 * The frames of a range of a run. The session is the exporter's own (a fresh run of the scenario,
 * or a replay of the window's session), positioned with the session's time travel, so the run on
 * screen is never touched. Each frame is drawn on the JavaFX thread; between frames that thread
 * is free (the window stays responsive while the encoder works).
 */
final class SessionFrames implements FrameSource {
    /** How many rounds without any action execution end the run, for a range counted in steps. */
    static final int IDLE_ROUNDS = 1000;

    private final Session session;
    private final ExportSpec spec;
    private final List<Session.Position> moments;
    private final List<Long> stepAt = new ArrayList<>();
    private FrameScene scene;
    private int next;
    private String caption = "";
    private final MarkKinds marksAtEnd;

    /**
     * Runs the session through the range once (so every moment exists on its branch and is in
     * its history), then goes back to the range's start. Throws IllegalArgumentException if a
     * range counted in steps reaches past the end of the run.
     */
    SessionFrames(Session session, ExportSpec spec) {
        this.session = session;
        this.spec = spec;
        this.moments = moments(session, spec.from(), spec.format().figure() ? spec.from() : spec.to(), spec.steps());
        for (Session.Position p : moments) stepAt.add(session.roundStart(p.round()) + Math.max(0, p.done()));
        // the legend shows from the first frame the marks the range ends with, so it does not grow
        // (and the graph above it does not shrink) in the middle of an animation
        session.jumpTo(moments.get(moments.size() - 1));
        marksAtEnd = MarkKinds.of(session.simulation());
        session.jumpTo(moments.get(0));
    }

    /** The moments shown, in order: {@code from} .. {@code to}, as positions of the session's branch. */
    static List<Session.Position> moments(Session session, int from, int to, boolean steps) {
        List<Session.Position> out = new ArrayList<>();
        if (!steps) {
            if (session.furthest().compareTo(new Session.Position(to, -1)) < 0) {
                session.jumpTo(session.furthest());
                session.runUntil(to);
            }
            for (int r = from; r <= to; r++) out.add(new Session.Position(r, -1));
            return out;
        }
        if (session.furthestStep() < to) {
            session.jumpTo(session.furthest());
            while (session.simulation().executionsBegun() < to) {
                if (!session.stepAction(IDLE_ROUNDS)) {
                    throw new IllegalArgumentException("the run has only " + session.simulation().executionsBegun()
                            + " action executions (then " + IDLE_ROUNDS + " rounds without any): step " + to + " never happens");
                }
            }
        }
        for (long s = from; s <= to; s++) out.add(session.positionOfStep(s));
        return out;
    }

    @Override
    public int count() {
        return spec.frames();
    }

    /** Draws frame {@code index} (frames come in order). Must run on the JavaFX thread. */
    BufferedImage draw(int index) {
        if (index != next) throw new IllegalStateException("frames come in order: expected " + next + ", got " + index);
        next++;
        int k = spec.framesPerStep();
        if (scene == null) {
            scene = new FrameScene(session.simulation(), session.scenario().name(), spec.width(), spec.height(), spec.caption(),
                    marksAtEnd);
            caption = index == 0 ? captionBefore() : caption;
        }
        if (index > 0) {
            int step = (index - 1) / k + 1;
            int sub = (index - 1) % k + 1;
            if (sub == 1) {
                session.jumpTo(moments.get(step));
                caption = caption(stepAt.get(step - 1), stepAt.get(step), spec.steps() ? -1 : moments.get(step - 1).round());
                scene.view().update(k > 1);
            }
            if (k > 1) scene.view().showAt(sub / (double) k);
        }
        BufferedImage img = scene.render(roundText(), caption);
        int n = session.simulation().nodeCount();
        if (nodePixels.length != 2 * n) nodePixels = new double[2 * n];
        for (int u = 0; u < n; u++) {
            Point2D p = scene.nodePixel(u);
            nodePixels[2 * u] = p.getX();
            nodePixels[2 * u + 1] = p.getY();
        }
        return img;
    }

    /** Node centres in the last frame drawn: x0, y0, x1, y1, ... in frame pixels. */
    private volatile double[] nodePixels = new double[0];

    @Override
    public BufferedImage frame(int index) throws Exception {
        return FxThread.call(() -> draw(index));
    }

    /** Where node u is in the last frame drawn (frame pixels). */
    Point2D nodePixel(int u) {
        double[] p = nodePixels;
        return new Point2D(p[2 * u], p[2 * u + 1]);
    }

    Session session() {
        return session;
    }

    /** The caption of the last frame drawn. */
    String caption() {
        return caption;
    }

    private String roundText() {
        Session.Position p = session.position();
        String round = "Round " + p.round();
        if (!spec.steps()) return round;
        return round + "   ·   step " + (session.roundStart(p.round()) + Math.max(0, p.done()));
    }

    /** The caption of the first moment: the execution(s) that led to it. */
    private String captionBefore() {
        long at = stepAt.get(0);
        Session.Position first = moments.get(0);
        if (!spec.steps() && first.round() > 0 && session.simulation().application() != null) {
            // an application takes steps in rounds without any execution (without locks, all of them)
            return caption(session.roundStart(first.round() - 1), at, first.round() - 1);
        }
        if (at == 0) return "The start of the run.";
        if (spec.steps()) return caption(at - 1, at, -1);
        Session.Position p = moments.get(0);
        return p.round() == 0 ? "The start of the run." : caption(session.roundStart(p.round() - 1), at, p.round() - 1);
    }

    /**
     * The narration of the executions with step in (after, upTo]; with an application, of its
     * steps instead (Sec. 6: what the interactions did is the lesson) — those of {@code round}
     * when the range is in rounds, else those with step in (after, upTo].
     */
    private String caption(long after, long upTo, int round) {
        List<History.Executed> shown = new ArrayList<>();
        List<History.AppStep> app = new ArrayList<>();
        // executions after `after`, and the application's steps of rounds from there on: none is stamped before it
        for (History.Event e : session.history().between(Math.max(0, after), upTo)) {
            if (e instanceof History.Executed x && x.step() > after) shown.add(x);
            if (e instanceof History.AppStep a && (round >= 0 ? a.round() == round : a.step() > after)) app.add(a);
        }
        if (!app.isEmpty()) return applicationCaption(app, shown.size());
        if (shown.isEmpty()) return "No action executed.";
        String first = shown.get(0).narration();
        if (shown.size() == 1) return first;
        return first + "   (+" + (shown.size() - 1) + " more action" + (shown.size() == 2 ? "" : "s") + ")";
    }

    /** An interaction's end says what it wrote (and whether from stale reads): told first when there is one. */
    private static String applicationCaption(List<History.AppStep> steps, int actions) {
        History.AppStep told = steps.get(0);
        for (History.AppStep a : steps) {
            if (a.kind().equals(dev.lockstep.application.Interactive.END)) {
                told = a;
                break;
            }
        }
        int more = steps.size() - 1;
        List<String> also = new ArrayList<>();
        if (more > 0) also.add("+" + more + " more application step" + (more == 1 ? "" : "s"));
        if (actions > 0) also.add(actions + " action" + (actions == 1 ? "" : "s"));
        return also.isEmpty() ? told.sentence() : told.sentence() + "   (" + String.join(", ", also) + ")";
    }

    @Override
    public void close() {
        if (scene != null) {
            FrameScene s = scene;
            scene = null;
            FxThread.run(s::dispose);
        }
    }
}
