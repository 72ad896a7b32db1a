package dev.lockstep.app.window;

import dev.lockstep.app.experiments.ExperimentsWindow;
import dev.lockstep.app.window.panel.Dialogs;
import dev.lockstep.io.JarVersion;
import java.util.List;
import javafx.scene.control.CustomMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/** The menu bar: File, Run, Time, View, Help, each item showing its shortcut. */
public final class WindowMenus {
    static final String SHORTCUTS = """
            Space          play / pause
            →              step one round
            Shift+→        step one action execution
            R              reset to round 0
            ←              back one action execution (time travel)
            Shift+←        back one round
            Page Up        back to the previous topology change
            Page Down      forward to the next topology change
            Home / End     jump to the start / the end of the branch
            G              go to a round (type its number)
            M              manual mode: you choose every execution
            Esc            clear the highlight
            Ctrl+O         open a scenario or session
            Ctrl+S         save the session
            Ctrl+Shift+S   save the scenario as
            Ctrl+E         export the trace
            Ctrl+Shift+E   export an animation (GIF, MP4, PNG) or a figure (SVG, TikZ)
            Ctrl+Shift+K   explore from here: every adversary within bounds, jump to a violation
            Ctrl+Shift+X   experiments: run a parameter sweep, chart it, open its runs
            Ctrl+L         lecture mode
            Ctrl+Shift+C   lay the nodes out on a circle (not on a unit disk)
            Ctrl+Shift+G   lay the nodes out on a grid
            Ctrl+Shift+F   force-directed layout (GraphStream's SpringBox)
            Right click    a node's menu: Lock, Unlock""";

    private WindowMenus() {}

