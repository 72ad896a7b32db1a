package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;

/**
 * The monkey test: a seeded random sequence of what a person does in the window (drags, links,
 * cuts, nodes added and deleted, steps, play and pause, jumps on the timeline, inputs in the past
 * that start branches, manual choices, the export dialog, menus and keys) with, after every
 * action, no exception anywhere, no check violated on the corrected protocol, no hang, and at
 * the end a session that replays exactly. The default build runs a fixed seed and a fixed number
 * of actions; longer runs:
 *
 * <pre>mvn test -Dtest=MonkeyTest -Dlockstep.monkey.minutes=10 -Dlockstep.monkey.seed=random</pre>
 *
 * A failure prints the seed, every action with what it did, and a shortened list that still
 * fails, ready to become a case of {@link MonkeyRegressionTest}.
 */
class MonkeyTest extends AppFixture {
    static final long SEED = 20261123;
    static final int ACTIONS = 80;
    /** How often (in actions) the session's replay is checked on the way, besides at the end. */
    static final int REPLAY_EVERY = 25;

    @Test
    void aSeededMonkeyBreaksNothingAndTheSessionStillReplays() throws Exception {
        String seedText = System.getProperty("lockstep.monkey.seed", Long.toString(SEED));
        long seed = seedText.equals("random") ? new Random().nextLong() : Long.parseLong(seedText);
        double minutes = Double.parseDouble(System.getProperty("lockstep.monkey.minutes", "0"));
        int count = Integer.getInteger("lockstep.monkey.actions", ACTIONS);
        Iterator<MonkeyAction> actions = minutes > 0 ? endless(seed) : MonkeyAction.random(seed, count).iterator();
        long start = System.nanoTime();
        long deadline = minutes > 0 ? start + (long) (minutes * 60e9) : Long.MAX_VALUE;
        System.out.println("monkey: seed " + seed + (minutes > 0 ? ", " + minutes + " minutes" : ", " + count + " actions"));

        Monkey m = new Monkey(this);
        m.watchUncaught();
        Monkey.Failure failure;
        try {
            failure = m.run(actions, REPLAY_EVERY, deadline);
        } finally {
            m.stop();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long skipped = m.log.stream().filter(l -> l.contains("→  skipped")).count();
        System.out.printf(java.util.Locale.ROOT, "monkey: seed %d, %d actions (%d skipped) in %.0f s, %s: %s%n", seed, m.done.size(), skipped,
                seconds, where(), failure == null ? "all checks held" : "FAILED");
        if (failure == null) {
            if (Boolean.getBoolean("lockstep.monkey.verbose")) System.out.println("  " + String.join("\n  ", m.log));
            // a monkey that can no longer find what it points at would pass without testing anything
            assertTrue(skipped * 2 < m.done.size(), skipped + " of " + m.done.size() + " actions were skipped:\n  " + String.join("\n  ", m.log));
            return;
        }

        System.out.println("monkey: FAILED after " + failure.actions() + " actions (seed " + seed + "): " + failure.what());
        System.out.println("monkey: the actions, each with what it did:\n  " + String.join("\n  ", m.log));
        System.out.println("monkey: to run them again: -Dlockstep.monkey.seed=" + seed + " -Dlockstep.monkey.actions=" + failure.actions());
        List<MonkeyAction> shortest = failure.kind().equals("hang") ? m.done : shrink(m.done, failure);
        fail("the monkey (seed " + seed + ") failed after " + failure.actions() + " actions: " + failure.what()
                + "\nshortest failing sequence found (" + shortest.size() + " actions), for MonkeyRegressionTest:\n  "
                + MonkeyAction.asJava(shortest));
    }

    private List<MonkeyAction> shrink(List<MonkeyAction> done, Monkey.Failure failure) {
        double minutes = Double.parseDouble(System.getProperty("lockstep.monkey.shrinkMinutes", "5"));
        long deadline = System.nanoTime() + (long) (minutes * 60e9);
        return MonkeyShrink.shrink(new ArrayList<>(done), failure, list -> {
            restart();
            return Monkey.once(this, list, false);
        }, deadline);
    }

    private String where() {
        return fx(() -> "round " + window.session().round() + ", " + window.session().simulation().executionsBegun() + " executions, "
                + window.session().branches().size() + " branches");
    }

    private static Iterator<MonkeyAction> endless(long seed) {
        Random r = new Random(seed);
        return new Iterator<>() {
            @Override public boolean hasNext() { return true; }

            @Override public MonkeyAction next() { return MonkeyAction.random(r); }
        };
    }

    /** A fresh application on the same stage, with a fresh home (as the fixture starts one). */
    void restart() {
        try {
            home = Files.createTempDirectory("lockstep-home");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        fx(() -> {
            if (window.playing()) window.togglePlay();
            for (Window w : new ArrayList<>(Window.getWindows())) if (w != stage && w instanceof Stage s) s.close();
            window.graphView().dispose();
            app = new LockstepApp(LockstepApp.Options.defaults().withHome(home));
            app.start(stage);
            window = app.window();
        });
    }
}
