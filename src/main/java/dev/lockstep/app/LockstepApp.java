package dev.lockstep.app;

import dev.lockstep.session.Session;
import dev.lockstep.workspace.Autosave;
import dev.lockstep.workspace.SessionFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.animation.AnimationTimer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;

/**
 * The JavaFX application: opens the main window on the built-in default scenario, or on the
 * scenario or session file given as a parameter.
 *
 * <p>Parameters: {@code [FILE] [--screenshot PNG] [--rounds N] [--select NODE] [--lecture]
 * [--size WxH] [--manual] [--jump STEP] [--tab NAME] [--split F] [--zoom F]}. With {@code --screenshot} it
 * runs N rounds, waits for the view to render, writes the window to the PNG and exits (for the
 * README's screenshots under Xvfb). {@code --manual} then turns manual mode on (the round begins
 * and its choices are listed), {@code --jump} travels back to a step, {@code --tab} shows a panel
 * (space-time, narration, choices, breakpoints, checks, pseudocode, legend) and {@code --split}
 * sets the share of the height the graph keeps above the bottom panel; {@code --zoom} zooms the
 * graph in by a factor around its centre (level of detail: labels appear where they are readable).
 */
public final class LockstepApp extends Application {
    /** What to open and how; tests build these directly. */
    public record Options(Path file, Path home, Path screenshot, int rounds, String select, boolean lecture,
                          double width, double height, boolean offerRestore, boolean manual, long jump, String tab,
                          double split, double zoom) {
        public static Options defaults() {
            return new Options(null, Autosave.defaultHome(), null, 0, null, false, 1360, 860, true, false, -1, null, -1, 1);
        }

        public Options withFile(Path f) {
            return new Options(f, home, screenshot, rounds, select, lecture, width, height, offerRestore, manual, jump, tab, split, zoom);
        }

        public Options withHome(Path h) {
            return new Options(file, h, screenshot, rounds, select, lecture, width, height, offerRestore, manual, jump, tab, split, zoom);
        }

        /** Parses the application's parameters; problems are collected in {@code problems}. */
        public static Options parse(List<String> raw, List<String> problems) {
            List<String> args = new ArrayList<>();
            for (String a : raw) {
                int eq = a.indexOf('=');
                if (a.startsWith("--") && eq > 0) {
                    args.add(a.substring(0, eq));
                    args.add(a.substring(eq + 1));
                } else {
                    args.add(a);
                }
            }
            Options o = defaults();
            Path file = null;
            Path shot = null;
            int rounds = 0;
            String select = null;
            boolean lecture = false;
            double w = o.width;
            double h = o.height;
            boolean manual = false;
            long jump = -1;
            String tab = null;
            double split = -1;
            double zoom = 1;
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                String next = i + 1 < args.size() ? args.get(i + 1) : null;
                switch (a) {
                    case "--screenshot" -> {
                        if (next == null) problems.add("--screenshot needs a PNG file");
                        else shot = Path.of(next);
                        i++;
                    }
                    case "--rounds" -> {
                        try {
                            rounds = Integer.parseInt(String.valueOf(next));
                        } catch (NumberFormatException e) {
                            problems.add("--rounds needs a number");
                        }
                        i++;
                    }
                    case "--select" -> {
                        select = next;
                        i++;
                    }
                    case "--lecture" -> lecture = true;
                    case "--manual" -> manual = true;
                    case "--jump" -> {
                        try {
                            jump = Long.parseLong(String.valueOf(next));
                        } catch (NumberFormatException e) {
                            problems.add("--jump needs a step number");
                        }
                        i++;
                    }
                    case "--tab" -> {
                        tab = next;
                        i++;
                    }
                    case "--split" -> {
                        try {
                            split = Double.parseDouble(String.valueOf(next));
                        } catch (NumberFormatException e) {
                            problems.add("--split needs a fraction, e.g. 0.55");
                        }
                        i++;
                    }
                    case "--zoom" -> {
                        try {
                            zoom = Double.parseDouble(String.valueOf(next));
                        } catch (NumberFormatException e) {
                            problems.add("--zoom needs a factor, e.g. 12");
                        }
                        if (!(zoom > 0)) problems.add("--zoom needs a factor above 0");
                        i++;
                    }
                    case "--size" -> {
                        String[] parts = String.valueOf(next).split("x");
                        try {
                            w = Double.parseDouble(parts[0]);
                            h = Double.parseDouble(parts[1]);
                        } catch (RuntimeException e) {
                            problems.add("--size needs WIDTHxHEIGHT");
                        }
                        i++;
                    }
                    default -> {
                        if (a.startsWith("--")) problems.add("unknown option " + a);
                        else if (file != null) problems.add("one file at most (got " + file + " and " + a + ")");
                        else file = Path.of(a);
                    }
                }
            }
            return new Options(file, o.home, shot, rounds, select, lecture, w, h, shot == null, manual, jump, tab, split, zoom > 0 ? zoom : 1);
        }
    }

    private final Options given;
    private MainWindow window;

    public LockstepApp() {
        this.given = null;
    }

    /** For tests: an application with explicit options (home directory, file). */
    public LockstepApp(Options options) {
        this.given = options;
    }

    /** The window, once started. */
    public MainWindow window() {
        return window;
    }

    @Override
    public void start(Stage stage) {
        List<String> problems = new ArrayList<>();
        List<String> raw = getParameters() == null ? List.of() : getParameters().getRaw();
        Options o = given != null ? given : Options.parse(raw, problems);
        for (String p : problems) System.err.println("lockstep gui: " + p);

        window = new MainWindow(stage, o.home());
        catchEverything(window);
        window.install(o.width(), o.height());
        stage.getIcons().addAll(icons());
        // An autosave found now is the previous run's: nothing may overwrite it before the person
        // has answered whether to restore it. A screenshot run never touches it.
        boolean restore = o.offerRestore() && window.autosave().exists();
        window.holdAutosave(restore || o.screenshot() != null);
        window.show(Session.start(SessionFiles.defaultScenario()), null);
        stage.setOnCloseRequest(e -> window.closedCleanly());
        stage.show();
        window.root().requestFocus(); // the keys go to the shortcuts, not to a field
        if (restore) Platform.runLater(window::offerRestore);
        if (o.file() == null) {
            arrange(o, stage);
        } else {
            // a large file loads in the background: what the options ask for follows once it is on screen
            window.open(o.file(), opened -> {
                if (!opened) System.err.println("lockstep gui: cannot open " + o.file() + "; showing the default scenario");
                arrange(o, stage);
            });
        }
    }

    /** Applies the options that act on the session opened (lecture, rounds, jump, panels, selection, screenshot). */
    private void arrange(Options o, Stage stage) {
        if (o.lecture()) window.setLecture(true);
        if (o.rounds() > 0) window.runRounds(o.rounds());
        if (o.jump() >= 0) window.jumpToStep(o.jump());
        if (o.manual()) window.setManual(true);
        if (o.tab() != null && !window.showPanel(o.tab())) System.err.println("lockstep gui: no panel " + o.tab());
        if (o.split() > 0) window.setGraphShare(o.split());
        if (o.select() != null) window.select(window.session().simulation().indexOf(o.select()));
        if (o.zoom() != 1) window.graphView().zoom(o.zoom());
        // once more when the window has its final size: the bottom panel keeps its height when the
        // window grows, so a share set while it was still being sized would not hold
        Runnable settle = o.split() > 0 ? () -> window.setGraphShare(o.split()) : () -> { };
        if (o.screenshot() != null) screenshotAndExit(stage.getScene(), o.screenshot(), settle);
        else Platform.runLater(settle);
    }

    private static List<Image> icons() {
        List<Image> out = new ArrayList<>();
        var in = LockstepApp.class.getResourceAsStream("icon.png");
        if (in != null) out.add(new Image(in));
        return out;
    }

    /** No exception ends the application: each goes to the log and to an error dialog. */
    static void catchEverything(MainWindow window) {
        Thread.UncaughtExceptionHandler handler = (t, e) -> {
            if (Platform.isFxApplicationThread()) {
                window.failed("An action (" + t.getName() + ")", e);
            } else {
                e.printStackTrace();
                Platform.runLater(() -> window.failed("A background task (" + t.getName() + ")", e));
            }
        };
        Thread.currentThread().setUncaughtExceptionHandler(handler);
        Thread.setDefaultUncaughtExceptionHandler(handler);
    }

    /** Lets the view render for a moment, writes the scene to a PNG and exits. */
    private static void screenshotAndExit(Scene scene, Path png, Runnable settle) {
        new AnimationTimer() {
            private int pulses;

            @Override
            public void handle(long now) {
                if (++pulses == 45) settle.run();
                if (pulses < 90) return;
                stop();
                try {
                    writePng(scene.snapshot(null), png);
                    System.out.println("lockstep gui: wrote " + png.toAbsolutePath());
                } catch (Exception e) {
                    System.err.println("lockstep gui: cannot write " + png + ": " + e);
                }
                Platform.exit();
            }
        }.start();
    }

    static void writePng(WritableImage image, Path png) throws java.io.IOException {
        Path dir = png.toAbsolutePath().getParent();
        if (dir != null) Files.createDirectories(dir);
        javax.imageio.ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", png.toFile());
    }

    public static void main(String[] args) {
        launch(args);
    }
}
