package dev.lockstep.app;

import dev.lockstep.core.Simulation;
import dev.lockstep.session.History;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs monkey actions on the window and checks after each one: no exception escaped anywhere
 * (the default and the JavaFX thread's uncaught-exception handlers, and the window's own record
 * of what it caught), no check is violated (the corrected protocol), no action hangs; every
 * {@code replayEvery} actions and at the end, the session replays exactly ({@link MonkeyReplay}).
 */
final class Monkey {
    /** How long one action (with the tidying after it) may take before it counts as a hang. */
    static final long ACTION_SECONDS = 90;

    /** What went wrong, after how many actions (the failing one included). */
    record Failure(int actions, String what) {
        /** The kind of failure ("uncaught", "replay", …): a shortened sequence must fail the same way. */
        String kind() {
            int colon = what.indexOf(':');
            return colon < 0 ? what : what.substring(0, colon);
        }
    }

    private final AppFixture f;
    private final MonkeyDriver driver;
    private final List<String> uncaught = Collections.synchronizedList(new ArrayList<>());
    private final ExecutorService hands = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "monkey-hands");
        t.setDaemon(true);
        return t;
    });
    private Thread.UncaughtExceptionHandler previousDefault;
    private Thread.UncaughtExceptionHandler previousFx;
    /** Each action done, with what it did. */
    final List<String> log = new ArrayList<>();
    /** The actions done, in order. */
    final List<MonkeyAction> done = new ArrayList<>();
    private boolean hung;

    Monkey(AppFixture f) {
        this.f = f;
        this.driver = new MonkeyDriver(f);
    }

    /** Runs the actions once on the window as it is, with every check; null when all held. */
    static Failure once(AppFixture f, List<MonkeyAction> actions, boolean printLog) {
        Monkey m = new Monkey(f);
        m.watchUncaught();
        try {
            Failure failure = m.run(actions.iterator(), 0, Long.MAX_VALUE);
            if (failure != null && printLog) System.out.println("monkey: " + failure.what() + "\n" + String.join("\n", m.log));
            return failure;
        } finally {
            m.stop();
        }
    }

    /** Records every exception no one caught (and lets the application's own handler show it, as it would). */
    void watchUncaught() {
        previousDefault = Thread.getDefaultUncaughtExceptionHandler();
        Thread.UncaughtExceptionHandler app = previousDefault;
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
            uncaught.add(t.getName() + ": " + stack(e));
            if (app != null) app.uncaughtException(t, e);
        });
        f.fx(() -> {
            Thread fx = Thread.currentThread();
            Thread.UncaughtExceptionHandler before = fx.getUncaughtExceptionHandler();
            previousFx = before;
            fx.setUncaughtExceptionHandler((t, e) -> {
                uncaught.add(t.getName() + ": " + stack(e));
                before.uncaughtException(t, e);
            });
        });
    }

    void stop() {
        Thread.setDefaultUncaughtExceptionHandler(previousDefault);
        if (!hung) f.fx(() -> Thread.currentThread().setUncaughtExceptionHandler(previousFx));
        hands.shutdownNow();
    }

    /** Runs actions until they run out or the deadline (System.nanoTime) passes; null when all held. */
    Failure run(Iterator<MonkeyAction> actions, int replayEvery, long deadline) {
        while (actions.hasNext() && System.nanoTime() < deadline) {
            MonkeyAction a = actions.next();
            done.add(a);
            String problem = perform(a);
            if (problem == null) problem = problems();
            if (problem == null && replayEvery > 0 && done.size() % replayEvery == 0) problem = replayProblem();
            if (problem != null) return new Failure(done.size(), problem);
        }
        String problem = replayProblem();
        if (problem == null) {
            // and at the end of the branch, as End shows it
            log.add("end of the run: " + perform(new MonkeyAction("end")));
            problem = problems();
            if (problem == null) problem = replayProblem();
        }
        return problem == null ? null : new Failure(done.size(), problem);
    }

    /** Performs one action on another thread, so that a hang is reported (with the JavaFX thread's stack) instead of waited out. */
    private String perform(MonkeyAction a) {
        if (hung) return "hang: an earlier action never finished";
        Future<String> result = hands.submit(() -> {
            String did = driver.perform(a);
            return did + driver.screen.tidy();
        });
        long t0 = System.nanoTime();
        try {
            String did = result.get(ACTION_SECONDS, TimeUnit.SECONDS);
            log.add(String.format(java.util.Locale.ROOT, "%d. %s  →  %s  (%.1f s)", done.size(), a, did, (System.nanoTime() - t0) / 1e9));
            return null;
        } catch (TimeoutException e) {
            hung = true;
            result.cancel(true);
            log.add(done.size() + ". " + a + "  →  HUNG");
            return "hang: \"" + a + "\" did not finish within " + ACTION_SECONDS + " s; the JavaFX thread:\n" + fxStack();
        } catch (java.util.concurrent.ExecutionException e) {
            log.add(done.size() + ". " + a + "  →  FAILED");
            return "action: \"" + a + "\" failed: " + stack(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "action: interrupted";
        }
    }

    /** What is wrong now (null: nothing): exceptions, violations. */
    String problems() {
        if (!uncaught.isEmpty()) return "uncaught: " + uncaught.get(0);
        List<Throwable> caught = driver.screen.read(() -> f.window.errors());
        if (!caught.isEmpty()) return "caught: the window caught an unexpected exception (its internal-error dialog): " + stack(caught.get(0));
        return driver.screen.read(() -> {
            Simulation sim = f.window.session().simulation();
            if (sim.violationCount() > 0) return "violation: " + sim.violations().get(0);
            if (!f.window.checks().violations().isEmpty()) return "violation: the Checks panel lists " + f.window.checks().violations().get(0);
            for (History.Event e : f.window.session().history().events()) {
                if (e instanceof History.Violated v) return "violation: on this branch, " + v.violation();
            }
            return null;
        });
    }

    String replayProblem() {
        return driver.screen.read(() -> MonkeyReplay.problem(f.window, f.home));
    }

    private static String fxStack() {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            if (!e.getKey().getName().contains("JavaFX Application Thread")) continue;
            for (StackTraceElement s : e.getValue()) b.append("    at ").append(s).append('\n');
        }
        return b.toString();
    }

    static String stack(Throwable e) {
        StringWriter w = new StringWriter();
        e.printStackTrace(new PrintWriter(w));
        return w.toString();
    }
}