    public static MenuBar menuBar(WindowActions a) {
        WindowState state = a.state();
        Controls c = a.controls();
        FileActions files = a.files();
        MenuItem open = item("Open scenario or session…", new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN), files::openDialog);
        MenuItem openDefault = item("Open the default scenario", null, files::openDefault);
        MenuItem save = item("Save session", new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN), () -> files.saveSession(false));
        MenuItem saveAs = item("Save session as…", null, () -> files.saveSession(true));
        MenuItem saveScenario = item("Save scenario as…",
                new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN), files::saveScenarioDialog);
        MenuItem export = item("Export trace…", new KeyCodeCombination(KeyCode.E, KeyCombination.SHORTCUT_DOWN), files::exportTraceDialog);
        MenuItem exportAnimation = item("Export animation or figure…",
                new KeyCodeCombination(KeyCode.E, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN), files::exportAnimationDialog);
        ExperimentsWindow[] experiments = {null}; // one Experiments window per main window, kept while it runs
        MenuItem experimentsItem = item("Experiments…", new KeyCodeCombination(KeyCode.X, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN), () -> {
            if (experiments[0] == null) experiments[0] = ExperimentsWindow.open(state.stage, files::openRun);
            else experiments[0].toFront();
        });
        MenuItem quit = item("Quit", new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN), () -> {
            a.autosaving().closedCleanly();
            state.stage.close();
        });
        Menu file = new Menu("File", null, open, openDefault, new SeparatorMenuItem(), save, saveAs, saveScenario, export,
                exportAnimation, new SeparatorMenuItem(), experimentsItem, new SeparatorMenuItem(), quit);

        // Plain-key shortcuts are handled by the scene's key filter (so they never fire while
        // typing in a field); the menu only shows them.
        Stepping stepping = a.stepping();
        TimeTravel travel = a.travel();
        Menu run = new Menu("Run", null,
                hinted("Play / Pause", "Space", a.player()::toggle),
                hinted("Step one round", "→", stepping::stepRound),
                hinted("Step one action", "Shift+→", stepping::stepAction),
                hinted("Reset", "R", a.lifecycle()::reset));
        MenuItem explore = item("Explore from here…", new KeyCodeCombination(KeyCode.K, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
                () -> {
                    if (state.session != null) ExploreDialog.open(state, stepping, a.failures(), a.autosaving(), a.status());
                });
        explore.setId("explore-from-here");
        c.manualItem.setOnAction(e -> {
            if (!state.syncing) a.manual().setManual(c.manualItem.isSelected());
        });
        Menu time = new Menu("Time", null,
                hinted("Back one action", "←", travel::stepBackAction),
                hinted("Back one round", "Shift+←", travel::stepBackRound),
                hinted("Back to the previous topology change", "Page Up", travel::backToTopologyChange),
                hinted("Forward one action", "Shift+→", stepping::forwardAction),
                hinted("Forward to the next topology change", "Page Down", travel::forwardToTopologyChange),
                hinted("Jump to the start", "Home", travel::jumpToStart),
                hinted("Jump to the end", "End", travel::jumpToEnd),
                hinted("Go to round…", "G", travel::goToRoundDialog));
        run.getItems().addAll(new SeparatorMenuItem(), c.manualItem, hinted("Manual mode on / off", "M", a.manual()::toggleManual),
                new SeparatorMenuItem(), explore);
        c.lectureItem.setAccelerator(new KeyCodeCombination(KeyCode.L, KeyCombination.SHORTCUT_DOWN));
        c.lectureItem.setOnAction(e -> {
            if (!state.syncing) a.view().setLecture(c.lectureItem.isSelected());
        });
        MenuItem clear = hinted("Clear highlight", "Esc", () -> a.selection().highlight(List.of()));
        NodeLayouts layouts = new NodeLayouts(state, a.inputs(), a.status());
        c.layoutMenu.setId("layout-menu");
        c.layoutMenu.getItems().setAll(
                layoutItem("layout-circle", "Circle", KeyCode.C, () -> layouts.apply(NodeLayouts.Kind.CIRCLE)),
                layoutItem("layout-grid", "Grid", KeyCode.G, () -> layouts.apply(NodeLayouts.Kind.GRID)),
                layoutItem("layout-force", "Force-directed", KeyCode.F, () -> layouts.apply(NodeLayouts.Kind.FORCE)),
                c.layoutWhy);
        c.offerLayouts(null); // until a session is shown (SessionDisplay.syncControls)
        Menu view = new Menu("View", null, c.lectureItem, clear, new SeparatorMenuItem(), c.layoutMenu);
        MenuItem keys = item("Keyboard shortcuts", null, () -> Dialogs.info(state.stage, "Lockstep: keyboard", "Keyboard shortcuts", SHORTCUTS));
        MenuItem about = item("About Lockstep", null, () -> Dialogs.info(state.stage, "About Lockstep", "Lockstep " + JarVersion.current(),
                "A deterministic simulator and visualizer of mutual-exclusion protocols on time-varying graphs: LME "
                        + "(Daymude, Richa, Scheideler) and Ricart-Agrawala.\n\nEvery change you make is an adversary input, "
                        + "recorded, so a session replays exactly."));
        Menu help = new Menu("Help", null, keys, about);
        MenuItem showDiagram = item("Space-time diagram", null, () -> a.panels().show("space-time"));
        MenuItem showBreakpoints = item("Breakpoints", null, () -> a.panels().show("breakpoints"));
        view.getItems().addAll(new SeparatorMenuItem(), showDiagram, showBreakpoints);
        MenuBar bar = new MenuBar(file, run, time, view, help);
        bar.setId("menu-bar");
        return bar;
    }

    private static MenuItem item(String text, KeyCombination key, Runnable action) {
        MenuItem m = new MenuItem(text);
        if (key != null) m.setAccelerator(key);
        m.setOnAction(e -> action.run());
        return m;
    }

    private static MenuItem layoutItem(String id, String text, KeyCode key, Runnable action) {
        MenuItem m = item(text, new KeyCodeCombination(key, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN), action);
        m.setId(id);
        return m;
    }

    /** A menu item that shows a plain-key shortcut (handled by the key filter, not as an accelerator). */
    private static MenuItem hinted(String text, String key, Runnable action) {
        Label name = new Label(text);
        Label hint = new Label(key);
        hint.getStyleClass().add("shortcut-hint");
        Region gap = new Region();
        gap.setMinWidth(24);
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox box = new HBox(name, gap, hint);
        box.setPrefWidth(230);
        CustomMenuItem m = new CustomMenuItem(box, true);
        m.setOnAction(e -> action.run());
        return m;
    }
}
